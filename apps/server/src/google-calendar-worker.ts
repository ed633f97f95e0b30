import { randomBytes } from "node:crypto";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { DomainError, GoogleCalendar, type Context } from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import { pollingWorker, type JobFailures, type Jobs } from "@crawlguard/jobs";
import {
  GOOGLE_REDIRECT_PATH,
  googleEndpoints,
  loadTokenKey,
  PushQueue,
  TokenCipher,
  type GoogleSettings,
} from "@crawlguard/google-calendar";
import { GOOGLE_CALENDAR_CHANNEL, GOOGLE_CALENDAR_MESSAGE_TYPE } from "@crawlguard/validators";
import { Router, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { Env } from "./env.js";

/** Expired OAuth states are swept this often. */
const STATE_SWEEP_MS = 10 * 60_000;
/** Rounds of pushes one wake-up may run (each round claims up to 10). */
const MAX_ROUNDS = 50;

export interface GoogleCalendarRuntime {
  service: GoogleCalendar;
  /** Runs pushes until none is due (tests drive the worker with it). */
  drain(): Promise<number>;
  /** The worker takes no more jobs; resolves when the round under way has ended (its unstarted jobs given back). */
  pause(): Promise<void>;
  /** pause(), then the queue's heartbeat stops (the shared pg-boss stops with the server, after every queue). */
  stop(): Promise<void>;
}

function settingsFrom(env: Env): GoogleSettings | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    calendarId: env.GOOGLE_CALENDAR_ID,
    endpoints: googleEndpoints(env.GOOGLE_API_BASE_URL),
  };
}

/**
 * Google Calendar for this process: the settings, the token key (ADR 014), the push queue on
 * pg-boss, and the worker loop that pushes queued appointments. Without GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET nothing starts and every call answers "not configured".
 */
export async function startGoogleCalendar({
  env,
  sql,
  jobs,
  logger,
  failures,
}: {
  env: Env;
  sql: Sql;
  jobs: Jobs;
  logger: Logger;
  /** Where a failed push is counted. */
  failures?: JobFailures;
}): Promise<GoogleCalendarRuntime> {
  const settings = settingsFrom(env);
  let cipher: TokenCipher | null = null;
  let unavailableReason: string | null = null;
  let queue: PushQueue | null = null;
  const log = logger.child({ component: "google-calendar" });

  if (settings) {
    const { key, source } = await loadTokenKey({
      envKey: env.GOOGLE_TOKEN_KEY,
      dataDir: path.resolve(env.DATA_DIR),
      embedded: !env.DATABASE_URL,
    });
    if (source.kind === "missing") {
      unavailableReason = source.reason;
      log.error({}, source.reason);
    } else if (source.kind === "file" && source.created) {
      log.info({ file: source.path }, "Google Calendar: generated the token encryption key (back it up with the data directory)");
    }
    if (key) {
      cipher = new TokenCipher(key);
      queue = await PushQueue.start({
        boss: await jobs.boss(),
        sql,
        retryBaseSeconds: env.GOOGLE_PUSH_RETRY_SECONDS,
      });
    }
  }

  const service = new GoogleCalendar({
    sql,
    settings,
    unavailableReason,
    cipher,
    queue,
    timeZone: env.BUSINESS_TIME_ZONE,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ""),
    log,
    onPushFailed: (pushes) => failures?.add("calendar", pushes),
  });

  let lastSweep = 0;
  // Without a queue (Google not configured, or no token key) there is nothing to push: no loop.
  const worker = queue
    ? pollingWorker({
        // Once stopping, the jobs claimed but not started go back to the queue.
        round: (paused) => service.runPushes(paused),
        pollMs: env.GOOGLE_PUSH_POLL_MS,
        maxRounds: MAX_ROUNDS,
        onError: (err) => log.warn({ err }, "calendar push round failed"),
        afterRounds: async () => {
          if (Date.now() - lastSweep <= STATE_SWEEP_MS) return;
          lastSweep = Date.now();
          await service.sweepStates();
        },
      })
    : null;

  service.onNudge(() => worker?.schedule(0));
  worker?.schedule(0);
  if (cipher) {
    // Says at start when this instance's key is not the connection's (the service logs it).
    const readiness = await service.readiness().catch(() => null);
    if (readiness === "key mismatch") log.warn({}, "Google Calendar: this instance does not push appointments (token key mismatch)");
  }

  const pause = async () => {
    await worker?.pause();
  };

  return {
    service,
    drain: () => worker?.drain() ?? Promise.resolve(0),
    pause,
    async stop() {
      await pause();
      await queue?.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The OAuth popup's landing page

/** What a staff (non-admin) session gets on the landing page: connecting is for admins. */
const ADMIN_ONLY_MESSAGE = "Only an administrator can connect Google Calendar.";

interface PopupResult {
  type: typeof GOOGLE_CALENDAR_MESSAGE_TYPE;
  ok: boolean;
  message: string;
  /** Only when this page could not finish (no session here): the opener finishes with POST /api/calendar/callback. */
  code?: string;
  state?: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function landingPage(result: PopupResult, nonce: string): string {
  // JSON inside <script>: "<" escaped so no text can close the element.
  const data = JSON.stringify(result).replace(/</g, "\\u003c");
  const title = result.ok ? "Google Calendar connected" : "Google Calendar not connected";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} — CrawlGuard</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#1a202c}h1{font-size:1.25rem}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(result.message)}</p>
<p>This window closes by itself; if it does not, close it and return to CrawlGuard.</p>
</main>
<script type="application/json" id="google-calendar-result">${data}</script>
<script nonce="${nonce}">
(function () {
  var result = JSON.parse(document.getElementById("google-calendar-result").textContent);
  var told = false;
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(result, window.location.origin);
      told = true;
    }
  } catch (e) {}
  if (!told && "BroadcastChannel" in window) {
    try {
      var channel = new BroadcastChannel(${JSON.stringify(GOOGLE_CALENDAR_CHANNEL)});
      channel.postMessage(result);
      channel.close();
      told = true;
    } catch (e) {}
  }
  setTimeout(function () { window.close(); }, told ? 300 : 3000);
})();
</script>
</body>
</html>`;
}

const first = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined;

/**
 * GET /oauth/google/callback: where Google sends the popup back. With the session cookie here it
 * finishes the connection itself; then it tells the opener (postMessage to this origin only, or a
 * BroadcastChannel when the opener is out of reach) and closes. Its own headers: an opener policy
 * that keeps `window.opener` (helmet's same-origin-allow-popups would sever it on the way back
 * from Google), a CSP that runs only its own script (nonce), no caching, no referrer (the URL
 * carries the code).
 */
export function googleCallbackRoute({
  google,
  createContext,
}: {
  google: GoogleCalendar;
  createContext: (opts: { req: IncomingMessage; res: ServerResponse }) => Promise<Context>;
}): Router {
  const router = Router();
  router.get(GOOGLE_REDIRECT_PATH, async (req: Request, res: Response) => {
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Cross-Origin-Opener-Policy", "unsafe-none");
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");

    const code = first(req.query.code);
    const state = first(req.query.state);
    const error = first(req.query.error);
    let result: PopupResult;
    let forbidden = false;
    if (error || !code || !state) {
      const denied = error === "access_denied";
      result = {
        type: GOOGLE_CALENDAR_MESSAGE_TYPE,
        ok: false,
        message: denied
          ? "Access to Google Calendar was not granted."
          : "Google did not send an authorization code. Connect Google Calendar again.",
      };
    } else {
      const ctx = await createContext({ req, res });
      if (!ctx.user || !ctx.sessionId) {
        // No session in this window: the opener (signed in) finishes with POST /api/calendar/callback.
        result = { type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: false, message: "Finishing the connection in CrawlGuard…", code, state };
      } else if (!ctx.user.isAdmin) {
        // Admin-only like POST /api/calendar/callback, and before anything else is checked.
        forbidden = true;
        result = { type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: false, message: ADMIN_ONLY_MESSAGE };
      } else {
        try {
          await google.completeAuthorization({ userId: ctx.user.id, sessionId: ctx.sessionId }, { code, state });
          result = { type: GOOGLE_CALENDAR_MESSAGE_TYPE, ok: true, message: "Google Calendar is connected and ready." };
        } catch (err) {
          if (!(err instanceof DomainError)) req.log.error({ err }, "Google Calendar authorization failed");
          result = {
            type: GOOGLE_CALENDAR_MESSAGE_TYPE,
            ok: false,
            message: err instanceof DomainError ? err.message : "Failed to complete Google Calendar authorization.",
          };
        }
      }
    }
    res
      .status(result.ok || result.code ? 200 : forbidden ? 403 : 400)
      .type("html")
      .send(landingPage(result, nonce));
  });
  return router;
}
