// The rolling restart drill: two instances on one PostgreSQL database behind a small balancer, a
// stream of writes through both doors, and each instance in turn stopped with SIGTERM and replaced
// while the other serves (docs/operations.md, "Restarts and upgrades"). The balancer does what a reverse proxy
// does: it sends each request to an instance in rotation, takes an instance out when its readiness
// says 503, and sends a request whose connection was refused (nothing sent yet) to the other one.
// Every request must be answered 2xx, every acknowledged write stored whole, each stop exit 0.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { seededRandom, streamWrites, WriteLedger } from "@crawlguard/testing/write-stream";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const SEED = Number(process.env.ROLLING_SEED ?? Date.now() % 100_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Backend {
  server: ServerProcess;
  inRotation: boolean;
}

/** A reverse proxy over `backends`: round robin among those in rotation, a refused connection tried on another. */
async function balancer(backends: Backend[]) {
  let next = 0;
  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tried: Set<Backend>) => {
    const candidates = backends.filter((b) => b.inRotation && !tried.has(b));
    const backend = candidates[next++ % Math.max(1, candidates.length)];
    if (!backend) return void res.writeHead(502, { "content-type": "application/json" }).end('{"message":"no instance answered"}');
    tried.add(backend);
    const upstream = http.request(
      `${backend.server.url}${req.url}`,
      { method: req.method, headers: { ...req.headers, connection: "close" }, agent: false },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers.connection;
        delete headers["keep-alive"];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (err: NodeJS.ErrnoException) => {
      // Refused: the instance had stopped listening and nothing was sent, so another may answer it.
      if (err.code === "ECONNREFUSED") return forward(req, body, res, tried);
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `instance failed: ${err.code ?? err.message}` }));
    });
    upstream.end(body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, Buffer.concat(chunks), res, new Set()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The health check: every 200 ms, as a load balancer's probe (out at the first 503 or no answer).
  const probe = setInterval(() => {
    for (const backend of backends) {
      fetch(`${backend.server.url}/api/health/ready`).then(
        (r) => (backend.inRotation = r.status === 200),
        () => (backend.inRotation = false),
      );
    }
  }, 200);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      clearInterval(probe);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// PostgreSQL only: one process owns an embedded database's data directory, so two instances cannot
// share it; a stop and start of the one instance under writes is shutdown.api.test.ts.
describe.skipIf(!POSTGRES)(`rolling restart: two instances, each replaced while the other serves (PostgreSQL, seed ${SEED})`, () => {
  let testDb: TestDatabase | undefined;
  const backends: Backend[] = [];
  let lb: Awaited<ReturnType<typeof balancer>> | undefined;
  afterAll(async () => {
    await lb?.close();
    for (const b of backends) await b.server.kill9();
    await testDb?.drop();
  });

  it("every request answered, every acknowledged write stored, each stop exit 0", { timeout: 300_000 }, async () => {
    testDb = await createTestDatabase();
    const start = async () => {
      const backend = { server: await spawnServer({ dataDir: testDb!.dataDir, databaseUrl: testDb!.databaseUrl }), inRotation: true };
      backends.push(backend);
      return backend;
    };
    await start();
    await start();
    lb = await balancer(backends);
    const staff = new ApiClient(lb.url);
    expect((await staff.call("rest", "auth.register", newAccount("rolling"))).status).toBe(200);
    const ledger = new WriteLedger(seededRandom(SEED), "rolling.example");
    await ledger.createLeads(staff, 12);

    let ended = false;
    const stream = streamWrites(ledger, staff, { workers: 6, stopped: () => ended, tagPrefix: "r" });
    const acked = () => Object.values(ledger.counts.acked).reduce((a, b) => a + b, 0);
    const waitForAcks = async (more: number) => {
      const target = acked() + more;
      const until = Date.now() + 60_000;
      while (acked() < target && Date.now() < until && ledger.refused.length === 0) await sleep(20);
    };

    const exits: (number | null)[] = [];
    const phases: string[] = [];
    for (const old of [backends[0]!, backends[1]!]) {
      await waitForAcks(30);
      // Replace it: the new instance is ready before the old one is told to stop (the order docs/operations.md gives).
      let since = performance.now();
      const replacement = await start();
      while ((await fetch(`${replacement.server.url}/api/health/ready`)).status !== 200) await sleep(100);
      phases.push(`started in ${Math.round(performance.now() - since)} ms`);
      since = performance.now();
      exits.push(await old.server.stop());
      phases.push(`stopped in ${Math.round(performance.now() - since)} ms`);
      old.inRotation = false;
      backends.splice(backends.indexOf(old), 1);
    }
    await waitForAcks(30);
    ended = true;
    await stream;

    expect(exits, "exit codes after SIGTERM").toEqual([0, 0]);
    expect(ledger.refused, "requests answered with anything but 2xx").toEqual([]);
    expect(
      Object.values(ledger.counts.unknown).reduce((a, b) => a + b, 0),
      "requests without an answer",
    ).toBe(0);
    expect(await ledger.verify(staff), "the data after both restarts").toEqual([]);
    for (const backend of backends) expect(backend.server.problems(), "warnings or errors").toEqual([]);
    console.log(`rolling restart (seed ${SEED}): ${acked()} writes acknowledged across two replacements (${phases.join(", ")}), none lost`);
  });
});
