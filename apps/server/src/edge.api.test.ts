import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type Door, type TestServer, registerInvited } from "@crawlguard/testing/harness";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, MAX_TRPC_BATCH } from "./request-guards.js";

// Each defect found by the outside fuzzer has a regression test here, at both doors.

const CONTROL = "Contains characters that are not allowed (control characters or broken Unicode)";

/** A raw HTTP request, for what fetch refuses to send (bad bytes, missing Content-Length, odd paths). */
function rawRequest(
  url: string,
  { method = "GET", path, headers = {}, body }: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const json = (text: string) => JSON.parse(text) as { message: string; code?: string };

let formCounter = 0;
function contactForm(overrides: Record<string, unknown> = {}) {
  formCounter += 1;
  return {
    name: `Edge Visitor ${formCounter}`,
    email: `edge${formCounter}.${Date.now()}@example.com`,
    zipCode: "28801",
    message: `hello ${formCounter}`,
    ...overrides,
  };
}

describe("request edge", () => {
  let srv: TestServer;
  let staff: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "1000" });
    staff = new ApiClient(srv.url);
    expect((await staff.call("rest", "auth.register", newAccount("edge"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  // The crash itself (postgres.js opening a transaction on a connection whose pipeline is full) is
  // reproduced deterministically in packages/db/src/transaction.test.ts; over HTTP, the cap keeps
  // one request from filling a pipeline, and this checks the mix end to end.
  describe("defect 1: a big tRPC batch during contact submissions", () => {
    it("keeps the server up, answers every request and stores every submission", async () => {
      const batchPaths = Array.from({ length: MAX_TRPC_BATCH }, () => "health.check").join(",");
      const forms = Array.from({ length: 30 }, () => contactForm());
      const visitors = forms.map((_, i) => new ApiClient(srv.url, { headers: { "x-forwarded-for": `203.0.113.${i + 1}` } }));
      const results = await Promise.all([
        ...forms.map((f, i) => visitors[i]!.call(i % 2 ? "rest" : "trpc", "contact.submit", f)),
        ...Array.from({ length: 6 }, () => staff.raw("GET", `/trpc/${batchPaths}?batch=1`)),
        ...Array.from({ length: 200 }, (_, i) => staff.raw("GET", i % 2 ? "/api/leads" : "/trpc/health.check")),
      ]);
      expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const emails = forms.map((f) => f.email);
      const [stored] = await srv.running.db.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM contact_submissions WHERE email IN ${srv.running.db.sql(emails)}`;
      expect(stored?.n).toBe(forms.length);
      expect((await staff.raw("GET", "/api/health")).status).toBe(200);
    });

    it(`refuses a batch of more than ${MAX_TRPC_BATCH} calls with a 400, by GET and by POST`, async () => {
      const paths = (n: number) => Array.from({ length: n }, () => "health.check").join(",");
      const atLimit = await staff.raw("GET", `/trpc/${paths(MAX_TRPC_BATCH)}?batch=1`);
      expect(atLimit.status).toBe(200);
      expect(atLimit.body).toHaveLength(MAX_TRPC_BATCH);
      const over = await staff.raw("GET", `/trpc/${paths(100)}?batch=1`);
      expect(over.status).toBe(400);
      expect(JSON.stringify(over.body)).toContain("Batch call exceeds maximum size");
      const overPost = await staff.raw(
        "POST",
        `/trpc/${Array.from({ length: MAX_TRPC_BATCH + 1 }, () => "auth.logout").join(",")}?batch=1`,
        {},
      );
      expect(overPost.status).toBe(400);
      // Refused before any call ran: still signed in.
      expect((await staff.call("rest", "auth.me")).status).toBe(200);
    });
  });

  describe.each(doors)("defect 2: NUL and control characters through the %s door", (door: Door) => {
    it("answers 400 naming the field in the contact form, lead create/update, duplicate check and registration", async () => {
      const visitor = new ApiClient(srv.url, { headers: { "x-forwarded-for": `198.18.0.${door === "rest" ? 1 : 2}` } });
      const cases: [ApiClient, string, Record<string, unknown>, string][] = [
        [visitor, "contact.submit", contactForm({ name: "Pat\u0000Smith" }), "name"],
        [visitor, "contact.submit", contactForm({ message: "broken \uD800 surrogate" }), "message"],
        [visitor, "contact.submit", contactForm({ utmSource: "x\u001b[31m" }), "utmSource"],
        [
          staff,
          "leads.create",
          { name: "Pat", email: "pat@example.com", zipCode: "28801", service: "sump-pump", notes: "a\u0000b" },
          "notes",
        ],
        [staff, "leads.duplicates", { email: "a\u0000@b.co" }, "email"],
        [visitor, "auth.register", { ...newAccount("nul"), username: "nul\u0000user" }, "username"],
      ];
      for (const [client, name, input, field] of cases) {
        const res = await client.call(door, name, input);
        expect(res.status, `${name} ${field}`).toBe(400);
        expect(res.body.message).toContain(`${field}: ${CONTROL}`);
      }
      const lead = await staff.call(door, "leads.create", {
        name: "Clean",
        email: "clean@example.com",
        zipCode: "28801",
        service: "sump-pump",
      });
      expect(lead.status).toBe(200);
      const update = await staff.call(door, "leads.update", { id: lead.body.id, name: "Dirty\u0000" });
      expect(update.status).toBe(400);
      expect(update.body.message).toContain(`name: ${CONTROL}`);
      const [row] = await srv.running.db.sql<{ name: string }[]>`SELECT name FROM leads WHERE id = ${lead.body.id}`;
      expect(row?.name).toBe("Clean");
    });
  });

  describe.each(doors)("defect 3: out-of-range dates through the %s door", (door: Door) => {
    it("answers 400 for year 0000, 9999 and expanded years, and stores nothing", async () => {
      const lead = await staff.call(door, "leads.create", {
        name: "Dates",
        email: "dates@example.com",
        zipCode: "28801",
        service: "sump-pump",
      });
      for (const scheduledDate of ["0000-01-01T00:00:00Z", "9999-12-31T23:00:00Z", "+010000-01-01T00:00:00Z", "1899-01-01T00:00:00Z"]) {
        const res = await staff.call(door, "leads.update", { id: lead.body.id, scheduledDate });
        expect(res.status, scheduledDate).toBe(400);
        expect(res.body.message).toMatch(/^scheduledDate: /);
        const created = await staff.call(door, "leads.create", {
          name: "D",
          email: "d@example.com",
          zipCode: "28801",
          service: "x",
          scheduledDate,
        });
        expect(created.status, scheduledDate).toBe(400);
      }
      expect((await staff.call(door, "leads.update", { id: lead.body.id, scheduledDate: "2030-06-01T13:00:00Z" })).status).toBe(200);
    });
  });

  describe("defect 4: body size and nesting depth, before authentication", () => {
    const deep = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
    const nested = (levels: number) => `{"name":${'{"a":'.repeat(levels - 1)}1${"}".repeat(levels - 1)}}`;

    it.each([
      ["REST", "/api/leads"],
      ["tRPC", "/trpc/leads.create"],
    ])("%s: 5,000 levels of JSON is a 400 even without a session", async (_door, path) => {
      const res = await rawRequest(srv.url, { method: "POST", path, headers: { "content-type": "application/json" }, body: deep(5000) });
      expect(res.status).toBe(400);
      expect(json(res.text).message).toContain("nested too deeply");
    });

    it(`accepts ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, async () => {
      const ok = await rawRequest(srv.url, {
        method: "POST",
        path: "/api/login",
        headers: { "content-type": "application/json" },
        body: nested(MAX_JSON_DEPTH),
      });
      expect(ok.status).toBe(400); // the schema refuses it, but after parsing
      expect(json(ok.text).message).not.toContain("nested too deeply");
      const over = await rawRequest(srv.url, {
        method: "POST",
        path: "/api/login",
        headers: { "content-type": "application/json" },
        body: nested(MAX_JSON_DEPTH + 1),
      });
      expect(over.status).toBe(400);
      expect(json(over.text).message).toContain("nested too deeply");
    });

    it("brackets inside strings do not count", async () => {
      const res = await staff.call("rest", "leads.duplicates", { email: "[".repeat(200) });
      expect(res.status).toBe(200);
    });

    it("refuses a deep tRPC query input with a 400", async () => {
      const res = await rawRequest(srv.url, { path: `/trpc/health.check?input=${encodeURIComponent(deep(500))}` });
      expect(res.status).toBe(400);
    });

    it.each([
      ["REST", "/api/contact"],
      ["tRPC", "/trpc/contact.submit"],
    ])("%s: a body over the limit is a 413, declared or streamed", async (_door, path) => {
      const big = `{"name":"${"a".repeat(MAX_BODY_BYTES)}"}`;
      const declared = await rawRequest(srv.url, {
        method: "POST",
        path,
        headers: { "content-type": "application/json", "content-length": String(big.length) },
        body: big,
      });
      expect(declared.status).toBe(413);
      const streamed = await rawRequest(srv.url, {
        method: "POST",
        path,
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        body: big,
      });
      expect(streamed.status).toBe(413);
      expect(json(streamed.text).message).toMatch(/too large/);
    });

    it("answers 400 for bytes that are not UTF-8 and for text that is not JSON", async () => {
      const badUtf8 = await rawRequest(srv.url, {
        method: "POST",
        path: "/api/contact",
        headers: { "content-type": "application/json" },
        body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      });
      expect(badUtf8.status).toBe(400);
      const notJson = await rawRequest(srv.url, {
        method: "POST",
        path: "/trpc/contact.submit",
        headers: { "content-type": "application/json" },
        body: "{name:",
      });
      expect(notJson.status).toBe(400);
      const array = await rawRequest(srv.url, {
        method: "POST",
        path: "/api/login",
        headers: { "content-type": "application/json" },
        body: "[1,2]",
      });
      expect(array.status).toBe(400);
    });
  });

  describe("defect 5: malformed percent-encoding", () => {
    it.each(["/trpc/health.check%E0%A4%A", "/trpc/%", "/api/leads/%E0%A4%A", "/api/%zz", "/services/%E0%A4%A"])(
      "%s is a 400",
      async (path) => {
        const res = await rawRequest(srv.url, { path });
        expect(res.status).toBe(400);
      },
    );
  });

  describe("defect 6: media types and empty bodies", () => {
    // A new account name and address per attempt, so login throttling stays out of the way.
    let attempt = 0;
    const login = () => JSON.stringify({ email: `nobody${++attempt}@example.com`, password: "wrong-password" });
    const from = () => `192.0.2.${(attempt % 250) + 1}`;
    it.each(["application/json; charset=utf-8", "APPLICATION/JSON", "Application/Json; Charset=UTF-8", 'application/json;charset="utf-8"'])(
      "%s reaches both doors with its body",
      async (type) => {
        for (const path of ["/api/login", "/trpc/auth.login"]) {
          const body = login();
          const res = await rawRequest(srv.url, {
            method: "POST",
            path,
            headers: { "content-type": type, "x-forwarded-for": from() },
            body,
          });
          // Parsed: the credentials were checked (401), not "Input validation failed" or 415.
          expect(res.status, `${path} ${type}`).toBe(401);
        }
      },
    );

    it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1"])(
      "%s is a 415 with a message at both doors",
      async (type) => {
        for (const path of ["/api/login", "/trpc/auth.login"]) {
          const res = await rawRequest(srv.url, { method: "POST", path, headers: { "content-type": type }, body: login() });
          expect(res.status, `${path} ${type}`).toBe(415);
          expect(json(res.text).message).toContain("JSON");
        }
      },
    );

    it.each([
      ["no body, no Content-Length, no Content-Type", {}],
      ["Content-Type: application/json and an empty body", { "content-type": "application/json", "content-length": "0" }],
      ["an empty chunked body", { "content-type": "application/json", "transfer-encoding": "chunked" }],
    ])("logout with %s signs out", async (_what, headers) => {
      for (const path of ["/api/logout", "/trpc/auth.logout"]) {
        const client = new ApiClient(srv.url);
        const account = newAccount("out");
        expect((await registerInvited(staff, client, "rest", account)).status).toBe(200);
        const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        const res = await rawRequest(srv.url, { method: "POST", path, headers: { ...headers, cookie, origin: srv.url } });
        expect(res.status, path).toBe(200);
        const after = await rawRequest(srv.url, { path: "/api/user", headers: { cookie } });
        expect(after.status, path).toBe(401);
      }
    });
  });

  describe("found by the fuzzer", () => {
    it.each(["TRACE", "PROPFIND", "MKCOL"])("%s is a 405 with a message and Allow at both doors", async (method) => {
      for (const path of ["/trpc/auth.register", "/api/register", "/trpc/health.check", "/api/leads"]) {
        // Node's client hangs up on a TRACE that carries a body (curl gets the same 405 with one).
        const res = await rawRequest(srv.url, {
          method,
          path,
          headers: { "content-type": "application/json", origin: srv.url },
          ...(method === "TRACE" ? {} : { body: "{}" }),
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toContain("POST");
        expect(json(res.text).message).toContain(method);
      }
    });

    it("a batch that asks for a JSON Lines stream is answered whole: two identical registrations give 200 and 409", async () => {
      const account = newAccount("batch");
      const asks: Record<string, string>[] = [{ "trpc-accept": "application/jsonl" }, { accept: "application/jsonl" }];
      // Two invitations: both are valid, so the second registration is a duplicate (409).
      const invite = async () => ((await staff.call("rest", "invitations.create", {})).body as { token: string }).token;
      for (const accept of asks) {
        const same = {
          ...account,
          username: `${account.username}${Object.keys(accept)[0]!.length}`,
          email: `${Object.keys(accept)[0]!.length}${account.email}`,
        };
        const res = await rawRequest(srv.url, {
          method: "POST",
          path: "/trpc/auth.register,auth.register?batch=1",
          headers: { "content-type": "application/json", origin: srv.url, ...accept },
          body: JSON.stringify({ 0: { ...same, inviteToken: await invite() }, 1: { ...same, inviteToken: await invite() } }),
        });
        // One answer for the whole batch (207: its items differ), not a stream.
        expect(res.status).toBe(207);
        expect(res.headers["content-type"]).toContain("application/json");
        const items = JSON.parse(res.text) as Array<{ result?: unknown; error?: { data: { httpStatus: number } } }>;
        expect(items.map((i) => i.error?.data.httpStatus ?? 200).sort()).toEqual([200, 409]);
        // The account that was created got its session cookie.
        expect(String(res.headers["set-cookie"])).toContain("crawlguard_session=");
      }
    });

    it("a complete request followed by bytes Node cannot parse gets its own answer first", async () => {
      const client = new ApiClient(srv.url);
      expect((await registerInvited(staff, client, "rest", newAccount("stray"))).status).toBe(200);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const { hostname, port } = new URL(srv.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(
            `POST /api/logout HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${srv.url}\r\nCookie: ${cookie}\r\n` +
              "Content-Type: application/json\r\nContent-Length: 0\r\n\r\n{}",
          );
        });
        let text = "";
        socket.on("data", (c: Buffer) => (text += c.toString("latin1")));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      // The logout's answer, then the refusal of the stray bytes.
      const statuses = [...answer.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      expect(statuses).toEqual([200, 400]);
      expect((await rawRequest(srv.url, { path: "/api/user", headers: { cookie } })).status).toBe(401);
    });

    it("a DELETE whose chunked body breaks off deletes nothing", async () => {
      const created = await staff.call("rest", "leads.create", {
        name: "Chunk Victim",
        email: `chunk${Date.now()}@example.com`,
        zipCode: "28801",
        service: "crawl-space",
      });
      expect(created.status).toBe(200);
      const id = (created.body as { id: string }).id;
      const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const { hostname, port } = new URL(srv.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(
            `DELETE /api/leads/${id} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${srv.url}\r\nCookie: ${cookie}\r\n` +
              "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
              "2\r\n{}\r\nZZ-not-a-chunk-size\r\n\r\n",
          );
        });
        let text = "";
        socket.on("data", (c: Buffer) => (text += c.toString("latin1")));
        socket.on("end", () => resolve(text));
        socket.on("close", () => resolve(text));
        socket.on("error", reject);
      });
      expect(answer.slice(0, 12)).toMatch(/^HTTP\/1\.1 4\d\d/);
      const ids = async () => ((await staff.call("rest", "leads.list")).body as { id: string }[]).map((l) => l.id);
      expect(await ids()).toContain(id);
      // The same DELETE sent whole does delete, so the check above could fail.
      expect((await staff.call("rest", "leads.delete", { id })).status).toBe(200);
      expect(await ids()).not.toContain(id);
    });
  });

  describe("defect 7: private data is never cached", () => {
    it("every /api and /trpc answer says Cache-Control: no-store, errors and unknown paths too", async () => {
      const answers = await Promise.all([
        staff.raw("GET", "/api/user"),
        staff.raw("GET", "/trpc/auth.me"),
        staff.raw("GET", "/api/leads"),
        new ApiClient(srv.url).raw("GET", "/api/leads"),
        staff.raw("GET", "/api/no-such-thing"),
        staff.raw("GET", "/trpc/no.such"),
        staff.raw("POST", "/api/login", { email: "x" }),
        staff.raw("GET", "/api/openapi.json"),
      ]);
      for (const a of answers) expect(a.headers.get("cache-control")).toBe("no-store");
    });

    it("the dashboard and sign-in pages vary on the cookie", async () => {
      for (const path of ["/admin", "/auth"]) {
        const res = await rawRequest(srv.url, { path });
        expect(res.headers["vary"] ?? "", path).toMatch(/Cookie/i);
      }
    });
  });
});
