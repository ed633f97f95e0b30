// The half-open drill: a server process whose PostgreSQL connections all go silent at once, without
// a FIN or RST (a NAT that forgot them, a failover), while new connections still work. A TCP proxy
// between the server and PostgreSQL freezes every connection open at that moment: the app's pool,
// pg-boss's pool. With no operator action, /api/health/ready must be 200 again within 45 s, contact
// requests sent through both doors just after the freeze must have their mail delivered within
// 90 s, and every frozen connection must be destroyed by the server (one log line each), not leaked.
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { FreezingProxy } from "@crawlguard/testing/freezing-proxy";
import { ApiClient, type Door } from "@crawlguard/testing/harness";
import { SmtpInbox } from "@crawlguard/testing/smtp-inbox";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const OFFICE = "office@crawlguard.test";
const READY_WITHIN_MS = 45_000;
const MAIL_WITHIN_MS = 90_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PostgreSQL only: the embedded database runs inside the server process, reached over a Unix socket the
// process opens itself; nothing lies between them that can go half-open.
describe.skipIf(!POSTGRES)("half-open database connections: the server recovers by itself (PostgreSQL)", () => {
  const inbox = new SmtpInbox();
  let testDb: TestDatabase | undefined;
  let proxy: FreezingProxy | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill9();
    await proxy?.close();
    await inbox.stop();
    await testDb?.drop();
  });

  it("ready again within 45 s, mail sent within 90 s, every frozen connection destroyed", { timeout: 240_000 }, async () => {
    await inbox.start();
    testDb = await createTestDatabase();
    const through = await FreezingProxy.forUrl(testDb.databaseUrl!);
    proxy = through.proxy;
    // Production's timings: nothing here is shortened for the test.
    server = await spawnServer({
      dataDir: testDb.dataDir,
      databaseUrl: through.url,
      env: {
        SMTP_URL: `smtp://drill:pass@127.0.0.1:${inbox.port}`,
        MAIL_FROM: "CrawlGuard <office@crawlguard.test>",
        OFFICE_NOTIFY_EMAILS: OFFICE,
      },
    });
    const client = new ApiClient(server.url);
    const contact = (door: Door, name: string) =>
      client.call(door, "contact.submit", {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        zipCode: "28801",
        service: "crawl-space",
        message: `Water under the house (${name})`,
      });
    const officeMailFor = (name: string) => () => inbox.to(OFFICE).some((m) => m.mail.subject === `New request from ${name}`);

    // Before: a request answered and its mail sent, so both pools hold open connections.
    expect((await contact("rest", "Before Freeze")).status).toBe(200);
    await inbox.until(officeMailFor("Before Freeze"), 30_000, "the mail sent before the freeze");
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);

    const frozen = proxy.freeze();
    const frozenAt = performance.now();
    expect(frozen).toBeGreaterThan(0);

    // Visitors send the contact form through each door just after the freeze. A post that lands on
    // a frozen connection cannot be answered until the watch destroys that connection: then it is a
    // 503 asking for a retry (never a 500), and the visitor's retry goes through.
    const post = (door: Door, name: string) =>
      contact(door, name).then(
        (res) => ({ door, status: res.status, retryAfter: res.headers.get("retry-after"), body: res.body as unknown }),
        (err: unknown) => ({ door, status: 0, retryAfter: null, body: String(err) }),
      );
    const posted = (["rest", "trpc"] as const).map(async (door) => {
      const name = `Frozen ${door.toUpperCase()}`;
      const first = await post(door, name);
      const firstMs = performance.now() - frozenAt;
      const retried = first.status === 503 ? await post(door, name) : null;
      return { door, first, firstMs, retried, ms: performance.now() - frozenAt };
    });

    let readyMs: number | null = null;
    while (performance.now() - frozenAt < READY_WITHIN_MS + 5_000) {
      const status = await fetch(`${server.url}/api/health/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) {
        readyMs = performance.now() - frozenAt;
        break;
      }
      await sleep(1_000);
    }
    expect(readyMs, "ready again after the freeze").not.toBeNull();
    expect(readyMs!).toBeLessThan(READY_WITHIN_MS);

    const answers = await Promise.all(posted);
    const running = server;
    for (const answer of answers) {
      const said = (r: { status: number; body: unknown }) => `${r.status} ${JSON.stringify(r.body)}\n${running.problems().join("\n")}`;
      expect([200, 503], `contact through ${answer.door}: ${said(answer.first)}`).toContain(answer.first.status);
      if (answer.first.status === 503) {
        expect(answer.first.retryAfter, `the 503's Retry-After (${answer.door})`).toBe("5");
        expect(answer.retried?.status, `the retry through ${answer.door}: ${said(answer.retried!)}`).toBe(200);
      }
    }
    for (const door of ["REST", "TRPC"]) {
      await inbox.until(
        officeMailFor(`Frozen ${door}`),
        Math.max(0, MAIL_WITHIN_MS - (performance.now() - frozenAt)),
        `the mail of ${door}`,
      );
    }
    const mailMs = performance.now() - frozenAt;
    expect(mailMs).toBeLessThan(MAIL_WITHIN_MS);

    // Every frozen connection is destroyed by the server itself (none left waiting forever).
    const dropped = () => server!.problems().filter((line) => line.includes('"msg":"database connection dropped"')).length;
    while (dropped() < frozen && performance.now() - frozenAt < 150_000) await sleep(1_000);
    expect(dropped(), server.problems().join("\n")).toBe(frozen);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    console.log(
      `half-open drill: ${frozen} connections frozen; ready after ${Math.round(readyMs! / 1000)} s, ` +
        `contacts answered ${answers.map((a) => `${a.door} ${a.first.status} after ${Math.round(a.firstMs / 1000)} s${a.retried ? `, retried ${a.retried.status} after ${Math.round(a.ms / 1000)} s` : ""}`).join("; ")}, ` +
        `mail sent within ${Math.round(mailMs / 1000)} s, every frozen connection destroyed after ${Math.round((performance.now() - frozenAt) / 1000)} s`,
    );
  });
});
