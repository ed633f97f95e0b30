import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

describe("a known path with a wrong method", () => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("contract"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("is a 405 whose Allow lists the methods the path answers", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/leads", "GET, POST"],
      ["PUT", "/api/leads/5b0d1f0e-3c2f-4a52-9d55-6f1f6c1f2a10", "DELETE, GET, PATCH"],
      ["POST", "/api/leads/page", "DELETE, GET, PATCH"],
      ["GET", "/api/contact", "POST"],
      ["POST", "/api/user", "GET"],
      ["PATCH", "/api/working-hours", "GET, PUT"],
      ["GET", "/api/calendar/appointment", "POST"],
      ["DELETE", "/api/appointments", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await admin.raw(method, path, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(res.body).toMatchObject({ code: "METHOD_NOT_SUPPORTED", message: expect.stringContaining(allow) });
    }
  });

  it("is a 405 with Allow at the /trpc door too: a query answers GET, a mutation POST", async () => {
    const cases: [string, string, string][] = [
      ["GET", "/trpc/leads.create", "POST"],
      ["PUT", "/trpc/leads.create", "POST"],
      ["POST", "/trpc/leads.list", "GET"],
      ["DELETE", "/trpc/leads.list", "GET"],
      ["PATCH", "/trpc/appointments.book", "POST"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await admin.raw(method, path, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(res.body, `${method} ${path}`).toMatchObject({ error: { data: { code: "METHOD_NOT_SUPPORTED", httpStatus: 405 } } });
    }
    // The right method still reaches the procedure; an unknown procedure stays tRPC's 404.
    expect((await admin.raw("GET", "/trpc/leads.list")).status).toBe(200);
    expect((await admin.raw("GET", "/trpc/leads.nothing")).status).toBe(404);
  });

  it("answers OPTIONS on a known path with 204 and Allow", async () => {
    const res = await admin.raw("OPTIONS", "/api/time-blocks");
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, POST");
  });

  it("keeps 404 for an unknown path, and the right method still reaches the operation", async () => {
    expect((await admin.raw("GET", "/api/no-such-thing")).status).toBe(404);
    expect((await admin.raw("DELETE", "/api/no-such-thing")).status).toBe(404);
    expect((await admin.raw("GET", "/api/leads")).status).toBe(200);
    // A path shared by two patterns (/api/leads/duplicates and /api/leads/{id}) goes to the operation.
    expect((await admin.raw("GET", "/api/leads/duplicates?email=a@example.com")).status).toBe(200);
  });
});

describe.each(doors)("a missing required field through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("contract"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it('says "<field>: Required", never "received undefined"', async () => {
    const cases: [string, Record<string, unknown>, string[]][] = [
      ["leads.create", { name: "Jo Lee", zipCode: "28801" }, ["email: Required", "service: Required"]],
      ["timeBlocks.create", { title: "Lunch" }, ["startDateTime: Required", "endDateTime: Required"]],
      ["workingHours.update", { dayOfWeek: "2", startTime: "09:00" }, ["endTime: Required"]],
      ["users.resetPassword", { id: "5b0d1f0e-3c2f-4a52-9d55-6f1f6c1f2a10" }, ["password: Required"]],
    ];
    for (const [name, input, expected] of cases) {
      const res = await admin.call(door, name, input);
      expect(res.status, name).toBe(400);
      for (const text of expected) expect(res.body.message, name).toContain(text);
      expect(res.body.message, name).not.toContain("undefined");
      const issues = (res.body.data?.issues ?? []) as { path: string; message: string }[];
      expect(issues.find((i) => expected[0]!.startsWith(`${i.path}:`))?.message, name).toBe("Required");
    }
  });

  it("keeps the form's own words for a blank field beside Required for a missing one", async () => {
    const res = await admin.call(door, "appointments.book", { clientName: "Jo", appointmentDate: "" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("appointmentDate: Appointment date is required");
    expect(res.body.message).toContain("appointmentTime: Required");
  });
});

describe("the document of the booking contract", () => {
  type Param = { name: string; in: string; required?: boolean; description?: string };
  type Op = { description?: string; parameters?: Param[]; responses: Record<string, { description: string }> };
  let srv: TestServer;
  let doc: { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
  beforeAll(async () => {
    srv = await startTestServer();
    doc = (await new ApiClient(srv.url).raw("GET", "/api/openapi.json")).body as typeof doc;
  });
  afterAll(() => srv.stop());

  it("documents the 409 of both booking calls and the error body's conflicts", () => {
    for (const path of ["/api/appointments", "/api/calendar/appointment"]) {
      const op = doc.paths[path]!.post!;
      expect(op.responses["409"]?.description, path).toMatch(/conflicts/);
      expect(op.responses["422"]?.description, path).toMatch(/Idempotency-Key/);
    }
    expect(doc.components.schemas.Error!.properties).toHaveProperty("conflicts");
  });

  it("lists the optional Idempotency-Key header on every creating call", () => {
    const creating: [string, string][] = [
      ["/api/appointments", "post"],
      ["/api/calendar/appointment", "post"],
      ["/api/leads", "post"],
      ["/api/contact", "post"],
      ["/api/contact-submissions/{id}/convert-to-lead", "post"],
    ];
    for (const [path, method] of creating) {
      const header = doc.paths[path]![method]!.parameters?.find((p) => p.in === "header" && p.name === "Idempotency-Key");
      expect(header, path).toBeDefined();
      expect(header!.required ?? false, path).toBe(false);
      expect(header!.description, path).toMatch(/24 hours/);
    }
  });

  it("says that PATCH /api/leads/{id} with scheduledDate does not check availability, and points to the booking calls", () => {
    const description = doc.paths["/api/leads/{id}"]!.patch!.description ?? "";
    expect(description).toMatch(/does \*\*not\*\* check availability/);
    expect(description).toContain("POST /api/appointments");
    expect(description).toContain("POST /api/calendar/appointment");
  });
});
