import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "@crawlguard/db";
import {
  CalendarClient,
  GoogleCalendarError,
  accountEmail as lookUpAccountEmail,
  authorizationUrl,
  exchangeCode,
  redirectUriFor,
  revokeTokens,
  type GoogleSettings,
  type PushQueue,
  type StoredTokens,
  type TokenCipher,
} from "@crawlguard/google-calendar";
import type { GoogleCalendarStatus } from "@crawlguard/validators";
import type { Logger } from "../logger.js";
import { DomainError } from "../errors.js";
import type { Queryable } from "../queryable.js";

/*
 * Google Calendar (ADR 014): the business's one connection, and the push of every
 * appointment to its calendar. A change to an appointment queues a push in the same transaction
 * (the lead is saved whatever Google does); the worker pushes the lead as it is when the push runs.
 */
export const NOT_CONFIGURED_MESSAGE =
  "Google Calendar is not configured on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (an OAuth client of the Google Cloud console " +
  'with the Calendar API enabled and this server\'s redirect URI registered), then restart. docs/operations.md, "Google Calendar", walks through it.';
export const NOT_CONNECTED_MESSAGE = "Google Calendar is not connected. Connect it in the Google Calendar tab.";
export const NEEDS_RECONNECT_MESSAGE =
  "Google no longer accepts the calendar connection. Reconnect Google Calendar in the Google Calendar tab.";
export const BAD_STATE_MESSAGE =
  "This authorization was not started from this session, was already used or has expired (10 minutes). Connect Google Calendar again.";
export const KEY_MISMATCH_MESSAGE =
  "This server's GOOGLE_TOKEN_KEY is not the key the Google Calendar connection was stored with: set the same GOOGLE_TOKEN_KEY on every " +
  "instance and restart this one (or reconnect Google Calendar, which stores the connection under this server's key).";
export const EVENT_ADDED_MESSAGE = "Appointment has been added to your Google Calendar.";
export const NO_APPOINTMENT_MESSAGE = "This lead has no scheduled appointment to add to Google Calendar.";
export const LOST_LEAD_MESSAGE = "This lead is lost: its appointment is cancelled, so it is not added to Google Calendar.";

/** How long a connection under way may take (the state's life). */
const STATE_TTL_MS = 10 * 60_000;
export interface GoogleCalendarOptions {
  sql: Sql;
  /** Null when GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET are unset. */
  settings: GoogleSettings | null;
  /** Configured but unusable (no token key with PostgreSQL): the reason, shown to people. */
  unavailableReason: string | null;
  cipher: TokenCipher | null;
  queue: PushQueue | null;
  timeZone: string;
  /** PUBLIC_URL: the redirect URI's origin when set (else the request's). */
  publicUrl: string | undefined;
  log: Logger;
  /** The worker's pushes that failed (Google unavailable or refusing, tokens not refreshed), as they fail. */
  onPushFailed?: (pushes: number) => void;
}

interface ConnectionRow {
  tokensEncrypted: string;
  accountEmail: string | null;
  connectedByName: string | null;
  connectedAt: Date;
  needsReconnect: boolean;
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Which token key encrypted the tokens (TokenCipher.fingerprint); null when stored before migration 0012. */
  tokenKeyFingerprint: string | null;
}

/** What this instance can do of Google work (GET /api/health/ready's googleCalendar). */
export type GoogleReadiness = "ok" | "not configured" | "unavailable" | "not connected" | "needs reconnect" | "key mismatch";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The business's one Google connection: status, connecting and disconnecting, the stored tokens
 * and the calendar client made from them. GoogleCalendar (google-calendar.ts) adds the reading of
 * events and the pushes on top of it.
 */
export class GoogleConnection {
  protected readonly sql: Sql;
  protected readonly settings: GoogleSettings | null;
  protected readonly cipher: TokenCipher | null;
  readonly queue: PushQueue | null;
  protected readonly timeZone: string;
  private readonly publicUrl: string | undefined;
  protected readonly log: Logger;
  protected readonly onPushFailed: (pushes: number) => void;
  readonly unavailableReason: string | null;
  private wake: (() => void) | null = null;
  /** The connection's fingerprint this instance last logged as not its key's (logged once per value). */
  private loggedMismatch: string | null = null;

  constructor(options: GoogleCalendarOptions) {
    this.sql = options.sql;
    this.settings = options.settings;
    this.cipher = options.cipher;
    this.queue = options.queue;
    this.timeZone = options.timeZone;
    this.publicUrl = options.publicUrl;
    this.log = options.log;
    this.onPushFailed = options.onPushFailed ?? (() => {});
    this.unavailableReason = options.settings ? options.unavailableReason : NOT_CONFIGURED_MESSAGE;
  }

  /** Configured and able to keep tokens: connecting is possible. */
  get configured(): boolean {
    return this.settings !== null && this.cipher !== null && this.unavailableReason === null;
  }

  redirectUri(origin: string): string {
    return redirectUriFor(this.publicUrl ?? origin);
  }

  /** The worker's wake-up call (set by the worker loop); changes call `nudge()` after they commit. */
  onNudge(wake: () => void): void {
    this.wake = wake;
  }

  nudge(): void {
    this.wake?.();
  }

  // -------------------------------------------------------------------------------------------
  // Status and connecting

  protected async connectionRow(sql: Queryable = this.sql): Promise<ConnectionRow | null> {
    const [row] = await sql<ConnectionRow[]>`
      SELECT c.tokens_encrypted, c.account_email, u.username AS connected_by_name, c.connected_at, c.needs_reconnect, c.last_error, c.last_error_at,
             c.token_key_fingerprint
      FROM google_calendar_connection c LEFT JOIN users u ON u.id = c.connected_by`;
    return row ?? null;
  }

  async status(origin: string): Promise<GoogleCalendarStatus> {
    const row = this.settings ? await this.connectionRow() : null;
    const pendingPushes = row && this.queue ? await this.queue.pending(this.sql) : 0;
    const keyMismatch = row !== null && this.configured && !(await this.keyMatches(row));
    return {
      authenticated: this.configured && row !== null && !row.needsReconnect && !keyMismatch,
      configured: this.configured,
      setupMessage: this.configured ? null : this.unavailableReason,
      account: row?.accountEmail ?? null,
      connectedBy: row?.connectedByName ?? null,
      connectedAt: row?.connectedAt.toISOString() ?? null,
      needsReconnect: row?.needsReconnect ?? false,
      pendingPushes,
      lastError: keyMismatch ? KEY_MISMATCH_MESSAGE : (row?.lastError ?? null),
      lastErrorAt: keyMismatch ? null : (row?.lastErrorAt?.toISOString() ?? null),
      redirectUri: this.redirectUri(origin),
    };
  }

  private requireConfigured(): { settings: GoogleSettings; cipher: TokenCipher } {
    if (!this.configured || !this.settings || !this.cipher)
      throw new DomainError("conflict", this.unavailableReason ?? NOT_CONFIGURED_MESSAGE);
    return { settings: this.settings, cipher: this.cipher };
  }

  /** The consent page's URL, with a state bound to the caller's session: single use, 10 minutes. */
  async authUrl(who: { userId: string; sessionId: string }, origin: string): Promise<{ authUrl: string }> {
    const { settings } = this.requireConfigured();
    const state = randomBytes(32).toString("base64url");
    const redirectUri = this.redirectUri(origin);
    await this.sql`
      INSERT INTO google_oauth_states (state_hash, session_id, user_id, redirect_uri, expires_at)
      VALUES (${sha256(state)}, ${who.sessionId}, ${who.userId}, ${redirectUri}, ${new Date(Date.now() + STATE_TTL_MS)})`;
    return { authUrl: authorizationUrl(settings, redirectUri, state) };
  }

  /**
   * Completes a connection: the state must be this session's, unused and fresh (it is used up
   * here); the code is exchanged, the tokens stored encrypted, and every future appointment queued
   * (a reconnection catches up what waited). A bad state stores nothing.
   */
  async completeAuthorization(who: { userId: string; sessionId: string }, input: { code: string; state: string }): Promise<void> {
    const { settings, cipher } = this.requireConfigured();
    const [claimed] = await this.sql<{ redirectUri: string }[]>`
      DELETE FROM google_oauth_states
      WHERE state_hash = ${sha256(input.state)} AND session_id = ${who.sessionId} AND expires_at > now()
      RETURNING redirect_uri`;
    if (!claimed) throw new DomainError("bad-input", BAD_STATE_MESSAGE);

    let tokens: StoredTokens;
    try {
      tokens = await exchangeCode(settings, claimed.redirectUri, input.code);
    } catch (error) {
      throw this.domainErrorOf(error, "Google Calendar authorization failed");
    }
    const email = await lookUpAccountEmail(settings, tokens);
    const previous = await this.connectionRow();
    await this.sql`
      INSERT INTO google_calendar_connection (singleton, tokens_encrypted, token_key_fingerprint, account_email, connected_by, connected_at, needs_reconnect, last_error, last_error_at, updated_at)
      VALUES (true, ${cipher.encrypt(JSON.stringify(tokens))}, ${cipher.fingerprint}, ${email}, ${who.userId}, now(), false, NULL, NULL, now())
      ON CONFLICT (singleton) DO UPDATE SET
        tokens_encrypted = EXCLUDED.tokens_encrypted, token_key_fingerprint = EXCLUDED.token_key_fingerprint, account_email = EXCLUDED.account_email,
        connected_by = EXCLUDED.connected_by, connected_at = now(), needs_reconnect = false, last_error = NULL, last_error_at = NULL, updated_at = now()`;
    this.log.info({ account: email, replaced: previous !== null }, "Google Calendar connected");
    if (previous) await this.revokeReplaced(previous, email);
    const queued = await this.queueFutureAppointments();
    if (queued > 0) this.nudge();
  }

  /**
   * A connection was replaced: the old grant is revoked at Google (best effort), so the tokens the
   * server no longer keeps stop working wherever a copy of them may be. Not when the new connection
   * is the same Google account: Google revokes a whole grant (every token of this client for that
   * account), which would revoke the tokens just received. An account unknown on either side is
   * treated as another account.
   */
  private async revokeReplaced(previous: ConnectionRow, newAccount: string | null): Promise<void> {
    const sameAccount =
      newAccount !== null && previous.accountEmail !== null && newAccount.toLowerCase() === previous.accountEmail.toLowerCase();
    if (sameAccount || !this.settings) return;
    const tokens = this.cipher && (await this.keyMatches(previous)) ? this.decryptTokens(previous) : null;
    if (!tokens) return;
    await revokeTokens(this.settings, tokens).then(
      () => this.log.info({ account: previous.accountEmail }, "Google Calendar: revoked the grant of the replaced connection"),
      (error: unknown) =>
        this.log.warn(
          { account: previous.accountEmail, reason: error instanceof Error ? error.message : "unknown" },
          "Google did not confirm the revocation of the replaced connection's grant",
        ),
    );
  }

  /** Revokes the grant at Google (best effort) and forgets the tokens; events already in Google stay. */
  async disconnect(): Promise<{ success: true; message: string }> {
    const row = this.settings ? await this.connectionRow() : null;
    if (!row) return { success: true, message: "Google Calendar is not connected." };
    const tokens = this.cipher ? this.decryptTokens(row) : null;
    if (tokens && this.settings) {
      await revokeTokens(this.settings, tokens).catch((error: unknown) =>
        this.log.warn(
          { reason: error instanceof Error ? error.message : "unknown" },
          "Google did not confirm the revocation; tokens forgotten anyway",
        ),
      );
    }
    await this.sql`DELETE FROM google_calendar_connection`;
    // A later connection (maybe another account) gets every appointment again.
    await this.sql`UPDATE leads SET google_calendar_event_id = NULL, google_calendar_pushed_hash = NULL
                   WHERE google_calendar_event_id IS NOT NULL OR google_calendar_pushed_hash IS NOT NULL`;
    this.log.info({}, "Google Calendar disconnected");
    return { success: true, message: "Google Calendar has been disconnected." };
  }

  private decryptTokens(row: ConnectionRow): StoredTokens | null {
    try {
      return JSON.parse(this.cipher!.decrypt(row.tokensEncrypted)) as StoredTokens;
    } catch {
      return null;
    }
  }

  /**
   * The connection a client was made for, by when it was connected (to the millisecond, as the
   * Date read holds it). A client still working when an admin replaces the connection (its grant
   * then revoked) must not write its tokens over the new ones, nor mark the new one as needing
   * reconnecting when its own old grant fails.
   */
  private readonly connectionOf = new WeakMap<CalendarClient, Date>();

  private sameConnection(sql: Queryable, connectedAt: Date | undefined) {
    return connectedAt ? sql`date_trunc('milliseconds', connected_at) = ${connectedAt}::timestamptz` : sql`true`;
  }

  private async saveTokens(tokens: StoredTokens, connectedAt: Date): Promise<void> {
    if (!this.cipher) return;
    await this.sql`
      UPDATE google_calendar_connection
      SET tokens_encrypted = ${this.cipher.encrypt(JSON.stringify(tokens))}, token_key_fingerprint = ${this.cipher.fingerprint}, updated_at = now()
      WHERE ${this.sameConnection(this.sql, connectedAt)}`;
  }

  protected async recordFailure(error: GoogleCalendarError, from: CalendarClient | Date | undefined): Promise<void> {
    const revoked = error.kind === "revoked";
    const connectedAt = from instanceof Date ? from : from ? this.connectionOf.get(from) : undefined;
    await this.sql`
      UPDATE google_calendar_connection
      SET last_error = ${error.message}, last_error_at = now(), needs_reconnect = needs_reconnect OR ${revoked}, updated_at = now()
      WHERE ${this.sameConnection(this.sql, connectedAt)}`;
    if (revoked) this.log.warn({ reason: error.message }, "Google Calendar needs reconnecting");
  }

  protected async recordSuccess(): Promise<void> {
    await this
      .sql`UPDATE google_calendar_connection SET last_error = NULL, last_error_at = NULL, updated_at = now() WHERE last_error IS NOT NULL`;
  }

  /**
   * Whether this instance's token key is the one the connection was stored with.
   * The stored fingerprint decides; a connection stored before fingerprints (NULL) is tried: the
   * tokens decrypt (then the fingerprint is filled in) or they do not. A mismatch is logged once per
   * stored fingerprint, and nothing is written: the other instances go on with the connection.
   */
  protected async keyMatches(row: ConnectionRow): Promise<boolean> {
    if (!this.cipher) return false;
    let matches: boolean;
    if (row.tokenKeyFingerprint !== null) matches = row.tokenKeyFingerprint === this.cipher.fingerprint;
    else {
      matches = this.decryptTokens(row) !== null;
      if (matches) {
        await this.sql`UPDATE google_calendar_connection SET token_key_fingerprint = ${this.cipher.fingerprint}
                       WHERE token_key_fingerprint IS NULL AND ${this.sameConnection(this.sql, row.connectedAt)}`;
      }
    }
    const stored = row.tokenKeyFingerprint ?? "(none)";
    if (!matches && this.loggedMismatch !== stored) {
      this.loggedMismatch = stored;
      this.log.error(
        { storedKeyFingerprint: stored, thisKeyFingerprint: this.cipher.fingerprint },
        "GOOGLE_TOKEN_KEY differs from the key the Google Calendar connection was stored with: this instance leaves Google work to the others",
      );
    }
    if (matches) this.loggedMismatch = null;
    return matches;
  }

  /** What this instance can do of Google work now (readiness). */
  async readiness(): Promise<GoogleReadiness> {
    if (!this.settings) return "not configured";
    if (!this.configured) return "unavailable";
    const row = await this.connectionRow();
    if (!row) return "not connected";
    if (!(await this.keyMatches(row))) return "key mismatch";
    return row.needsReconnect ? "needs reconnect" : "ok";
  }

  /**
   * A calendar client for the connection, or the domain error saying why there is none (not
   * configured, not connected, needs reconnecting, stored under another token key).
   */
  protected async client(): Promise<CalendarClient> {
    const { settings } = this.requireConfigured();
    const row = await this.connectionRow();
    if (!row) throw new DomainError("conflict", NOT_CONNECTED_MESSAGE);
    if (row.needsReconnect) throw new DomainError("conflict", NEEDS_RECONNECT_MESSAGE);
    // Another instance's key: this one is misconfigured, the connection is fine.
    if (!(await this.keyMatches(row))) throw new DomainError("unavailable", KEY_MISMATCH_MESSAGE);
    const tokens = this.decryptTokens(row);
    if (!tokens) {
      await this.recordFailure(
        new GoogleCalendarError(
          "revoked",
          "The stored Google tokens cannot be read with this server's token key: reconnect Google Calendar",
        ),
        row.connectedAt,
      );
      throw new DomainError("conflict", NEEDS_RECONNECT_MESSAGE);
    }
    const client = new CalendarClient(settings, tokens, (fresh) => {
      this.saveTokens(fresh, row.connectedAt).catch((error: unknown) =>
        this.log.error({ err: error }, "could not store refreshed Google tokens"),
      );
    });
    this.connectionOf.set(client, row.connectedAt);
    return client;
  }

  /** A Google failure as the domain error the caller answers (the failure is recorded for the status first). */
  protected domainErrorOf(error: unknown, action: string): Error {
    if (error instanceof DomainError) return error;
    if (!(error instanceof GoogleCalendarError)) return error instanceof Error ? error : new Error(String(error));
    if (error.kind === "revoked") return new DomainError("conflict", NEEDS_RECONNECT_MESSAGE);
    if (error.kind === "refused" && action === "Google Calendar authorization failed") return new DomainError("bad-input", error.message);
    return new DomainError("unavailable", `${action}: ${error.message}`);
  }

  protected async withGoogle<T>(action: string, work: (client: CalendarClient) => Promise<T>): Promise<T> {
    const client = await this.client();
    try {
      const result = await work(client);
      await this.recordSuccess();
      return result;
    } catch (error) {
      if (error instanceof GoogleCalendarError) await this.recordFailure(error, client);
      throw this.domainErrorOf(error, action);
    }
  }

  /** Queues a push of every future appointment (after a connection or reconnection). */
  protected async queueFutureAppointments(): Promise<number> {
    if (!this.queue) return 0;
    const rows = await this.sql<{ id: string }[]>`SELECT id FROM leads WHERE scheduled_date > now() AND status <> 'lost'`;
    for (const { id } of rows) await this.queue.enqueue(this.sql, id);
    return rows.length;
  }

  /** Forgets connections under way that expired (run now and then by the worker). */
  async sweepStates(): Promise<void> {
    if (!this.settings) return;
    await this.sql`DELETE FROM google_oauth_states WHERE expires_at <= now()`;
  }
}
