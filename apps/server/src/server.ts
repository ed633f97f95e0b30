import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pino, type Logger } from "pino";
import { DomainEvents, ensureQuoteSettings, sweepGalleryUploads } from "@crawlguard/api";
import { createAuth } from "@crawlguard/auth";
import { openDatabase, secureDataDir, type Database } from "@crawlguard/db";
import { JobFailures, startJobs, type Jobs } from "@crawlguard/jobs";
import { createStorage, type ObjectStorage } from "@crawlguard/storage";
import { createApp } from "./app.js";
import { buildInfo } from "./build-info.js";
import { startGoogleCalendar, type GoogleCalendarRuntime } from "./google-calendar-worker.js";
import { startMail, type MailRuntime } from "./mail-worker.js";
import { answerInOrder } from "./client-errors.js";
import { loadEnv, storageConfig, type Env } from "./env.js";
import { createHealth } from "./health.js";
import { createMetrics } from "./metrics.js";
import { configureKeepAlive, connectionDrain } from "./shutdown.js";
import { blamed } from "./startup-errors.js";
import { startWebhooks, type WebhooksRuntime } from "./webhook-sender.js";
import { developmentWeb, productionWeb, PUBLIC_PAGES_CHANNEL, type WebApp } from "./web.js";
import { redactingLoggerOptions } from "./log-redaction.js";

/** Unfinished uploads' raw bytes go within minutes of their link expiring. */
const SWEEP_INTERVAL_MS = 60_000;

export interface RunningServer {
  server: Server;
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
  /** The process's one pg-boss (started when a queue first needs it): every queue's jobs. */
  jobs: Jobs;
  /** Domain events: the mail and the webhooks subscribe here (in the change's transaction, ADR 028). */
  events: DomainEvents;
  /** Google Calendar: the service and its push worker. */
  google: GoogleCalendarRuntime;
  /** E-mail: the subscriber and its worker (idle without SMTP_URL). */
  mail: MailRuntime;
  /** Webhooks: the delivery queue, its subscriber and sender (ADR 030). */
  webhooks: WebhooksRuntime;
  url: string;
  /** SHUTDOWN_GRACE_SECONDS. */
  graceSeconds: number;
  /** True from the start of a stop (SIGTERM): readiness answers 503. */
  draining(): boolean;
  /** The separate metrics server (METRICS_PORT), when there is one. */
  metricsServer?: Server;
  /** The public site (pages and their render cache), when served. */
  web?: WebApp | undefined;
  stop(): Promise<void>;
}

/** Opens the database (migrating it), mounts everything and listens. */
export async function startServer({
  dev = false,
  env = loadEnv(),
  withWeb = true,
}: { dev?: boolean; env?: Env; withWeb?: boolean } = {}): Promise<RunningServer> {
  // Secrets never reach the log (log-redaction.ts).
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "crawlguard" }, ...redactingLoggerOptions });
  // Owner-only, also when it already existed: the embedded database, google-token.key, files/.
  await blamed("DATA_DIR", "the data directory cannot be used", () => secureDataDir(path.resolve(env.DATA_DIR)));
  // This instance's connections in pg_stat_activity (the metrics' pool use).
  const applicationName = `crawlguard-${os.hostname().slice(0, 30)}-${process.pid}-${randomBytes(3).toString("hex")}`;
  // A bad DATABASE_URL (or an unusable DATA_DIR) is one log line naming it, not a stack.
  const db = await blamed(
    env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR",
    env.DATABASE_URL ? "cannot open the PostgreSQL database" : "cannot open the embedded database",
    () =>
      openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir: path.resolve(env.DATA_DIR),
        applicationName,
        // A connection that went silent (no FIN or RST) is destroyed and replaced; said once per connection.
        onConnectionDropped: (reason) => logger.warn({ component: "database", reason }, "database connection dropped"),
      }),
  );
  logger.info({ mode: db.mode, applied: db.applied }, "database ready");
  const auth = createAuth({ sql: db.sql, secure: env.PUBLIC_URL?.startsWith("https://") ?? false });
  await auth.deleteExpiredSessions();
  // The quote settings and their link secret exist before the first request: no request writes them.
  await ensureQuoteSettings(db.sql);

  const server = createServer();
  // SIGTERM: Connection: close, finish what is in flight, stop listening, idle connections end without a race (ADR 021).
  const drain = connectionDrain(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 });
  let web: WebApp | undefined;
  const webOptions = { publicUrl: env.PUBLIC_URL, turnstileSiteKey: env.TURNSTILE_SITE_KEY, formSecret: env.CONTACT_FORM_SECRET };
  if (withWeb) web = dev ? await developmentWeb(server, webOptions, logger) : await productionWeb(webOptions, logger);
  // Cached public pages go when what they show changes, on every instance (migration 0013, ADR 024).
  // Listening (again, after a lost connection) drops them too: a change may have gone unheard.
  const pagesListener = web?.invalidatePages
    ? await db.listen(
        PUBLIC_PAGES_CHANNEL,
        () => web?.invalidatePages?.(),
        () => web?.invalidatePages?.(),
      )
    : undefined;
  answerInOrder(server);
  const storage = createStorage(storageConfig(env));
  logger.info({ storage: storage.kind }, "file storage ready");
  // One pg-boss for every queue (Google pushes, mail, webhooks; ADR 028), each with its own queue and settings.
  const jobs = startJobs({
    databaseUrl: env.DATABASE_URL,
    sql: db.sql,
    pool: db.nodePostgres,
    superviseSeconds: env.JOBS_SUPERVISE_SECONDS,
    onError: (err) => logger.warn({ err, component: "jobs" }, "job queue error"),
  });
  const events = new DomainEvents();
  // Every worker counts its failed attempts here (the metrics' crawlguard_jobs_failed_total).
  const failures = new JobFailures();
  const webhooks = await startWebhooks({ env, sql: db.sql, jobs, events, logger, failures });
  const google = await blamed("GOOGLE_TOKEN_KEY", "the Google Calendar token key cannot be used", () =>
    startGoogleCalendar({ env, sql: db.sql, jobs, logger, failures }),
  );
  // Subscribed before the server listens: no change goes unheard. Links use PUBLIC_URL (else this server's URL).
  let ownUrl = "http://localhost";
  const mail = await startMail({ env, sql: db.sql, jobs, events, logger, url: () => ownUrl, failures });
  if (!mail.configured) logger.info({}, 'SMTP_URL is not set: no e-mail is sent (docs/operations.md, "E-mail notifications")');
  const health = await createHealth({ sql: db.sql, storage, google: google.service, draining: () => drain.draining, logger });
  // Configured but unreachable, a missing bucket, no write access: said now, and the instance is not ready.
  const storageAtStart = await health.checkStorageAtStart();
  if (!storageAtStart.ok) {
    logger.error(
      {
        storage: storage.kind,
        variable: storage.kind === "s3" ? "S3_BUCKET" : "DATA_DIR",
        ...(storage.kind === "s3" ? { bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT ?? `AWS (${env.S3_REGION})` } : {}),
        reason: storageAtStart.reason,
      },
      storage.kind === "s3"
        ? "S3 storage is not usable (unreachable, bucket missing or not writable): gallery uploads and photos fail, and /api/health/ready answers 503 until it is"
        : "the file storage under DATA_DIR is not writable: /api/health/ready answers 503 until it is",
    );
  }
  const metrics =
    env.METRICS_TOKEN || env.METRICS_PORT
      ? createMetrics({
          sql: db.sql,
          mode: db.mode,
          poolSize: db.poolSize,
          applicationName: db.mode === "postgres" ? applicationName : undefined,
          pushQueue: google.service.queue !== null,
          readiness: () => health.readiness(),
          failures,
          build: buildInfo(env.BUILD_COMMIT),
          logger,
        })
      : undefined;
  server.on(
    "request",
    createApp({
      env,
      sql: db.sql,
      auth,
      logger,
      storage,
      web,
      google: google.service,
      events,
      webhooks: webhooks.deps,
      operations: {
        health: health.router,
        metrics,
        // With METRICS_PORT, /metrics is served there only.
        metricsToken: env.METRICS_PORT ? undefined : env.METRICS_TOKEN,
      },
    }),
  );
  // Keep-Alive: timeout=5 advertised, idle connections held 65 s (past the proxies' 60 s); ADR 021.
  configureKeepAlive(server);

  await blamed(
    "PORT",
    `cannot listen on ${env.HOST}:${env.PORT}`,
    () =>
      new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(env.PORT, env.HOST, resolve);
      }),
  );
  const metricsServer =
    metrics && env.METRICS_PORT
      ? await blamed("METRICS_PORT", `cannot listen on ${env.HOST}:${env.METRICS_PORT}`, () =>
          metrics.listen(env.METRICS_PORT!, env.HOST, env.METRICS_TOKEN),
        )
      : undefined;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  ownUrl = url;
  logger.info({ url, mode: db.mode, node: process.versions.node }, "CrawlGuard is listening");
  if (env.REGISTRATION === "open") {
    logger.warn(
      { registration: env.REGISTRATION },
      "REGISTRATION=open: anyone who reaches /auth can create a staff account; use it only on a closed network",
    );
  }
  if (!env.PUBLIC_URL) {
    // Still starts (a first try on a laptop needs no settings), but says what production needs.
    logger.warn(
      { url },
      "PUBLIC_URL is not set: canonical URLs, the sitemap, the OpenAPI servers and the Google redirect URI echo each request's Host header; " +
        "set PUBLIC_URL to the site's public address (docs/configuration.md, production checklist)",
    );
  }
  if (google.service.configured) {
    // The owner registers this in the Google Cloud console (docs/operations.md, "Google Calendar").
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
        (swept) =>
          swept.expired || swept.removed || swept.cleared || swept.partials ? logger.info(swept, "gallery uploads swept") : undefined,
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
    // ADR 021: readiness 503 at once; no new connections; idle ones closed; requests
    // and uploads in flight finish (up to SHUTDOWN_GRACE_SECONDS) with Connection: close; the push
    // worker takes no more jobs and gives back the ones it claimed but did not start. Then the
    // queue and the database close.
    stopping ??= (async () => {
      const started = Date.now();
      clearInterval(sweeper);
      const [{ forced }] = await Promise.all([drain.drain(), google.pause(), mail.pause(), webhooks.pause(), sweeping]);
      if (forced > 0) {
        logger.warn({ forced, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, "requests still running after the shutdown grace were cut");
      }
      if (metricsServer) {
        const closed = new Promise<void>((resolve) => metricsServer.close(() => resolve()));
        metricsServer.closeAllConnections();
        await closed;
      }
      await pagesListener?.unlisten().catch(() => {});
      await web?.close();
      // Requests that queue pushes have finished: the queue and then the database can close.
      await google.stop();
      await mail.stop();
      await jobs.stop();
      await db.close();
      logger.info({ ms: Date.now() - started }, "stopped");
    })();
    return stopping;
  };
  return {
    server,
    db,
    storage,
    logger,
    jobs,
    events,
    google,
    mail,
    webhooks,
    url,
    graceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    draining: () => drain.draining,
    metricsServer,
    web,
    stop,
  };
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
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) {
        // A second Ctrl-C is someone who wants out now; a repeated SIGTERM does not cut the drain short (the grace does).
        if (signal === "SIGINT") process.exit(130);
        return running.logger.info({ signal }, "already shutting down");
      }
      stopping = true;
      running.logger.info({ signal, graceSeconds: running.graceSeconds }, "shutting down: draining connections");
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
