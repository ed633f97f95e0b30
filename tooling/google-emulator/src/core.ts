import { type CalendarStore, type StoredEvent } from "./calendar-store.js";
import { type FaultController, type Faults } from "./faults.js";
import { type OAuthStore, type Revocation, type TokenSummary } from "./oauth-store.js";

/** One emulator's settings and state, shared by the route handlers. */
export interface EmulatorCore {
  /** The origin the emulator answers on, e.g. http://127.0.0.1:4010 (htmlLinks point there). */
  baseUrl: string;
  /** The Google account every consent grants. */
  accountEmail: string;
  /** Consent is given without showing the consent page. */
  autoApprove: boolean;
  oauth: OAuthStore;
  calendars: CalendarStore;
  faults: FaultController;
}

/** What `GET /__emulator/state` and `emulator.state()` report. */
export interface EmulatorState {
  accountEmail: string;
  faults: Faults;
  /** Every event of every calendar (deleted ones with status "cancelled"); `primary` is listed under the account email. */
  events: StoredEvent[];
  tokens: { access: TokenSummary[]; refresh: TokenSummary[] };
  /** Every successful call of the revoke endpoint, oldest first (which token, whose grant, when). */
  revocations: Revocation[];
}

/** A snapshot of the emulator's state, for tests to inspect. */
export function snapshotState(core: EmulatorCore): EmulatorState {
  return {
    accountEmail: core.accountEmail,
    faults: core.faults.get(),
    events: core.calendars.snapshot(),
    tokens: core.oauth.summary(),
    revocations: core.oauth.revocations(),
  };
}

/** Back to a fresh start: no grants, tokens, events, and every fault switch off. */
export function resetCore(core: EmulatorCore): void {
  core.oauth.reset();
  core.calendars.reset();
  core.faults.clear();
}
