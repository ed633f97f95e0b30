import { appRouter } from "@crawlguard/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { ApiClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * A document that makes a good generated client. The resources are named components
 * that the operations reference, every field says what it means, every request body has an example
 * the operation accepts, and `servers` is PUBLIC_URL when set.
 */

type Schema = {
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const PUBLIC_URL = "https://crawlguard.example";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const listOf = (name: string) => ({ type: "array", items: ref(name) });

type ProcedureDef = { _def: { meta?: { openapi?: { method: string; path: string } }; inputs: z.ZodType[] } };
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;
/** The procedure behind an operationId (trpc-to-openapi's: the procedure's path with dashes). */
const procedureOf = (operationId: string) => procedures[operationId.replace(/-/g, ".")];

function operations(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

/** Every property, at any depth, that says nothing of what it means (a $ref says it in its component). */
function undescribed(where: string, schema: Schema | undefined): string[] {
  if (!schema) return [];
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (!property.description && !property.$ref) found.push(`${where}.${name}`);
    found.push(...undescribed(`${where}.${name}`, property));
  }
  for (const nested of [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...undescribed(where, nested));
  }
  return found;
}

describe("the OpenAPI document as a generated client sees it", () => {
  let srv: TestServer;
  let doc: Document;

  beforeAll(async () => {
    srv = await startTestServer({ PUBLIC_URL });
    const res = await new ApiClient(srv.url).raw("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body as Document;
  });
  afterAll(() => srv.stop());

  it("takes its server URL from PUBLIC_URL", () => {
    expect(doc.servers.map((s) => s.url)).toEqual([PUBLIC_URL]);
  });

  it("names the resources as components, and the operations reference them", () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        "Lead",
        "ContactSubmission",
        "Appointment",
        "BookingResult",
        "TimeBlock",
        "WorkingHours",
        "GalleryImage",
        "GalleryUpload",
        "User",
        "Invitation",
        "CalendarStatus",
        "CalendarEvent",
        "Conflict",
        "Error",
      ]),
    );
    // One component per resource: none renamed for requests or answers (e.g. "ConflictOutput").
    expect(names.filter((n) => /Output$|Input$/.test(n))).toEqual([]);
    const answer = (key: string) => {
      const [method, path] = key.split(" ") as [string, string];
      return doc.paths[path]![method.toLowerCase()]!.responses["200"]!.content!["application/json"]!.schema;
    };
    // The whole array, as the product documents it; a page of changes (ADR 029) has a path of its own.
    expect(answer("GET /api/leads")).toEqual(listOf("Lead"));
    expect(answer("GET /api/leads/page")).toEqual(ref("LeadPage"));
    expect(answer("POST /api/leads")).toEqual(ref("Lead"));
    expect(answer("PATCH /api/leads/{id}")).toEqual(ref("Lead"));
    expect(answer("GET /api/contact-submissions")).toEqual(listOf("ContactSubmission"));
    expect(answer("GET /api/contact-submissions/page")).toEqual(ref("ContactSubmissionPage"));
    expect(answer("POST /api/appointments")).toEqual(ref("BookingResult"));
    expect(answer("POST /api/calendar/appointment")).toEqual(ref("CalendarAppointmentResult"));
    expect(answer("GET /api/calendar/range")).toEqual(ref("CalendarRange"));
    expect(doc.components.schemas.CalendarRange!.properties!.appointments!.items).toEqual(ref("Appointment"));
    expect(doc.components.schemas.BookingResult!.properties!.conflicts!.items).toEqual(ref("Conflict"));
    expect(doc.components.schemas.Error!.properties!.conflicts!.items).toEqual(ref("Conflict"));
    expect(answer("GET /api/time-blocks")).toEqual(listOf("TimeBlock"));
    expect(answer("POST /api/time-blocks")).toEqual(ref("TimeBlock"));
    expect(answer("GET /api/working-hours")).toEqual(listOf("WorkingHours"));
    expect(answer("PUT /api/working-hours/{dayOfWeek}")).toEqual(ref("WorkingHours"));
    expect(answer("GET /api/admin/gallery")).toEqual(listOf("GalleryImage"));
    expect(answer("POST /api/admin/gallery")).toEqual(ref("GalleryImage"));
    expect(answer("POST /api/admin/gallery/upload")).toEqual(ref("GalleryUpload"));
    expect(answer("GET /api/users")).toEqual(listOf("User"));
    expect(answer("GET /api/user")).toEqual(ref("User"));
    expect(answer("GET /api/users/invitations")).toEqual(listOf("Invitation"));
    expect(answer("GET /api/calendar/status")).toEqual(ref("CalendarStatus"));
    expect(answer("GET /api/calendar/events")).toEqual(listOf("CalendarEvent"));
    expect(answer("GET /api/calendar/events/range")).toEqual(listOf("CalendarEvent"));
    // The documented upload result fields (uploadURL, name, size, type) are on the upload's answer.
    expect(Object.keys(doc.components.schemas.GalleryUpload!.properties!)).toEqual(
      expect.arrayContaining(["uploadURL", "name", "size", "type"]),
    );
  });

  it("references only components that exist, and leaves none unused", () => {
    const text = JSON.stringify(doc);
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
    const defined = Object.keys(doc.components.schemas);
    for (const name of referenced) expect(defined, `$ref ${name}`).toContain(name);
    for (const name of defined) expect(referenced.has(name), `${name} is referenced`).toBe(true);
  });

  it("describes every component, every field, every request body field and every parameter", () => {
    const missing: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      if (!schema.description) missing.push(`component ${name}`);
      missing.push(...undescribed(name, schema));
    }
    for (const [key, op] of operations(doc)) {
      missing.push(...undescribed(`${key} body`, op.requestBody?.content["application/json"]?.schema));
      for (const p of op.parameters ?? []) if (!p.description) missing.push(`${key} ${p.in} parameter ${p.name}`);
    }
    expect(missing).toEqual([]);
  });

  it("gives every JSON request body an example that the operation accepts", () => {
    let checked = 0;
    for (const [key, op] of operations(doc)) {
      const media = op.requestBody?.content["application/json"];
      if (!media) continue;
      expect(media.example, `${key} example`).toBeTypeOf("object");
      const procedure = procedureOf(op.operationId);
      expect(procedure, key).toBeDefined();
      const pathParameters = Object.fromEntries(
        (op.parameters ?? [])
          .filter((p) => p.in === "path")
          // A link's token (a quote's) is 43 characters of base64url; every other path parameter an id.
          .map((p) => [
            p.name,
            p.name === "dayOfWeek"
              ? "1"
              : p.name === "token"
                ? "Qk3x9v2LrT8mWc4yZp7sNf1hJd6gBa5eXy0uVi9oPlM"
                : "2f7e3c1a-9b4d-4e6f-8a2b-1c3d5e7f9a0b",
          ]),
      );
      for (const input of procedure!._def.inputs) {
        const parsed = input.safeParse({ ...(media.example as object), ...pathParameters });
        expect(parsed.error?.issues, `${key}: ${JSON.stringify(media.example)}`).toBeUndefined();
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
