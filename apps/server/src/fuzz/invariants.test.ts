import { describe, expect, it } from "vitest";
import type { WireResponse } from "./http.js";
import { checkResponse, emailsIn, type CheckContext } from "./invariants.js";
import type { Operation } from "./operations.js";
import type { RequestSpec, Role } from "./spec.js";
import type { Account, Secrets } from "./world.js";

// The detectors must fire on what they look for, or a clean fuzz run proves nothing.

const STAFF: Account = {
  username: "sam",
  email: "sam@example.com",
  password: "x",
  id: "11111111-1111-4111-8111-111111111111",
  token: "S".repeat(43),
};
const ADMIN_ID = "22222222-2222-4222-8222-222222222222";
const ADMIN_TOKEN = "A".repeat(43);
const LEAD_ID = "33333333-3333-4333-8333-333333333333";

function secrets(): Secrets {
  return {
    tokens: new Map([
      [STAFF.token!, STAFF.id],
      [ADMIN_TOKEN, ADMIN_ID],
    ]),
    sessionIds: new Set(["ab".repeat(32)]),
    passwordHashes: new Set(["$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"]),
    userEmails: new Map([
      ["sam@example.com", STAFF.id],
      ["boss@example.com", ADMIN_ID],
    ]),
    userIds: new Set([STAFF.id, ADMIN_ID]),
    recordIds: new Set([LEAD_ID]),
    markers: ["fzmarkcafe"],
    config: ["postgres://secret@db/crawlguard"],
  };
}

const op = (over: Partial<Operation> = {}): Operation => ({
  operationId: "leads-list",
  procedure: "leads.list",
  type: "query",
  method: "GET",
  path: "/api/leads",
  summary: "",
  pathParams: [],
  queryParams: [],
  body: undefined,
  requiresSession: true,
  adminOnly: false,
  refs: {},
  ...over,
});

function context(
  role: Role,
  status: number,
  body: string,
  over: { op?: Operation; headers?: [string, string][]; target?: string } = {},
): CheckContext {
  const spec: RequestSpec = { op: "leads-list", door: "rest", role, kind: "valid", input: undefined, transport: {} };
  const res: WireResponse = {
    status,
    headers: over.headers ?? [
      ["x-request-id", "r"],
      ["content-type", "application/json"],
    ],
    body: Buffer.from(body),
    text: body,
    durationMs: 1,
  };
  const target = over.target ?? "/api/leads";
  return {
    spec,
    op: over.op ?? op(),
    built: { wire: { method: "GET", target, headers: [], body: null }, resolvedInput: undefined, echo: target },
    res,
    secrets: secrets(),
    requester: role === "anonymous" ? null : STAFF,
  };
}

const invariants = (ctx: CheckContext) => checkResponse(ctx).map((v) => v.invariant);

describe("fuzz invariants", () => {
  it("pass a clean answer", () => {
    expect(checkResponse(context("staff", 200, `[{"id":"${LEAD_ID}","email":"customer@example.org"}]`))).toEqual([]);
    expect(checkResponse(context("anonymous", 401, `{"message":"You must be logged in"}`))).toEqual([]);
  });

  it("flag a 5xx, a missing answer and a non-JSON refusal", () => {
    expect(invariants(context("staff", 500, `{"message":"oops"}`))).toContain("5xx");
    expect(invariants(context("staff", 207, `[{"error":{"data":{"httpStatus":500}}}]`))).toContain("5xx");
    expect(
      invariants({
        ...context("staff", 0, ""),
        res: { status: 0, headers: [], body: Buffer.alloc(0), text: "", durationMs: 1, failure: "closed" },
      }),
    ).toEqual(["no-answer"]);
    expect(
      invariants(
        context("staff", 404, "<html>Cannot GET</html>", {
          headers: [
            ["x-request-id", "r"],
            ["content-type", "text/html"],
          ],
        }),
      ),
    ).toContain("error-shape");
    expect(invariants(context("staff", 400, `{"code":"BAD_REQUEST"}`))).toContain("error-shape");
    // Node's own 400 for a malformed request (no request id): not the app's to shape.
    expect(invariants(context("staff", 400, "", { headers: [["connection", "close"]] }))).toEqual([]);
  });

  it("flag protected data answered to the wrong role", () => {
    expect(invariants(context("anonymous", 200, "[]"))).toContain("authorization");
    expect(invariants(context("staff", 200, "[]", { op: op({ procedure: "users.list", adminOnly: true }) }))).toContain("authorization");
    expect(invariants(context("admin", 200, "[]", { op: op({ procedure: "users.list", adminOnly: true }) }))).toEqual([]);
  });

  it("flag secrets and other users' data", () => {
    const leaks = (role: Role, body: string) =>
      checkResponse(context(role, 200, body, { op: op({ requiresSession: false }) })).filter((v) => v.invariant === "leak");
    expect(leaks("staff", `{"hash":"$argon2id$v=19$m=1"}`)).toHaveLength(1);
    expect(leaks("staff", `{"token":"${ADMIN_TOKEN}"}`)).toHaveLength(1);
    expect(leaks("staff", `{"token":"${STAFF.token}"}`)).toHaveLength(0);
    expect(leaks("admin", `{"sid":"${"ab".repeat(32)}"}`)).toHaveLength(1);
    expect(leaks("staff", `{"email":"Boss@Example.com"}`)).toHaveLength(1);
    expect(leaks("staff", `{"email":"sam@example.com","id":"${STAFF.id}"}`)).toHaveLength(0);
    expect(leaks("admin", `{"email":"boss@example.com","id":"${ADMIN_ID}"}`)).toHaveLength(0);
    // ADR 026: staff see colleagues' ids (Assigned to, the Everyone view); an anonymous client never.
    expect(leaks("staff", `{"id":"${ADMIN_ID}"}`)).toHaveLength(0);
    expect(leaks("anonymous", `{"id":"${ADMIN_ID}"}`)).toHaveLength(1);
    expect(leaks("anonymous", `{"id":"${LEAD_ID}"}`)).toHaveLength(1);
    expect(leaks("anonymous", `{"name":"Seed fzmarkcafe"}`)).toHaveLength(1);
    expect(leaks("admin", `{"err":"connect postgres://secret@db/crawlguard failed"}`)).toHaveLength(1);
    expect(leaks("admin", `{"stack":"Error: x\\n    at run (/srv/node_modules/x/index.js:1:2)"}`)).toHaveLength(1);
  });

  it("do not count an echo of the request as a leak", () => {
    const ctx = context("anonymous", 400, `{"message":"No lead ${LEAD_ID} for boss@example.com"}`);
    ctx.built.echo = `/api/leads/${LEAD_ID}?email=boss%40example.com\nboss@example.com`;
    expect(checkResponse(ctx)).toEqual([]);
  });

  it("flag a refusal that starts a session", () => {
    expect(
      invariants(
        context("anonymous", 400, `{"message":"no"}`, {
          headers: [
            ["x-request-id", "r"],
            ["set-cookie", "crawlguard_session=new; Path=/"],
          ],
        }),
      ),
    ).toContain("state-change");
  });

  it("find emails in linear time", () => {
    expect(emailsIn(`{"a":"x@y.io","b":["Z@W.org"]}`)).toEqual(["x@y.io", "Z@W.org"]);
    const started = performance.now();
    emailsIn("a".repeat(1_000_000) + "@" + "b".repeat(1_000_000));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
