/**
 * The long fuzz run: `npm run fuzz -- --requests 20000`.
 *
 * Starts a server on a fresh embedded database (or a fresh PostgreSQL database with --pg / when
 * TEST_DATABASE_URL is set), or targets a running server with --url, sends the requests, prints
 * a summary and exits 1 when any invariant failed. See docs/development.md "Fuzzing the API".
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { formatReport, runFuzz, type DigestMode } from "./runner.js";

const USAGE = `Usage: npm run fuzz -- [options]

  --requests N        requests to send (default 20000)
  --seed S            fast-check seed (default: FUZZ_SEED or a random one, printed)
  --url URL           fuzz a running server instead of starting one (it should run with
                      TRUST_PROXY=1 and a high CONTACT_RATE_LIMIT, like the e2e server)
  --pg URL            start the server on a fresh database of this PostgreSQL server
                      (default: TEST_DATABASE_URL when set, else the embedded database)
  --admin-email E     with --url, when the server already has its admin
  --admin-password P
  --digest MODE       all | mutations | off: when to compare stored data around requests
                      (default all; mutations with --url, where each digest costs 3 requests)
  --only I,J,...      replay only these request indexes of the seed
  --timeout MS        per request (default 15000)
  --max-failures N    stop after N findings (default: never)
  --report FILE       also write the full report as JSON
  --trace             print every request
  --verbose           also print statuses per transport mutation
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: "string" },
      seed: { type: "string" },
      url: { type: "string" },
      pg: { type: "string" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
      digest: { type: "string" },
      only: { type: "string" },
      timeout: { type: "string" },
      "max-failures": { type: "string" },
      report: { type: "string" },
      trace: { type: "boolean" },
      verbose: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const int = (v: string | undefined, name: string, fallback: number) => {
    if (v === undefined) return fallback;
    const n = Number(v);
    if (!Number.isSafeInteger(n)) fail(`--${name} must be an integer`);
    return n;
  };
  const seed = int(values.seed ?? process.env.FUZZ_SEED, "seed", Math.floor(Math.random() * 2 ** 31));
  const requests = int(values.requests ?? process.env.FUZZ_REQUESTS, "requests", 20_000);
  const only = values.only?.split(",").map((s) => int(s.trim(), "only", 0));
  const digest = (values.digest ?? (values.url ? "mutations" : "all")) as DigestMode;
  if (!["all", "mutations", "off"].includes(digest)) fail("--digest must be all, mutations or off");

  // An exception nothing caught would have ended the server process: record it instead.
  const crashes: string[] = [];
  const onCrash = (kind: string) => (err: unknown) =>
    crashes.push(`${kind}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.on("uncaughtException", onCrash("uncaught exception"));
  process.on("unhandledRejection", onCrash("unhandled rejection"));

  let srv: TestServer | null = null;
  let baseUrl = values.url;
  const configSecrets: string[] = [];
  if (!baseUrl) {
    const pg = values.pg ?? process.env.TEST_DATABASE_URL;
    if (pg) process.env.TEST_DATABASE_URL = pg;
    srv = await startTestServer({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "1000000" });
    baseUrl = srv.url;
    configSecrets.push(srv.testDb.dataDir, ...(srv.testDb.databaseUrl ? [srv.testDb.databaseUrl] : []));
    console.log(
      `Server ${baseUrl} on ${srv.testDb.databaseUrl ? `PostgreSQL (${new URL(srv.testDb.databaseUrl).pathname.slice(1)})` : "the embedded database"}`,
    );
  }
  console.log(
    `Fuzz seed ${seed} (FUZZ_SEED=${seed} or --seed ${seed} reproduces it), ${only ? `replaying ${only.join(",")}` : `${requests} requests`}, digest ${digest}`,
  );

  try {
    const report = await runFuzz({
      baseUrl,
      seed,
      requests,
      ...(only ? { only } : {}),
      ...(srv ? { sql: srv.running.db.sql } : {}),
      digest,
      timeoutMs: int(values.timeout, "timeout", 15_000),
      ...(values["max-failures"] ? { maxFailures: int(values["max-failures"], "max-failures", 0) } : {}),
      adminEmail: values["admin-email"] ?? process.env.FUZZ_ADMIN_EMAIL,
      adminPassword: values["admin-password"] ?? process.env.FUZZ_ADMIN_PASSWORD,
      configSecrets,
      trace: values.trace ?? false,
      log: (line) => console.log(line),
      crashes: () => crashes.splice(0),
    });
    console.log("");
    console.log(formatReport(report, values.verbose ?? false));
    if (values.url && report.admin)
      console.log(
        `\nThis run registered the server's admin; later runs: --admin-email ${report.admin.email} --admin-password ${report.admin.password}`,
      );
    if (values.report) {
      await writeFile(values.report, JSON.stringify(report, null, 2));
      console.log(`\nReport written to ${values.report}`);
    }
    return report.findings.length === 0 ? 0 : 1;
  } finally {
    await srv?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
