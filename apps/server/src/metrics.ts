import { timingSafeEqual, createHash } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import { appRouter, DIGEST_QUEUE, MAIL_QUEUE, withDeadline } from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import { PUSH_QUEUE } from "@crawlguard/google-calendar";
import { queueStates, WATCHED_QUEUES, type JobFailures, type WatchedQueue } from "@crawlguard/jobs";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { BuildInfo } from "./build-info.js";
import { WEBHOOK_QUEUE } from "./webhook-sender.js";

/** What a scrape may spend on the database (job queues, uploads, pool): the rest is left out. */
const SCRAPE_QUERY_MS = 1500;
/** Readiness answers within 2 s by itself (its checks' deadlines); past that the scrape says not ready. */
const SCRAPE_READINESS_MS = 2000;

/** pg-boss's queues, by the queue the metrics name them after. */
const WATCHED: Record<string, WatchedQueue> = {
  [MAIL_QUEUE]: "mail",
  [DIGEST_QUEUE]: "mail",
  [WEBHOOK_QUEUE]: "webhooks",
  [PUSH_QUEUE]: "calendar",
};

/** A request's route as a label of bounded cardinality, and the procedure it called (either door). */
export interface RouteLabel {
  route: string;
  procedure?: string;
}

interface OpenApiMeta {
  openapi?: { method: string; path: string };
}

/**
 * Labels requests by route template, never by raw path: `/api/leads/{id}` for REST,
 * `/trpc/leads.update` for tRPC, the server's own routes by their pattern, and "(other)" for the
 * rest (pages, unknown paths), so that nobody can grow the series by requesting random URLs.
 */
export function routeLabeler(): (method: string, path: string) => RouteLabel {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>;
  const rest: { method: string; pattern: RegExp; path: string; procedure: string }[] = [];
  for (const [name, proc] of Object.entries(procedures)) {
    const meta = proc._def.meta?.openapi;
    if (!meta) continue;
    const source = meta.path
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    rest.push({ method: meta.method, pattern: new RegExp(`^${source}/?$`), path: meta.path, procedure: name });
  }
  const fixed: [RegExp, string][] = [
    [/^\/api\/health\/live$/, "/api/health/live"],
    [/^\/api\/health\/ready$/, "/api/health/ready"],
    [/^\/api\/openapi\.json$/, "/api/openapi.json"],
    [/^\/api\/docs(\/.*)?$/, "/api/docs"],
    [/^\/uploads\/[^/]+$/, "/uploads/:token"],
    [/^\/media\//, "/media/*"],
    [/^\/assets\//, "/assets/*"],
    [/^\/oauth\/google\/callback$/, "/oauth/google/callback"],
    [/^\/metrics$/, "/metrics"],
    [/^\/auth$/, "/auth"],
    [/^\/contact$/, "/contact"],
  ];
  return (method, path) => {
    if (path.startsWith("/trpc/")) {
      const name = path.slice("/trpc/".length);
      if (name.includes(",")) return { route: "/trpc/(batch)" };
      return name in procedures ? { route: `/trpc/${name}`, procedure: name } : { route: "/trpc/(unknown)" };
    }
    if (path.startsWith("/api/")) {
      const hit = rest.find((r) => r.pattern.test(path) && r.method === method) ?? rest.find((r) => r.pattern.test(path));
      if (hit) return hit.method === method ? { route: hit.path, procedure: hit.procedure } : { route: hit.path };
    }
    for (const [pattern, route] of fixed) if (pattern.test(path)) return { route };
    return { route: path.startsWith("/api/") ? "/api/(unknown)" : "(other)" };
  };
}

export interface MetricsDeps {
  sql: Sql;
  mode: "embedded" | "postgres";
  /** The database client's pool size (postgres.js `max`). */
  poolSize: number;
  /** This instance's application_name on PostgreSQL (its connections in pg_stat_activity). */
  applicationName: string | undefined;
  /** Whether the push queue's tables exist (Google Calendar configured with a token key). */
  pushQueue: boolean;
  /** The same answer as GET /api/health/ready (crawlguard_ready). */
  readiness: () => Promise<{ ready: boolean }>;
  /** Job attempts that failed on this instance (the workers count them). */
  failures: JobFailures;
  build: BuildInfo;
  logger: Logger;
}

export interface Metrics {
  registry: Registry;
  /** Records every request's count and duration (mount first). */
  record: RequestHandler;
  /** GET /metrics on the site's port: bearer METRICS_TOKEN. */
  route(token: string): RequestHandler;
  /** GET /metrics on a port of its own (METRICS_PORT); `token` also required there when set. */
  listen(port: number, host: string, token: string | undefined): Promise<Server>;
}

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());

function bearerOk(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && sameSecret(match[1]!, token);
}

/**
 * A gauge without labels read at scrape time, left out of the answer when the reading fails (a
 * plain gauge without labels always says something, 0 by default, which would read as a fact).
 */
class ReadingGauge extends Gauge {
  constructor(
    config: { name: string; help: string; registers: Registry[] },
    private readonly read: () => Promise<number | null>,
  ) {
    super(config);
  }

  override async get() {
    const [value, metric] = await Promise.all([this.read(), super.get()]);
    return { ...metric, values: value === null ? [] : [{ value, labels: {} }] };
  }
}

/** One run of `read` at a time: the gauges of a scrape share it, and a later scrape joins one still hung instead of adding another. */
function sharedReading<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= read().finally(() => {
      running = null;
    }));
}

/**
 * Prometheus metrics with prom-client: one registry per server (tests run several in one process).
 * Request counts and durations by route and status; Node's defaults under their standard names
 * (process_*, nodejs_*, event-loop lag among them); this instance's readiness, build and failed
 * job attempts; and, read from the database at scrape time (so every instance reports the same
 * shared state), the job queues (mail, webhooks, calendar pushes), disabled webhook endpoints,
 * gallery uploads by state and the pool. Each database reading has a deadline: a hung database
 * leaves its series out of the answer, it never holds the scrape.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const labelOf = routeLabeler();
  const requests = new Counter({
    name: "crawlguard_http_requests_total",
    help: "HTTP requests answered, by method, route template and status (aborted: the client left first)",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const durations = new Histogram({
    name: "crawlguard_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template and status",
    labelNames: ["method", "route", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploads = new Counter({
    name: "crawlguard_gallery_uploads_total",
    help: "Gallery upload steps seen by this instance: link (upload started), bytes (PUT to this server), processing (completion), by outcome (ok, refused: 4xx, failed: 5xx or cut)",
    labelNames: ["step", "outcome"],
    registers: [registry],
  });
  const loginThrottled = new Counter({
    name: "crawlguard_login_throttled_total",
    help: "Sign-ins refused by login throttling (429), by door (rest, trpc, form)",
    labelNames: ["door"],
    registers: [registry],
  });
  for (const step of ["link", "bytes", "processing"]) for (const outcome of ["ok", "refused", "failed"]) uploads.inc({ step, outcome }, 0);
  for (const door of ["rest", "trpc", "form"]) loginThrottled.inc({ door }, 0);

  const query = async <T>(what: string, run: () => PromiseLike<T>): Promise<T | null> => {
    try {
      return await withDeadline(Promise.resolve(run()), SCRAPE_QUERY_MS, what);
    } catch (err) {
      deps.logger.warn({ err, metric: what }, "metrics: a database reading was left out");
      return null;
    }
  };

  new Gauge({
    name: "crawlguard_build_info",
    help: "The running build: the server's version, its commit (BUILD_COMMIT or the checkout's HEAD; unknown) and Node's version; always 1",
    labelNames: ["version", "commit", "node"],
    registers: [registry],
  }).set({ version: deps.build.version, commit: deps.build.commit, node: deps.build.node }, 1);
  new Gauge({
    name: "crawlguard_ready",
    help: "1 while this instance is ready for traffic (GET /api/health/ready answers 200), else 0",
    registers: [registry],
    async collect() {
      const answer = await withDeadline(deps.readiness(), SCRAPE_READINESS_MS, "readiness").catch(() => null);
      this.set(answer?.ready ? 1 : 0);
    },
  });

  const readQueues = sharedReading(async () => {
    const states = await queueStates(deps.sql, WATCHED);
    const [endpoints] = await deps.sql<{ disabled: number }[]>`SELECT count(*)::int AS disabled FROM webhook_endpoints WHERE NOT enabled`;
    return { states, disabledEndpoints: endpoints?.disabled ?? 0 };
  });
  // Shared too: the three gauges of a scrape wait for one deadline and log one warning.
  const queues = sharedReading(() => query("job queues", readQueues));
  type QueueState = NonNullable<Awaited<ReturnType<typeof queues>>>["states"][(typeof WATCHED_QUEUES)[number]];
  /** A gauge per queue read from the scrape's one shared reading (left out when the database does not answer). */
  const queueGauge = (name: string, help: string, value: (state: QueueState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"],
      registers: [registry],
      async collect() {
        this.reset();
        const read = await queues();
        if (read) for (const queue of WATCHED_QUEUES) this.set({ queue }, value(read.states[queue]));
      },
    });
  queueGauge(
    "crawlguard_jobs_queued",
    "Jobs not finished, all instances, by queue (mail, webhooks, calendar): due, running, or waiting for their time (a retry's backoff, a reminder)",
    (state) => state.queued,
  );
  queueGauge(
    "crawlguard_jobs_oldest_age_seconds",
    "How long the job due the longest has waited since it became due, all instances, by queue (0 when none is due)",
    (state) => state.oldestDueSeconds,
  );
  new Counter({
    name: "crawlguard_jobs_failed_total",
    help: "Job attempts that failed on this instance, by queue (a mail not sent, a webhook delivery not accepted, a calendar push not made); sum over instances",
    labelNames: ["queue"],
    registers: [registry],
    collect() {
      this.reset();
      for (const queue of WATCHED_QUEUES) this.inc({ queue }, deps.failures.count(queue));
    },
  });
  new ReadingGauge(
    {
      name: "crawlguard_webhook_endpoints_disabled",
      help: "Webhook endpoints that receive nothing because they are disabled: by the sender after failing for the retry window, or by an administrator",
      registers: [registry],
    },
    async () => (await queues())?.disabledEndpoints ?? null,
  );

  new Gauge({
    name: "crawlguard_push_queue_depth",
    help: "Google Calendar pushes waiting (state created or retry) or running (active), all instances",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      if (!deps.pushQueue) return;
      const rows = await query("push queue depth", () =>
        deps.sql.unsafe<{ state: string; n: number }[]>(
          `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed' GROUP BY state`,
          [PUSH_QUEUE],
        ),
      );
      this.set({ state: "waiting" }, 0);
      this.set({ state: "active" }, 0);
      for (const row of rows ?? []) this.inc({ state: row.state === "active" ? "active" : "waiting" }, row.n);
    },
  });
  new Gauge({
    name: "crawlguard_push_queue_oldest_job_age_seconds",
    help: "Age of the oldest Google Calendar push that is due and not done (0 when none)",
    registers: [registry],
    async collect() {
      if (!deps.pushQueue) return this.set(0);
      const rows = await query("push queue age", () =>
        deps.sql.unsafe<{ age: number | null }[]>(
          `SELECT extract(epoch FROM now() - min(created_on))::float8 AS age FROM pgboss.job
           WHERE name = $1 AND state < 'completed' AND start_after <= now()`,
          [PUSH_QUEUE],
        ),
      );
      this.set(rows?.[0]?.age ?? 0);
    },
  });
  new Gauge({
    name: "crawlguard_gallery_uploads",
    help: "Gallery uploads by state, all instances (pending, receiving, received, processing, ready, discarded)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await query(
        "gallery uploads",
        () => deps.sql<{ state: string; n: number }[]>`SELECT state, count(*)::int AS n FROM gallery_uploads GROUP BY state`,
      );
      for (const state of ["pending", "receiving", "received", "processing", "ready", "discarded"]) this.set({ state }, 0);
      for (const row of rows ?? []) this.set({ state: row.state }, row.n);
    },
  });
  new Gauge({
    name: "crawlguard_db_pool_size",
    help: "Connections this instance's database client may open (the embedded database: one)",
    registers: [registry],
    collect() {
      this.set(deps.poolSize);
    },
  });
  new Gauge({
    name: "crawlguard_db_pool_connections",
    help: "This instance's open database connections by state (PostgreSQL's pg_stat_activity: active, idle, idle in transaction)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      if (deps.mode !== "postgres" || !deps.applicationName) return;
      const name = deps.applicationName;
      const rows = await query(
        "database pool",
        () =>
          deps.sql<{ state: string | null; n: number }[]>`
          SELECT state, count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${name} GROUP BY state`,
      );
      for (const state of ["active", "idle", "idle in transaction"]) this.set({ state }, 0);
      // The connection running this reading counts as active: it is part of the pool's use.
      for (const row of rows ?? []) this.set({ state: row.state ?? "unknown" }, row.n);
    },
  });

  const observe = (req: Request, res: Response, start: bigint) => {
    const path = (req.originalUrl ?? req.url).split("?")[0] ?? "/";
    const { route, procedure } = labelOf(req.method, path);
    const status = res.writableFinished ? String(res.statusCode) : "aborted";
    const labels = { method: req.method, route, status };
    requests.inc(labels);
    durations.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);

    const code = res.statusCode;
    const outcome = !res.writableFinished || code >= 500 ? "failed" : code >= 400 ? "refused" : "ok";
    if (procedure === "gallery.upload") uploads.inc({ step: "link", outcome });
    else if (procedure === "gallery.completeUpload") uploads.inc({ step: "processing", outcome });
    else if (route === "/uploads/:token" && req.method === "PUT") uploads.inc({ step: "bytes", outcome });
    if (code === 429) {
      if (procedure === "auth.login") loginThrottled.inc({ door: path.startsWith("/trpc/") ? "trpc" : "rest" });
      else if (route === "/auth" && req.method === "POST") loginThrottled.inc({ door: "form" });
    }
  };

  const serve = async (res: Response | ServerResponse) => {
    const body = await registry.metrics();
    res.statusCode = 200;
    res.setHeader("Content-Type", registry.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.end(body);
  };

  return {
    registry,
    record(req, res, next) {
      const start = process.hrtime.bigint();
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        observe(req, res, start);
      };
      res.once("finish", finish);
      res.once("close", finish);
      next();
    },
    route(token) {
      return (req: Request, res: Response, next: NextFunction) => {
        if (req.path !== "/metrics") return next();
        if (req.method !== "GET" && req.method !== "HEAD") return next();
        if (!bearerOk(req.get("authorization"), token)) {
          res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
          res.status(401).json({ message: "GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.", code: "UNAUTHORIZED" });
          return;
        }
        serve(res).catch(next);
      };
    },
    async listen(port, host, token) {
      const server = createServer((req, res) => {
        const path = (req.url ?? "/").split("?")[0];
        if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
          res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: metrics are at GET /metrics\n");
          return;
        }
        if (token !== undefined && !bearerOk(req.headers.authorization, token)) {
          res.writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": 'Bearer realm="metrics"' }).end("Unauthorized\n");
          return;
        }
        serve(res).catch((err: unknown) => {
          deps.logger.error({ err }, "metrics: scrape failed");
          if (!res.headersSent) res.writeHead(500).end();
        });
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, resolve);
      });
      return server;
    },
  };
}
