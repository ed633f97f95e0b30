// GET /metrics: Prometheus text from prom-client, off unless METRICS_TOKEN (bearer,
// on the site's port) or METRICS_PORT (a port of its own) is set. Request counts and durations by
// route template and status through both doors, Node's own figures under their standard names,
// the build, readiness, the database pool, the push queue's depth and oldest job, gallery uploads
// and their processing, and login throttling. The job queues have their own file (metrics-jobs).
import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { imageOf, NOT_IMAGES } from "@crawlguard/testing/images";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { labelsOf, valueOf } from "@crawlguard/testing/prometheus";
import { freePort } from "@crawlguard/testing/spawn-server";
import { routeLabeler } from "./metrics.js";

const embedded = !process.env.TEST_DATABASE_URL;
const TOKEN = randomBytes(24).toString("base64url");
const SERVER_VERSION = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
/** The checkout's HEAD now (other commits may land while a test runs: read it around the server's start). */
const gitHeadNow = () => execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();

describe("route labels", () => {
  const label = routeLabeler();
  it("names REST paths by template and tRPC calls by procedure, and never echoes an unknown path", () => {
    expect(label("PATCH", `/api/leads/${randomUUID()}`)).toEqual({ route: "/api/leads/{id}", procedure: "leads.update" });
    expect(label("GET", "/api/leads")).toEqual({ route: "/api/leads", procedure: "leads.list" });
    expect(label("POST", "/trpc/auth.login")).toEqual({ route: "/trpc/auth.login", procedure: "auth.login" });
    expect(label("GET", "/trpc/leads.list,leads.get")).toEqual({ route: "/trpc/(batch)" });
    expect(label("GET", "/trpc/no.such")).toEqual({ route: "/trpc/(unknown)" });
    expect(label("GET", "/api/no-such-thing-123")).toEqual({ route: "/api/(unknown)" });
    expect(label("GET", "/some/page/that/does/not/exist")).toEqual({ route: "(other)" });
    expect(label("PUT", "/uploads/secret-token-abc")).toEqual({ route: "/uploads/:token" });
    expect(label("GET", "/api/health/ready")).toEqual({ route: "/api/health/ready" });
  });
});

describe(`metrics (${embedded ? "embedded database" : "PostgreSQL"})`, () => {
  it("is off without METRICS_TOKEN and METRICS_PORT", async () => {
    const srv = await startTestServer();
    try {
      const res = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).not.toBe(200);
      expect(await res.text()).not.toContain("crawlguard_http_requests_total");
    } finally {
      await srv.stop();
    }
  });

  describe("with METRICS_TOKEN", () => {
    let srv: TestServer;
    let admin: ApiClient;
    const scrape = async () => {
      const res = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    beforeAll(async () => {
      srv = await startTestServer({
        METRICS_TOKEN: TOKEN,
        // The push queue exists with Google Calendar configured (no connection needed for these counts).
        GOOGLE_CLIENT_ID: "metrics-test.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "metrics-test-secret",
        GOOGLE_API_BASE_URL: "http://127.0.0.1:9",
        GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64"),
        GOOGLE_PUSH_POLL_MS: "600000",
        BUILD_COMMIT: "3f2c1ab",
      });
      admin = new ApiClient(srv.url);
      expect((await admin.call("rest", "auth.register", newAccount("metrics"))).status).toBe(200);
    });
    afterAll(() => srv.stop());

    it("refuses a scrape without the bearer token, or with another one", async () => {
      for (const headers of [{}, { authorization: "Bearer wrong-token-wrong-token" }, { authorization: `Basic ${TOKEN}` }]) {
        const res = await fetch(`${srv.url}/metrics`, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(await res.text()).not.toContain("crawlguard_");
      }
    });

    it("counts and times requests by route template and status, through both doors", async () => {
      const anonymous = new ApiClient(srv.url);
      const before = await scrape();
      const rest = (status: string) =>
        valueOf(before, "crawlguard_http_requests_total", { method: "GET", route: "/api/leads", status }) ?? 0;
      expect((await anonymous.call("rest", "leads.list")).status).toBe(401);
      expect((await anonymous.call("trpc", "leads.list")).status).toBe(401);
      expect((await admin.call("rest", "leads.list")).status).toBe(200);
      const leadId = randomUUID();
      expect((await admin.call("rest", "leads.delete", { id: leadId })).status).toBe(404);
      await fetch(`${srv.url}/api/no-such-thing-${randomUUID()}`);

      const after = await scrape();
      expect(valueOf(after, "crawlguard_http_requests_total", { method: "GET", route: "/api/leads", status: "401" })).toBe(rest("401") + 1);
      expect(valueOf(after, "crawlguard_http_requests_total", { method: "GET", route: "/api/leads", status: "200" })).toBe(rest("200") + 1);
      expect(valueOf(after, "crawlguard_http_requests_total", { route: "/trpc/leads.list", status: "401" })).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, "crawlguard_http_requests_total", { route: "/api/leads/{id}", status: "404" })).toBeGreaterThanOrEqual(1);
      expect(
        valueOf(after, "crawlguard_http_request_duration_seconds_count", { route: "/api/leads", status: "200" }),
      ).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, "crawlguard_http_request_duration_seconds_sum", { route: "/api/leads", status: "200" })).toBeGreaterThan(0);
      // Raw paths never become labels.
      expect(after).not.toContain(leadId);
      expect(after).not.toContain("no-such-thing");
      expect(valueOf(after, "crawlguard_http_requests_total", { route: "/api/(unknown)" })).toBeGreaterThanOrEqual(1);
    });

    it("reports event-loop lag and Node's process figures under their standard names, and the database pool", async () => {
      const text = await scrape();
      // prom-client's defaults as stock dashboards expect them: no prefix.
      expect(valueOf(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(valueOf(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      expect(text).not.toMatch(/^crawlguard_(nodejs|process)_/m);
      expect(valueOf(text, "crawlguard_db_pool_size")).toBe(embedded ? 1 : 10);
      if (!embedded) {
        // The scrape's own query runs on one of this instance's connections.
        expect(valueOf(text, "crawlguard_db_pool_connections", { state: "active" })).toBeGreaterThanOrEqual(1);
      }
    });

    it("labels no series with the service's name (one process, one service)", async () => {
      const samples = (await scrape()).split("\n").filter((line) => line && !line.startsWith("#"));
      expect(samples.length).toBeGreaterThan(50);
      for (const line of samples) expect(labelsOf(line), line).not.toHaveProperty("service");
    });

    it("says which build runs: the server's version, BUILD_COMMIT and Node's version", async () => {
      const text = await scrape();
      const lines = text.split("\n").filter((line) => line.startsWith("crawlguard_build_info"));
      expect(lines).toHaveLength(1);
      expect(labelsOf(lines[0]!)).toEqual({ version: SERVER_VERSION, commit: "3f2c1ab", node: process.version });
      expect(valueOf(text, "crawlguard_build_info")).toBe(1);
      expect(text).toContain("# TYPE crawlguard_build_info gauge");
    });

    it("says whether the instance is ready, as GET /api/health/ready does", async () => {
      const ready = await fetch(`${srv.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(valueOf(await scrape(), "crawlguard_ready")).toBe(1);
    });

    it("reports the push queue's depth and its oldest due job's age", async () => {
      const queue = srv.running.google.service.queue!;
      const sql = srv.running.db.sql;
      const empty = await scrape();
      expect(valueOf(empty, "crawlguard_push_queue_depth", { state: "waiting" })).toBe(0);
      expect(valueOf(empty, "crawlguard_push_queue_oldest_job_age_seconds")).toBe(0);
      // Two pushes waiting, one of them queued 90 s ago (the worker sleeps: GOOGLE_PUSH_POLL_MS).
      const [a, b] = [randomUUID(), randomUUID()];
      await queue.enqueue(sql, a);
      await queue.enqueue(sql, b);
      await sql.unsafe(`UPDATE pgboss.job SET created_on = now() - interval '90 seconds' WHERE data->>'leadId' = $1`, [a]);
      const text = await scrape();
      expect(valueOf(text, "crawlguard_push_queue_depth", { state: "waiting" })).toBe(2);
      expect(valueOf(text, "crawlguard_push_queue_depth", { state: "active" })).toBe(0);
      const age = valueOf(text, "crawlguard_push_queue_oldest_job_age_seconds")!;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(120);
      await sql.unsafe(`DELETE FROM pgboss.job WHERE data->>'leadId' = ANY($1)`, [[a, b]]);
    });

    it("counts gallery uploads (link, bytes, processing) with their outcomes, and uploads by state", async () => {
      const before = await scrape();
      const count = (text: string, step: string, outcome: string) =>
        valueOf(text, "crawlguard_gallery_uploads_total", { step, outcome }) ?? 0;
      const good = await uploadThrough(admin, "rest", await imageOf("png"));
      expect(good.done?.status).toBe(200);
      const bad = await uploadThrough(admin, "trpc", NOT_IMAGES.html!, "photo.png");
      expect(bad.done?.status ?? bad.put.status).toBeGreaterThanOrEqual(400);
      const after = await scrape();
      expect(count(after, "link", "ok")).toBe(count(before, "link", "ok") + 2);
      expect(count(after, "bytes", "ok")).toBeGreaterThanOrEqual(count(before, "bytes", "ok") + 1);
      expect(count(after, "processing", "ok")).toBe(count(before, "processing", "ok") + 1);
      expect(count(after, "processing", "refused") + count(after, "bytes", "refused")).toBe(
        count(before, "processing", "refused") + count(before, "bytes", "refused") + 1,
      );
      expect(valueOf(after, "crawlguard_gallery_uploads", { state: "ready" })).toBeGreaterThanOrEqual(1);
    });

    it("counts sign-ins refused by login throttling, by door", async () => {
      const account = newAccount("throttled");
      const who = new ApiClient(srv.url, { headers: { "x-forwarded-for": "198.18.7.7" } });
      const before = await scrape();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await who.call("rest", "auth.login", { email: account.email, password: "wrong password 1" })).status);
      expect(statuses).toContain(429);
      const refusedRest = statuses.filter((s) => s === 429).length;
      const trpc = await who.call("trpc", "auth.login", { email: account.email, password: "wrong password 1" });
      expect(trpc.status).toBe(429);
      const after = await scrape();
      const hits = (text: string, door: string) => valueOf(text, "crawlguard_login_throttled_total", { door }) ?? 0;
      expect(hits(after, "rest")).toBe(hits(before, "rest") + refusedRest);
      expect(hits(after, "trpc")).toBe(hits(before, "trpc") + 1);
      expect(valueOf(after, "crawlguard_http_requests_total", { route: "/api/login", status: "429" })).toBe(refusedRest);
    });
  });

  it("with METRICS_PORT: served on that port (bearer too when METRICS_TOKEN is set), not on the site's", async () => {
    const port = await freePort();
    const srv = await startTestServer({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
    try {
      const onSite = await fetch(`${srv.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(onSite.status).not.toBe(200);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("# TYPE crawlguard_http_requests_total counter");
      expect(valueOf(text, "crawlguard_http_requests_total", { route: "(other)", status: "404" }) ?? 0).toBeGreaterThanOrEqual(0);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await srv.stop();
    }
    // The metrics port closes with the server.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it("with METRICS_PORT alone: no token asked; without BUILD_COMMIT the build is the checkout's HEAD", async () => {
    const port = await freePort();
    const headBefore = gitHeadNow();
    const srv = await startTestServer({ METRICS_PORT: String(port) });
    const headAfter = gitHeadNow();
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      const info = labelsOf(text.split("\n").find((line) => line.startsWith("crawlguard_build_info{"))!);
      expect([headBefore, headAfter]).toContain(info.commit);
      expect(info.node).toBe(process.version);
    } finally {
      await srv.stop();
    }
  });
});
