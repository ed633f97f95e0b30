import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  generateClientTypes,
  startPrismProxy,
  typecheckProgram,
  typescriptVersion,
  violationRecorder,
  writeClientProgram,
  type PrismProxy,
} from "@crawlguard/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { imageOf } from "@crawlguard/testing/images";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * What an integrator does. Generate a TypeScript client from the served
 * /api/openapi.json (openapi-typescript), type-check a short program written against it
 * (openapi-fetch: sign in, book, upload a photo by the documented two-step flow, read the calendar;
 * then with an API key: filtered lists, one lead and one submission, the paged forms, the event log,
 * webhooks' test and rotation, the key's audit list), then run that program against the server the
 * document came from, every call through Stoplight Prism's validating proxy: no call may break the
 * document, request or answer.
 */

/** What the program (tooling/api-client/program/integration.ts) answers, as far as this test reads it. */
interface ProgramResult {
  booked: { id: string } & Record<string, unknown>;
  refusedConflicts: { kind: string }[];
  image: { id: string; imageUrl: string } & Record<string, unknown>;
  calendar: { appointments: { id: string }[] };
}
interface KeyedResult {
  filtered: { id: string; name: string; status: string }[];
  one: { id: string };
  pagedIds: string[];
  submission: { id: string; source: string | null; utmSource: string | null };
  events: { id: string; type: string }[];
  test: { delivered: boolean; responseStatus: number | null; error: string | null };
  rotatedUntil: string | null;
  calls: { method: string; path: string; status: number }[];
  rateLimit: string | null;
}
type Through = { baseUrl: string; origin: string; fetch: typeof fetch };
type Program = {
  run: (input: Through & { email: string; password: string; date: string; photo: Blob }) => Promise<ProgramResult>;
  runWithKey: (input: Through & { email: string; password: string; webhookUrl: string }) => Promise<KeyedResult>;
};

describe("a client generated from the served OpenAPI document", () => {
  let srv: TestServer;
  let dir: string;
  let types: string;
  let prism: PrismProxy;
  const recorder = violationRecorder();
  const account = newAccount("integrator");

  beforeAll(async () => {
    srv = await startTestServer({ WEBHOOKS_ALLOW_HTTP: "true" });
    const res = await new ApiClient(srv.url).raw("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    types = await generateClientTypes(res.body as object);
    dir = await writeClientProgram(types);
    // Prism in front of the server, checking every call against the document it serves.
    prism = await startPrismProxy(res.body as object, srv.url);
    // The first account is the admin; the program signs in with it.
    expect((await new ApiClient(srv.url).call("rest", "auth.register", account)).status).toBe(200);
  });
  afterAll(async () => {
    await prism?.stop();
    await srv.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("has named types for the resources", () => {
    for (const name of ["Lead", "ContactSubmission", "Appointment", "BookingResult", "TimeBlock", "WorkingHours", "GalleryImage"]) {
      expect(types, name).toMatch(new RegExp(`\\n\\s+${name}: \\{`));
    }
    for (const name of ["GalleryUpload", "User", "Invitation", "CalendarStatus", "CalendarEvent", "Conflict", "Error"]) {
      expect(types, name).toMatch(new RegExp(`\\n\\s+${name}: \\{`));
    }
    // Field descriptions reach the generated types as comments.
    expect(types).toContain("@description The client's name.");
    expect(types).toContain('"/uploads/{token}": {');
  });

  it("type-checks the integration program, strict", () => {
    expect(typescriptVersion).toMatch(/^5\./);
    expect(typecheckProgram(dir)).toEqual([]);
  });

  it("notices a program that misuses the API (the check can fail)", async () => {
    const wrong = await writeClientProgram(types.replace(/(\n\s+)appointmentTime: string;/g, "$1appointmentTime: number;"));
    try {
      const problems = typecheckProgram(wrong);
      expect(problems.join("\n")).toMatch(/appointmentTime/);
    } finally {
      await rm(wrong, { recursive: true, force: true });
    }
  });

  it("runs against the server: books, uploads a photo by the documented flow and reads the calendar", async () => {
    const photo = new Blob([new Uint8Array(await imageOf("png", 800, 600))]);
    // The very program that was type-checked, beside its generated types.
    const { run } = (await import(pathToFileURL(path.join(dir, "integration.ts")).href)) as Program;
    const result = await run({
      ...through(),
      email: account.email,
      password: account.password,
      date: JULY_TUESDAY,
      photo,
    });
    expect(result.booked).toMatchObject({ name: "Pat Integrator", status: "scheduled", zipCode: "28801", durationMinutes: 60 });
    expect(result.refusedConflicts.map((c) => c.kind)).toContain("appointment");
    expect(result.image).toMatchObject({ title: "Sealed crawl space", isPublished: true, mimeType: "image/png", width: 800 });
    expect(result.image.imageUrl).toMatch(/^\/media\/gallery\/[0-9a-f-]{36}\/\d\.webp$/);
    expect((await fetch(new URL(result.image.imageUrl, srv.url))).status).toBe(200);
    expect(result.calendar.appointments.map((a) => a.id)).toContain(result.booked.id);
    // Published: the public gallery shows it.
    const shown = (await new ApiClient(srv.url).call("rest", "gallery.published")).body as { id: string }[];
    expect(shown.map((i) => i.id)).toContain(result.image.id);
  });

  it("runs the key's integration: filtered and paged lists, one lead and submission, the event log, webhooks, the audit list", async () => {
    const { runWithKey } = (await import(pathToFileURL(path.join(dir, "integration.ts")).href)) as Program;
    const result = await runWithKey({
      ...through(),
      email: account.email,
      password: account.password,
      // Nobody listens there: the test event says so.
      webhookUrl: "http://127.0.0.1:9/crawlguard",
    });
    expect(result.filtered.map((l) => [l.name, l.status])).toEqual([["Pat Integrator", "scheduled"]]);
    expect(result.one.id).toBe(result.filtered[0]!.id);
    expect(result.pagedIds).toContain(result.one.id);
    expect(result.submission).toMatchObject({ source: "Integration program", utmSource: "newsletter" });
    expect(result.events.map((e) => e.type)).toEqual(expect.arrayContaining(["lead.created", "contact.received"]));
    expect(result.events.every((e) => /^msg_[0-9a-f-]{36}$/.test(e.id))).toBe(true);
    expect(result.test).toMatchObject({ delivered: false, responseStatus: null, error: expect.stringMatching(/^Could not deliver/) });
    expect(Date.parse(result.rotatedUntil!) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(result.calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual(
      expect.arrayContaining(["GET /api/leads 200", "POST /api/contact 200", "GET /api/events 200"]),
    );
    expect(result.rateLimit).toMatch(/^"api-key";r=\d+;t=\d+$/);
  });

  it("breaks no part of the document in any call the programs made (Prism), and Prism does notice a call that does", async () => {
    expect(recorder.calls).toBeGreaterThanOrEqual(20);
    expect(recorder.violations).toEqual([]);
    // The check can fail: a body the document refuses is reported.
    const before = recorder.calls;
    const wrong = await recorder.fetch(`${prism.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: 42 }),
    });
    expect(recorder.calls).toBe(before + 1);
    expect(wrong.status).toBe(400);
    expect(recorder.violations.map((v) => v.call)).toEqual(["POST /api/contact → 400"]);
    recorder.violations.length = 0;
  });

  /** The programs' calls go to Prism, which forwards them to the server; changes carry the server's Origin. */
  function through() {
    return { baseUrl: prism.url, origin: srv.url, fetch: recorder.fetch };
  }
});
