import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateClientTypes, typecheckProgram, typescriptVersion, writeClientProgram } from "@crawlguard/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { imageOf } from "@crawlguard/testing/images";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * What an integrator does. Generate a TypeScript client from the served
 * /api/openapi.json (openapi-typescript), type-check a short program written against it
 * (openapi-fetch: sign in, book, upload a photo by the documented two-step flow, read the calendar), then run that
 * program against the server the document came from.
 */

/** What the program (tooling/api-client/program/integration.ts) answers, as far as this test reads it. */
interface ProgramResult {
  booked: { id: string } & Record<string, unknown>;
  refusedConflicts: { kind: string }[];
  image: { id: string; imageUrl: string } & Record<string, unknown>;
  calendar: { appointments: { id: string }[] };
}
type Program = {
  run: (input: { baseUrl: string; email: string; password: string; date: string; photo: Blob }) => Promise<ProgramResult>;
};

describe("a client generated from the served OpenAPI document", () => {
  let srv: TestServer;
  let dir: string;
  let types: string;
  const account = newAccount("integrator");

  beforeAll(async () => {
    srv = await startTestServer();
    const res = await new ApiClient(srv.url).raw("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    types = await generateClientTypes(res.body as object);
    dir = await writeClientProgram(types);
    // The first account is the admin; the program signs in with it.
    expect((await new ApiClient(srv.url).call("rest", "auth.register", account)).status).toBe(200);
  });
  afterAll(async () => {
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
    const result = await run({ baseUrl: srv.url, email: account.email, password: account.password, date: JULY_TUESDAY, photo });
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
});
