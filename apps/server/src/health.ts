import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { freshFlight, withDeadline, type GoogleCalendar } from "@crawlguard/api";
import { migrationsDir, type Sql } from "@crawlguard/db";
import type { ObjectStorage } from "@crawlguard/storage";
import { Router, type Response } from "express";
import type { Logger } from "pino";

/** Every health answer comes within 2 s: each check gets this long, all run at once. */
export const CHECK_DEADLINE_MS = 1500;
/** A storage probe writes an object: a good result is reused this long (load balancers probe every few seconds). */
const STORAGE_OK_TTL_MS = 15_000;
/** A failed probe is tried again after this long. */
const STORAGE_FAILED_TTL_MS = 2_000;
/** At start the storage may take longer to answer its first request (TLS, DNS). */
const STARTUP_STORAGE_DEADLINE_MS = 10_000;

/** "ok", or a word or two saying what is wrong ("unavailable", "no answer", "pending", "key mismatch"). */
export type CheckResult = string;

export interface StorageStatus {
  ok: boolean;
  /** Why not, for the log (the SDK's message: bucket missing, connection refused...). */
  reason?: string;
}

export interface HealthDeps {
  sql: Sql;
  storage: ObjectStorage;
  google: GoogleCalendar;
  /** True from SIGTERM on (shutdown.ts). */
  draining: () => boolean;
  logger: Logger;
}

export interface Health {
  router: Router;
  /** At start: probes the storage once; a failure is logged as an error and leaves the instance not ready. */
  checkStorageAtStart(): Promise<StorageStatus>;
  /** The readiness answer (the route's body), for tests and the start-up log. */
  readiness(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }>;
}

/**
 * GET /api/health/live and GET /api/health/ready (ADR 021). Live: the process answers
 * (its event loop turns). Ready: an application query on the app's own tables, every migration this
 * build knows applied, the object storage reachable and writable (a probe object written, read back
 * and deleted), and not draining. Each check has a deadline, so a hung database gives a 503 within
 * 2 s. GOOGLE_TOKEN_KEY differing from the one the connection was stored with is reported (not
 * ready for Google work) without taking the instance out of rotation. Anonymous like /api/health:
 * the answers name checks and their state, never an error's text (that goes to the log).
 */
export async function createHealth(deps: HealthDeps): Promise<Health> {
  const migrations = (await readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const probeKey = `health/${randomUUID()}.probe`;
  let storageStatus: { at: number; status: StorageStatus } | null = null;
  let lastLogged: string | null = null;

  const probeStorage = async (): Promise<StorageStatus> => {
    try {
      const body = Buffer.from(`crawlguard readiness probe ${new Date().toISOString()}`);
      await deps.storage.put(probeKey, body, "text/plain");
      const size = await deps.storage.size(probeKey);
      if (size !== body.length) return { ok: false, reason: `the probe object reads back as ${size} bytes, not ${body.length}` };
      await deps.storage.delete([probeKey]);
      return { ok: true };
    } catch (err) {
      return { ok: false, reason: describe(err) };
    }
  };
  const storageFlight = freshFlight(async () => {
    const status = await withDeadline(probeStorage(), CHECK_DEADLINE_MS, "object storage").catch((err: unknown): StorageStatus => ({
      ok: false,
      reason: describe(err),
    }));
    storageStatus = { at: Date.now(), status };
    return status;
  }, CHECK_DEADLINE_MS);
  const storageCheck = async (): Promise<StorageStatus> => {
    const cached = storageStatus;
    if (cached && Date.now() - cached.at < (cached.status.ok ? STORAGE_OK_TTL_MS : STORAGE_FAILED_TTL_MS)) return cached.status;
    return storageFlight();
  };

  const databaseFlight = freshFlight(async () => {
    // The app's own tables: the migrations it ran and one row of its users (the plan is an index probe).
    const [row] = await deps.sql<{ applied: number }[]>`
      SELECT (SELECT count(*) FROM schema_migrations WHERE name = ANY(${migrations}))::int AS applied,
             EXISTS (SELECT 1 FROM users) AS any_user`;
    return row?.applied ?? 0;
  }, CHECK_DEADLINE_MS);

  const readiness = async () => {
    const [database, storage, google] = await Promise.all([
      withDeadline(databaseFlight(), CHECK_DEADLINE_MS, "database").then(
        (applied) => ({ ok: true as const, applied }),
        (err: unknown) => ({ ok: false as const, reason: describe(err) }),
      ),
      storageCheck(),
      withDeadline(deps.google.readiness(), CHECK_DEADLINE_MS, "google calendar").catch(() => "unknown" as const),
    ]);
    const checks: Record<string, CheckResult> = {
      database: database.ok ? "ok" : database.reason.includes("no answer within") ? "no answer" : "unavailable",
      migrations: !database.ok ? "unknown" : database.applied === migrations.length ? "ok" : "pending",
      storage: storage.ok ? "ok" : "unavailable",
      draining: deps.draining() ? "yes" : "no",
      googleCalendar: google,
    };
    const ready = checks.database === "ok" && checks.migrations === "ok" && checks.storage === "ok" && !deps.draining();
    const problems = [
      !database.ok ? `database: ${database.reason}` : null,
      database.ok && checks.migrations !== "ok" ? `migrations: ${database.applied} of ${migrations.length} applied` : null,
      !storage.ok ? `object storage (${deps.storage.kind}): ${storage.reason}` : null,
    ].filter((p): p is string => p !== null);
    // Logged when the reasons change, not at every probe.
    const summary = problems.join("; ");
    if (summary !== (lastLogged ?? "")) {
      if (summary) deps.logger.error({ problems }, "not ready");
      else if (lastLogged) deps.logger.info({}, "ready again");
      lastLogged = summary;
    }
    return { ready, checks };
  };

  const answer = (res: Response, status: number, body: unknown) => {
    res.status(status).setHeader("Cache-Control", "no-store");
    res.json(body);
  };

  const router = Router();
  router.get("/api/health/live", (_req, res) => {
    answer(res, 200, { status: "ok" });
  });
  router.get("/api/health/ready", (_req, res, next) => {
    readiness().then(({ ready, checks }) => answer(res, ready ? 200 : 503, { status: ready ? "ready" : "not ready", checks }), next);
  });

  return {
    router,
    readiness,
    async checkStorageAtStart() {
      const status = await withDeadline(probeStorage(), STARTUP_STORAGE_DEADLINE_MS, "object storage").catch(
        (err: unknown): StorageStatus => ({ ok: false, reason: describe(err) }),
      );
      storageStatus = { at: Date.now(), status };
      return status;
    },
  };
}

/** An error's message, or its name or code when it has none (some SDK errors carry only those). */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown; Code?: unknown }).code ?? (err as { Code?: unknown }).Code;
  const message = err.message || err.name;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}
