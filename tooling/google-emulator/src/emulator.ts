import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";
import { handleAdmin } from "./admin-routes.js";
import { handleCalendar, showEvent } from "./calendar-routes.js";
import { CalendarStore } from "./calendar-store.js";
import { resetCore, snapshotState, type EmulatorCore, type EmulatorState } from "./core.js";
import { HttpError } from "./errors.js";
import { FaultController } from "./faults.js";
import { sendHtml, sendJson, type RequestContext } from "./http.js";
import { answerConsent, authorize, issueToken, revokeToken, tokeninfo, userinfo } from "./oauth-routes.js";
import { OAuthStore, type OAuthClient } from "./oauth-store.js";

/** The client the emulator knows when no `clients` are given (also the CLI's default). */
export const DEFAULT_CLIENT: OAuthClient = { clientId: "emulator-client-id", clientSecret: "emulator-client-secret" };
export const DEFAULT_ACCOUNT_EMAIL = "office@crawlguard.test";

export interface GoogleEmulatorOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The OAuth clients Google knows; default [DEFAULT_CLIENT]. */
  clients?: OAuthClient[];
  /** The Google account that signs in and grants access; default office@crawlguard.test. */
  accountEmail?: string;
  /** Grant consent without showing the consent page; default true. */
  autoApprove?: boolean;
  /** Lifetime of access tokens; default 3600 (Google's). */
  accessTokenTtlSeconds?: number;
  /** Lifetime of authorization codes; default 600. */
  codeTtlSeconds?: number;
}

/** A running emulator. */
export interface GoogleEmulator {
  /** Its origin, e.g. http://127.0.0.1:4010: what the product's GOOGLE_API_BASE_URL is set to. */
  url: string;
  /** The fault switches: `faults.set({ calendarFailure: { status: 503, count: 1 } })`, `faults.clear()`. */
  faults: FaultController;
  /** A snapshot of events, tokens and switches. */
  state(): EmulatorState;
  /** Expires every live access token now (refresh tokens keep working); returns how many. */
  expireAccessTokens(): number;
  /**
   * Changes the Google account that signs in from now on (as if the browser were signed in to
   * another account): the next consent grants `email`'s calendar. Tokens already issued keep theirs.
   */
  signInAs(email: string): void;
  /** Forgets every grant, token and event and turns the faults off. */
  reset(): void;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

async function route(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const { pathname } = ctx.url;
  if (pathname.startsWith("/calendar/v3/")) return handleCalendar(core, ctx);
  if (pathname.startsWith("/__emulator/")) return handleAdmin(core, ctx);
  switch (`${ctx.req.method} ${pathname}`) {
    case "GET /":
      return sendJson(ctx.res, 200, { emulator: "google", accountEmail: core.accountEmail, autoApprove: core.autoApprove });
    case "GET /o/oauth2/v2/auth":
      return authorize(core, ctx);
    case "POST /o/oauth2/v2/auth/consent":
      return answerConsent(core, ctx);
    case "POST /token":
      return issueToken(core, ctx);
    case "POST /revoke":
      return revokeToken(core, ctx);
    case "GET /oauth2/v3/userinfo":
    case "POST /oauth2/v3/userinfo":
      return userinfo(core, ctx);
    case "GET /oauth2/v3/tokeninfo":
    case "POST /oauth2/v3/tokeninfo":
    case "GET /tokeninfo":
    case "POST /tokeninfo":
      return tokeninfo(core, ctx);
    case "GET /calendar/event":
      return showEvent(core, ctx);
    default:
      throw new HttpError(404, { error: "not_found", error_description: `The emulator has no endpoint ${ctx.req.method} ${pathname}` });
  }
}

async function handle(core: EmulatorCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await route(core, { req, res, url: new URL(req.url ?? "/", core.baseUrl) });
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    if (!(error instanceof HttpError)) {
      console.error("google-emulator: unexpected error", error);
      return sendJson(res, 500, { error: { code: 500, message: "Internal error in the Google emulator" } });
    }
    if (typeof error.body === "string") sendHtml(res, error.status, error.body, error.headers);
    else sendJson(res, error.status, error.body, error.headers);
  }
}

function origin(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Starts a Google OAuth 2.0 + Calendar v3 emulator on a real HTTP port. Its state lives in
 * memory and dies with it; each test can start its own on port 0.
 */
export async function startGoogleEmulator(options: GoogleEmulatorOptions = {}): Promise<GoogleEmulator> {
  const host = options.host ?? "127.0.0.1";
  const core: EmulatorCore = {
    baseUrl: "",
    accountEmail: options.accountEmail ?? DEFAULT_ACCOUNT_EMAIL,
    autoApprove: options.autoApprove ?? true,
    oauth: new OAuthStore({
      clients: options.clients ?? [DEFAULT_CLIENT],
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
      codeTtlSeconds: options.codeTtlSeconds ?? 600,
    }),
    calendars: new CalendarStore(),
    faults: new FaultController(),
  };
  const server = createServer((req, res) => void handle(core, req, res));
  // Tell clients 5 s (`Keep-Alive: timeout=5`) but keep an idle connection a minute: a client that
  // reuses one at the 5 s mark on a loaded machine then finds it open, instead of a "socket hang up".
  server.keepAliveTimeout = 5_000;
  server.keepAliveTimeoutBuffer = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  core.baseUrl = origin(host, (server.address() as AddressInfo).port);
  return {
    url: core.baseUrl,
    faults: core.faults,
    state: () => snapshotState(core),
    expireAccessTokens: () => core.oauth.expireAccessTokens(),
    signInAs: (email: string) => {
      core.accountEmail = email;
    },
    reset: () => resetCore(core),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
