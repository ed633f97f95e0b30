import type { IncomingMessage, ServerResponse } from "node:http";
import type { Auth, Cookie, SessionUser } from "@crawlguard/auth";
import type { Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import type { Logger } from "./logger.js";
import type { GoogleCalendar } from "./google-calendar/google-calendar.js";
import { actingAs, NO_EVENTS, type EventSink } from "./domain-events.js";
import type { WebhookJobs, WebhookSettings } from "./webhooks/webhooks.js";
import { authenticateApiKey, bearerToken, type ApiKeyIdentity } from "./api-keys/api-keys.js";
import { recordApiKeyCall } from "./api-keys/calls.js";
import { DomainError } from "./errors.js";

/** The slice of a pino logger the procedures use (its own module: services import it too). */
export type { Logger };

export interface ApiConfig {
  /**
   * "invitation": after the first account (the admin), only with an administrator's invitation;
   * "open": anyone may register (REGISTRATION=open, for a closed network).
   */
  registration: "open" | "invitation";
  /** Cloudflare Turnstile secret; when set, contact submissions must carry a valid token. */
  turnstileSecretKey?: string | undefined;
  /** Where Turnstile tokens are verified (overridable for tests). */
  turnstileVerifyUrl?: string;
  /** Minimum milliseconds between showing and submitting the contact form. */
  contactMinElapsedMs: number;
  /** Accepted contact submissions per IP per 10 minutes. */
  contactRateLimit: number;
  /** IANA zone of every wall-clock date and time (BUSINESS_TIME_ZONE, ADR 009), e.g. America/New_York. */
  businessTimeZone: string;
  /** E-mail: whether SMTP_URL is set, and OFFICE_NOTIFY_EMAILS. */
  mail?: { configured: boolean; officeEmails?: string | undefined };
}

/** Webhooks (ADR 030): the settings, the delivery queue, and a wake-up for this instance's sender. */
export interface WebhooksDeps {
  settings: WebhookSettings;
  jobs: WebhookJobs;
  nudge(): void;
  /** Starts the delivery queue (outside any transaction) before the first endpoint exists. */
  ready(): Promise<void>;
}

/** What the server provides once, at start. */
export interface ContextDeps {
  sql: Sql;
  auth: Auth;
  config: ApiConfig;
  /** Where gallery files live (filesystem or S3-compatible). */
  storage: ObjectStorage;
  /** The Google Calendar connection and pushes (unconfigured when GOOGLE_CLIENT_ID is unset). */
  google: GoogleCalendar;
  /** Domain events (ADR 028): subscribers queue their jobs in the change's transaction. */
  events?: EventSink;
  webhooks: WebhooksDeps;
  clientIp(req: IncomingMessage): string;
  /**
   * The REST door's check of a request's query string (rest-query.ts): the 400 to answer for
   * parameters its operation does not take, or null. Unset: nothing is checked.
   */
  queryCheck?(req: IncomingMessage): DomainError | null;
  /** This server's origin as the client reached it (PUBLIC_URL when set), for absolute links. */
  origin(req: IncomingMessage): string;
  logger(req: IncomingMessage): Logger;
}

export interface Context {
  sql: Sql;
  auth: Auth;
  config: ApiConfig;
  storage: ObjectStorage;
  google: GoogleCalendar;
  events: EventSink;
  webhooks: WebhooksDeps;
  log: Logger;
  ip: string;
  origin: string;
  req: IncomingMessage;
  user: SessionUser | null;
  sessionId: string | null;
  /**
   * The API key the request was made with (`Authorization: Bearer`, ADR 029); `user` is then its
   * creator and the session cookie, if any, is not read.
   */
  apiKey: ApiKeyIdentity | null;
  /** Why the request's API key was refused (unknown, revoked, expired): every procedure answers it (401). */
  credentialError: DomainError | null;
  setCookie(cookie: Cookie): void;
  /** Sets a header field of the answer (RateLimit fields, Idempotent-Replayed, WWW-Authenticate). */
  setHeader(name: string, value: string): void;
  /** The 400 for query parameters the called operation does not take (REST door), answered after the key is counted. */
  queryError: DomainError | null;
}

/** Builds the per-request context for both doors (/trpc and /api share it). */
export function createContextFactory(deps: ContextDeps) {
  return async ({ req, res }: { req: IncomingMessage; res: ServerResponse }): Promise<Context> => {
    const setCookie = (cookie: Cookie) => res.appendHeader("Set-Cookie", cookie.serialize());
    const setHeader = (name: string, value: string) => {
      if (!res.headersSent) res.setHeader(name, value);
    };
    const base = {
      sql: deps.sql,
      auth: deps.auth,
      config: deps.config,
      storage: deps.storage,
      google: deps.google,
      events: deps.events ?? NO_EVENTS,
      webhooks: deps.webhooks,
      log: deps.logger(req),
      ip: deps.clientIp(req),
      origin: deps.origin(req),
      req,
      setCookie,
      setHeader,
      queryError: deps.queryCheck?.(req) ?? null,
    };
    // A bearer key is the request's only credential: the cookie is not read (the CSRF guard still
    // refuses a cross-site change that carries the cookie, whatever else the request carries).
    const key = bearerToken(req.headers.authorization);
    if (key !== null) {
      try {
        const { apiKey, user } = await authenticateApiKey(deps.sql, key);
        recordCallWhenAnswered({ sql: deps.sql, req, res, apiKeyId: apiKey.id, clientAddress: base.ip, log: base.log });
        return { ...base, events: actingAs(base.events, user.id), user, sessionId: null, apiKey, credentialError: null };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return { ...base, user: null, sessionId: null, apiKey: null, credentialError: error };
      }
    }
    const token = deps.auth.readToken(req.headers.cookie);
    const validated = token ? await deps.auth.validate(token) : null;
    if (validated?.cookie) setCookie(validated.cookie);
    if (token && !validated) setCookie(deps.auth.blankCookie());
    return {
      ...base,
      // Events name who made the change (the office is not mailed about its own actions).
      events: validated ? actingAs(base.events, validated.user.id) : base.events,
      user: validated?.user ?? null,
      sessionId: validated?.session.id ?? null,
      apiKey: null,
      credentialError: null,
    };
  };
}

/**
 * The key's audit list (api-keys/calls.ts): the call is recorded once its answer has been sent,
 * with the status the client got. A failure to record is logged, never the request's.
 */
function recordCallWhenAnswered({
  sql,
  req,
  res,
  apiKeyId,
  clientAddress,
  log,
}: {
  sql: Sql;
  req: IncomingMessage;
  res: ServerResponse;
  apiKeyId: string;
  clientAddress: string;
  log: Logger;
}): void {
  // Express keeps the whole path in originalUrl (a door's mount point is stripped from url).
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  res.once("finish", () => {
    const call = { apiKeyId, method: req.method ?? "GET", path, status: res.statusCode, clientAddress, at: new Date() };
    recordApiKeyCall(sql, call).catch((err: unknown) => log.warn({ err, apiKeyId }, "API key call not recorded"));
  });
}
