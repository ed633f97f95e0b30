import { createServer, type Server } from "node:http";
import path from "node:path";
import { pino, type Logger } from "pino";
import { sweepGalleryUploads } from "@crawlguard/api";
import { createAuth } from "@crawlguard/auth";
import { openDatabase, secureDataDir, type Database } from "@crawlguard/db";
import { createStorage, type ObjectStorage } from "@crawlguard/storage";
import { createApp } from "./app.js";
import { startGoogleCalendar, type GoogleCalendarRuntime } from "./google-calendar.js";
import { answerInOrder } from "./client-errors.js";
import { loadEnv, storageConfig, type Env } from "./env.js";
import { developmentWeb, productionWeb, type WebApp } from "./web.js";
import { redactingLoggerOptions } from "./log-redaction.js";

/** Unfinished uploads' raw bytes go within minutes of their link expiring (issue #20 §4). */
const SWEEP_INTERVAL_MS = 60_000;

export interface RunningServer {
  server: Server;
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** Google Calendar: the service and its push worker. */
  google: GoogleCalendarRuntime;
  url: string;
  stop(): Promise<void>;
}

/** Opens the database (migrating it), mounts everything and listens. */
export async function startServer({
  dev = false,
  env = loadEnv(),
  withWeb = true,
}: { dev?: boolean; env?: Env; withWeb?: boolean } = {}): Promise<RunningServer> {
  // Secrets never reach the log (log-redaction.ts, issue 20 §5).
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "crawlguard" }, ...redactingLoggerOptions });
  // Owner-only, also when it already existed: the embedded database, google-token.key, files/.
  await secureDataDir(path.resolve(env.DATA_DIR));
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  logger.info({ mode: db.mode, applied: db.applied }, "database ready");
  const auth = createAuth({ sql: db.sql, secure: env.PUBLIC_URL?.startsWith("https://") ?? false });
  await auth.deleteExpiredSessions();

  const server = createServer();
  let web: WebApp | undefined;
  const webOptions = { publicUrl: env.PUBLIC_URL, turnstileSiteKey: env.TURNSTILE_SITE_KEY, formSecret: env.CONTACT_FORM_SECRET };
  if (withWeb) web = dev ? await developmentWeb(server, webOptions, logger) : await productionWeb(webOptions, logger);
  answerInOrder(server);
  const storage = createStorage(storageConfig(env));
  logger.info({ storage: storage.kind }, "file storage ready");
  const google = await startGoogleCalendar({ env, sql: db.sql, logger });
  server.on("request", createApp({ env, sql: db.sql, auth, logger, storage, web, google: google.service }));
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info({ url, mode: db.mode, node: process.versions.node }, "CrawlGuard is listening");
  if (env.REGISTRATION === "open") {
    logger.warn(
      { registration: env.REGISTRATION },
      "REGISTRATION=open: anyone who reaches /auth can create a staff account; use it only on a closed network",
    );
  }
  if (!env.PUBLIC_URL) {
    // Still starts (a first try on a laptop needs no settings), but says what production needs (issue 20 §5).
    logger.warn(
      { url },
      "PUBLIC_URL is not set: canonical URLs, the sitemap, the OpenAPI servers and the Google redirect URI echo each request's Host header; " +
        "set PUBLIC_URL to the site's public address (README, production checklist)",
    );
  }
  if (google.service.configured) {
    // The owner registers this in the Google Cloud console (README, "Google Calendar").
    logger.info({ redirectUri: google.service.redirectUri(url) }, "Google Calendar: authorized redirect URI");
  } else if (google.service.unavailableReason && env.GOOGLE_CLIENT_ID) {
    logger.warn({ reason: google.service.unavailableReason }, "Google Calendar is unavailable");
  }

  // Unfinished uploads go minutes after their link expires, unused ones after a day (ADR 013);
  // every instance may sweep, each step is idempotent; one sweep at a time per instance.
  let sweeping: Promise<void> | null = null;
  const sweep = () =>
    (sweeping ??= sweepGalleryUploads(db.sql, storage)
      .then(
        (swept) => (swept.expired || swept.removed || swept.cleared ? logger.info(swept, "gallery uploads swept") : undefined),
        (err: unknown) => logger.warn({ err }, "gallery upload sweep failed"),
      )
      .finally(() => {
        sweeping = null;
      }));
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  void sweep();

  let stopping: Promise<void> | null = null;
  const stop = () => {
    // Stop accepting, let in-flight requests finish, then close the database.
    stopping ??= (async () => {
      clearInterval(sweeper);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(force);
      await web?.close();
      await sweeping;
      // The push worker and its queue use the database: they stop first.
      await google.stop();
      await db.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  return { server, db, storage, logger, google, url, stop };
}

/**
 * A promise rejection nobody handles is a bug: log it loudly with its stack instead of letting
 * Node end the process (and the public site with it) over one request.
 */
export function logUnhandledRejections(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  });
}

export function stopOnSignals(running: RunningServer): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      running.logger.info({ signal }, "shutting down");
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          running.logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
