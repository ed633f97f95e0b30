import { randomUUID } from "node:crypto";
import { appRouter } from "@crawlguard/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { julyAt, JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import {
  ApiClient,
  doors,
  newAccount,
  newClient,
  startTestServer,
  type ApiResponse,
  type Door,
  type TestServer,
} from "@crawlguard/testing/harness";

/*
 * A JSON body is validated exactly as documented on both doors. trpc-to-openapi used
 * to coerce every input object (JSON bodies included) by setting `coerce` on the shared zod schema,
 * so after one REST call "false" was read as true on /trpc too (patches/trpc-to-openapi+3.3.0.patch).
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  format?: string;
};
type Operation = {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

/** A boolean or number field of a body: its dotted path and a valid value of its type. */
interface TypedField {
  path: string;
  type: "boolean" | "number";
  valid: boolean | number;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.const !== undefined) return [typeof schema.const];
  if (schema.enum) return [...new Set(schema.enum.map((v) => typeof v))];
  return [];
}

/** Every boolean and number field of a body schema, nested objects and array items included. */
function typedFields(doc: OpenApiDocument, raw: JsonSchema, prefix = ""): TypedField[] {
  const schema = resolve(doc, raw);
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((v) => resolve(doc, v));
  if (variants.length) {
    // A field documented as "a number or a string" (displayOrder) takes a string: nothing to refuse.
    if (prefix && variants.some((v) => typesOf(v).includes("string"))) return [];
    return dedupe(variants.flatMap((v) => typedFields(doc, v, prefix)));
  }
  const fields: TypedField[] = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    fields.push(...typedFields(doc, property, prefix ? `${prefix}.${key}` : key));
  }
  if (schema.items) fields.push(...typedFields(doc, schema.items, `${prefix}.0`));
  const types = typesOf(schema);
  if (types.includes("string")) return fields;
  if (prefix && types.includes("boolean")) fields.push({ path: prefix, type: "boolean", valid: false });
  else if (prefix && (types.includes("number") || types.includes("integer"))) {
    const valid = [schema.const, ...(schema.enum ?? []), schema.minimum, 1].find((v) => typeof v === "number") as number;
    fields.push({ path: prefix, type: "number", valid });
  }
  return fields;
}

function dedupe(fields: TypedField[]): TypedField[] {
  return [...new Map(fields.map((f) => [f.path, f])).values()];
}

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`Unresolved ${schema.$ref}`);
  return resolve(doc, target);
}

/** Sets a dotted path in a body, making arrays for numeric segments ("items.0.id"). */
function bodyWith(path: string, value: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const segments = path.split(".");
  let node: Record<string, unknown> | unknown[] = body;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const next = last ? value : /^\d+$/.test(segments[i + 1]!) ? [] : {};
    (node as Record<string, unknown>)[segment] = next;
    node = next as Record<string, unknown>;
  });
  return body;
}

/** The tRPC name of each REST operation, "POST /api/leads" → "leads.create". */
function procedureNames(): Map<string, string> {
  const names = new Map<string, string>();
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: { openapi?: { method: string; path: string } } } }
  >;
  for (const [name, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi) names.set(`${openapi.method} ${openapi.path}`, name);
  }
  return names;
}

function issuesOf(res: ApiResponse): { path: string; message: string }[] {
  const body = res.body as { data?: { issues?: { path: string; message: string }[] } };
  return body?.data?.issues ?? [];
}

describe("JSON bodies are validated exactly as documented", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("strict"))).status).toBe(200);
    const res = await admin.raw("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body as OpenApiDocument;
  });
  afterAll(() => srv.stop());

  it("answers 400 naming the field for a wrong-typed value of every boolean and number body field, on both doors", async () => {
    const names = procedureNames();
    const checked: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content?.["application/json"]?.schema;
        if (!schema) continue;
        const name = names.get(`${method.toUpperCase()} ${path}`);
        expect(name, `${method} ${path} has a procedure`).toBeDefined();
        const pathValues: Record<string, string> = {};
        for (const p of operation.parameters ?? []) {
          if (p.in !== "path") continue;
          const s = resolve(doc, p.schema ?? {});
          pathValues[p.name] = s.format === "uuid" ? randomUUID() : typeof s.enum?.[0] === "string" ? s.enum[0] : "1";
        }
        const url = path.replace(/\{(\w+)\}/g, (_m, key: string) => pathValues[key]!);
        for (const field of typedFields(doc, schema)) {
          // The string a lenient reader would take for the right value: "false", "60".
          const wrong = String(field.valid);
          const body = bodyWith(field.path, wrong);
          // REST first: before the fix, the REST call changed the shared schema and /trpc then accepted it too.
          const answers: [Door, ApiResponse][] = [
            ["rest", await admin.raw(method.toUpperCase(), url, body)],
            ["trpc", await admin.call("trpc", name!, { ...body, ...pathValues })],
          ];
          for (const [door, res] of answers) {
            const where = `${door} ${method} ${path} ${field.path}=${JSON.stringify(wrong)}`;
            expect(res.status, where).toBe(400);
            expect((res.body as { message: string }).message, where).toContain(`${field.path}: `);
            expect(
              issuesOf(res).some((i) => i.path === field.path),
              where,
            ).toBe(true);
          }
          checked.push(`${method} ${path} ${field.path}`);
        }
      }
    }
    // The walk reached the fields the issue names (and so did not silently find nothing).
    expect(checked).toEqual(
      expect.arrayContaining([
        "post /api/appointments confirm",
        "post /api/appointments durationMinutes",
        "post /api/calendar/appointment confirm",
        "put /api/working-hours/{dayOfWeek} isActive",
        "put /api/working-hours days.0.isActive",
        "post /api/time-blocks isRecurring",
        "patch /api/time-blocks/{id} isRecurring",
        "post /api/admin/gallery isPublished",
      ]),
    );
  });

  it("keeps the strings the product documents as strings: estimatedValue and displayOrder", () => {
    const lead = resolve(doc, doc.paths["/api/leads"]!.post!.requestBody!.content!["application/json"]!.schema!);
    const image = resolve(doc, doc.paths["/api/admin/gallery"]!.post!.requestBody!.content!["application/json"]!.schema!);
    expect(
      typesOf(resolve(doc, lead.properties!.estimatedValue!)).concat(...(lead.properties!.estimatedValue!.anyOf ?? []).map(typesOf)),
    ).toContain("string");
    expect(
      typesOf(resolve(doc, image.properties!.displayOrder!)).concat(...(image.properties!.displayOrder!.anyOf ?? []).map(typesOf)),
    ).toContain("string");
  });
});

describe.each(doors)("the issue's three wrong-typed bodies through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("strict"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it('refuses "confirm":"false" and books nothing over a taken slot', async () => {
    const slot = { appointmentDate: JULY_TUESDAY, appointmentTime: "10:00" };
    const first = await admin.call(door, "appointments.book", { ...newClient(), ...slot });
    expect(first.status).toBe(200);
    const second = newClient();
    const res = await admin.call(door, "appointments.book", { ...second, ...slot, confirm: "false" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("confirm: ");
    // Nothing was saved: the client is not among the leads, and the slot holds one appointment.
    const leads = await admin.call(door, "leads.list");
    expect((leads.body as { email: string }[]).some((l) => l.email === second.email)).toBe(false);
    const range = await admin.call(door, "appointments.range", {
      start: julyAt(JULY_TUESDAY, "00:00"),
      end: julyAt(JULY_TUESDAY, "23:00"),
      scope: "all",
    });
    expect(range.body.appointments).toHaveLength(1);
    // A real boolean still works as documented.
    const anyway = await admin.call(door, "appointments.book", { ...second, ...slot, confirm: true });
    expect(anyway.status).toBe(200);
  });

  it('refuses "isActive":"false" on PUT /api/working-hours/1 and stores nothing', async () => {
    const res = await admin.call(door, "workingHours.update", { dayOfWeek: "1", isActive: "false", startTime: "09:00", endTime: "17:00" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("isActive: ");
    const week = await admin.call(door, "workingHours.list");
    expect((week.body as { dayOfWeek: string; isActive: boolean }[]).find((d) => d.dayOfWeek === "1")?.isActive).toBe(true);
    const off = await admin.call(door, "workingHours.update", { dayOfWeek: "1", isActive: false, startTime: "09:00", endTime: "17:00" });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
  });

  it('refuses "isRecurring":"false" on POST /api/time-blocks as a wrong type, not "needs a pattern"', async () => {
    const block = { title: "Lunch", startDateTime: julyAt(JULY_TUESDAY, "12:00"), endDateTime: julyAt(JULY_TUESDAY, "13:00") };
    const res = await admin.call(door, "timeBlocks.create", { ...block, isRecurring: "false" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("isRecurring: ");
    expect(res.body.message).not.toMatch(/pattern/i);
    expect((await admin.call(door, "timeBlocks.list")).body).toEqual([]);
    const ok = await admin.call(door, "timeBlocks.create", { ...block, isRecurring: false });
    expect(ok.status).toBe(200);
    expect(ok.body.isRecurring).toBe(false);
  });

  it("still refuses a number sent as a string in a body (durationMinutes)", async () => {
    const res = await admin.call(door, "appointments.book", {
      ...newClient(),
      appointmentDate: JULY_TUESDAY,
      appointmentTime: "14:00",
      durationMinutes: "90",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("durationMinutes: ");
  });
});
