import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/** The price book through both doors: admins write it, staff and API keys read it, prices are whole cents. */
describe.each(doors)("the price book through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let staff: ApiClient;
  let apiKey: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, door, newAccount("staff"))).status).toBe(200);
    const key = await admin.raw("POST", "/api/api-keys", { name: "Books", scope: "read-write" });
    expect(key.status).toBe(200);
    apiKey = new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${(key.body as { key: string }).key}` } });
  });
  afterAll(() => srv.stop());

  const item = (overrides: Record<string, unknown> = {}) => ({
    name: `Vapor barrier ${Math.random().toString(36).slice(2, 7)}`,
    description: "20-mil reinforced vapor barrier, installed",
    unit: "sq ft",
    unitPriceCents: 299,
    service: "crawl-space-encapsulation",
    ...overrides,
  });

  it("adds an item (admins), answers it with its defaults, and lists it for staff and API keys", async () => {
    const input = item();
    const created = await admin.call(door, "priceBook.create", input);
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      ...input,
      active: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    for (const reader of [staff, apiKey]) {
      const list = await reader.call(door, "priceBook.list");
      expect(list.status).toBe(200);
      expect(list.body).toContainEqual(created.body);
    }
  });

  it("refuses a price that is not a whole number of cents, 0 or more, naming the field", async () => {
    for (const unitPriceCents of ["299", -1, 2.5, null]) {
      const res = await admin.call(door, "priceBook.create", item({ unitPriceCents }));
      expect(res.status, JSON.stringify(unitPriceCents)).toBe(400);
      expect(res.body.message).toMatch(/^unitPriceCents: /);
    }
    const blank = await admin.call(door, "priceBook.create", item({ name: "  ", unit: "" }));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toContain("name: Name is required");
    expect(blank.body.message).toContain("unit: Unit is required");
    const service = await admin.call(door, "priceBook.create", item({ service: "roofing" }));
    expect(service.status).toBe(400);
    expect(service.body.message).toMatch(/^service: /);
  });

  it("lets only admins write: staff 403, logged out 401, an API key 403", async () => {
    const created = (await admin.call(door, "priceBook.create", item())).body as { id: string };
    const anon = new ApiClient(srv.url);
    for (const [client, status] of [
      [staff, 403],
      [anon, 401],
      [apiKey, 403],
    ] as const) {
      expect((await client.call(door, "priceBook.create", item())).status).toBe(status);
      expect((await client.call(door, "priceBook.update", { id: created.id, unitPriceCents: 1 })).status).toBe(status);
      expect((await client.call(door, "priceBook.delete", { id: created.id })).status).toBe(status);
    }
    expect((await anon.call(door, "priceBook.list")).status).toBe(401);
  });

  it("changes the fields given, searches by name or description, filters by active, deletes", async () => {
    const tag = `Sump${Math.random().toString(36).slice(2, 7)}`;
    const a = (await admin.call(door, "priceBook.create", item({ name: `${tag} pump`, unit: "each", unitPriceCents: 89_900 }))).body;
    const b = (await admin.call(door, "priceBook.create", item({ name: "Battery backup", description: `For the ${tag} pit` }))).body;
    const changed = await admin.call(door, "priceBook.update", { id: a.id, unitPriceCents: 94_900, active: false, service: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: a.id, name: `${tag} pump`, unitPriceCents: 94_900, active: false, service: null });

    const found = await staff.call(door, "priceBook.list", { q: tag.toLowerCase() });
    expect((found.body as { id: string }[]).map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    const active = await staff.call(door, "priceBook.list", { q: tag, active: "true" });
    expect((active.body as { id: string }[]).map((i) => i.id)).toEqual([b.id]);
    const inactive = await staff.call(door, "priceBook.list", { q: tag, active: "false" });
    expect((inactive.body as { id: string }[]).map((i) => i.id)).toEqual([a.id]);
    // A search for % matches a percent sign, not everything.
    expect((await staff.call(door, "priceBook.list", { q: "%" })).body).toEqual([]);

    expect((await admin.call(door, "priceBook.delete", { id: a.id })).body).toEqual({ success: true });
    const gone = await admin.call(door, "priceBook.delete", { id: a.id });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Price book item not found");
    expect((await admin.call(door, "priceBook.update", { id: randomUUID(), name: "x" })).status).toBe(404);
  });
});
