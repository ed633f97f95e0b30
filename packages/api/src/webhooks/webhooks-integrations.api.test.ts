// Webhooks for integrators (docs/api.md "Webhooks"): test events, secret rotation (both signatures
// for 24 hours, then the new one only), a complete lead.updated with staff values only for endpoints
// that ask, attribution on contact.received, absolute image URLs, the event log, the delivery log's
// pages, filters and bodies, and the document's `webhooks` section. Every delivery is verified by a
// receiver with the standardwebhooks package and checked against the documented body of its type.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { webhookBodySchema, webhookBodyTypes, webhookEventTypes, type WebhookBodyType } from "@crawlguard/validators";
import { uploadThrough } from "@crawlguard/testing/gallery";
import {
  ApiClient,
  doors,
  newAccount,
  registerInvited,
  startTestServer,
  type ApiResponse,
  type TestServer,
} from "@crawlguard/testing/harness";
import { imageOf } from "@crawlguard/testing/images";
import { WebhookReceiver, type ReceivedWebhook } from "@crawlguard/testing/webhook-receiver";

const ENV = { WEBHOOKS_ALLOW_HTTP: "true", WEBHOOKS_RETRY_BASE_SECONDS: "0.2", WEBHOOKS_POLL_MS: "100" };
const STAFF_FIELDS = ["notes", "estimatedValue", "priority", "assignedTo", "assigneeName"];

const lead = (name: string) => ({ name, email: `${randomUUID().slice(0, 8)}@example.com`, zipCode: "28801", service: "consultation" });

/**
 * A received body matches the documented body of its type, field for field: every field it has is
 * declared (a field sent but not documented is a failure, as an undocumented one would be for a
 * generated receiver), and the schema accepts it.
 */
function expectDocumented(received: ReceivedWebhook): void {
  const type = received.body.type as WebhookBodyType;
  expect(webhookBodyTypes).toContain(type);
  const schema = webhookBodySchema(type);
  const parsed = schema.safeParse(received.body);
  expect(parsed.success, `${type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  const undeclared = (value: unknown, shape: z.ZodType, at: string): string[] => {
    let inner: z.ZodType = shape;
    while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    if (value === null || typeof value !== "object") return [];
    if (inner instanceof z.ZodArray)
      return (value as unknown[]).flatMap((v, i) => undeclared(v, inner.element as z.ZodType, `${at}[${i}]`));
    if (!(inner instanceof z.ZodObject)) return [];
    const fields = inner.shape as Record<string, z.ZodType>;
    return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
      fields[key] ? undeclared(v, fields[key], `${at}.${key}`) : [`${at}.${key}`],
    );
  };
  expect(undeclared(received.body, schema, type)).toEqual([]);
}

describe.each(doors)("webhooks for integrators through the %s door", (door) => {
  let srv: TestServer;
  let receiver: WebhookReceiver;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    srv = await startTestServer(ENV);
    admin = new ApiClient(srv.url);
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, door)).status).toBe(200);
  });
  afterAll(async () => {
    await srv?.stop();
    await receiver?.stop();
  });

  const register = async (path: string, events: readonly string[], extra: Record<string, unknown> = {}) => {
    const res = await admin.call(door, "webhooks.create", { url: `${receiver.url}${path}`, events, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    receiver.expect(path, res.body.secret as string);
    return res.body as { id: string; secret: string; includeStaffFields: boolean };
  };

  it("sends a signed webhook.test event on demand and answers the receiver's outcome", async () => {
    const path = `/test-${randomUUID().slice(0, 8)}`;
    const endpoint = await register(path, ["lead.created"]);
    const sent = await admin.call(door, "webhooks.test", { id: endpoint.id });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ delivered: true, responseStatus: 204, error: null });
    const [got] = receiver.on(path);
    expect(got!.body).toMatchObject({ type: "webhook.test", data: { webhookId: endpoint.id } });
    expect(got!.id).toMatch(/^msg_[0-9a-f-]{36}$/);
    expectDocumented(got!);

    receiver.status = (p) => (p === path ? 500 : 204);
    try {
      expect((await admin.call(door, "webhooks.test", { id: endpoint.id })).body).toEqual({
        delivered: false,
        responseStatus: 500,
        error: "The receiver answered 500",
      });
    } finally {
      receiver.status = () => 204;
    }
    // Disabled, it still takes a test (that is how an admin checks a receiver before enabling it).
    expect((await admin.call(door, "webhooks.update", { id: endpoint.id, enabled: false })).status).toBe(200);
    expect((await admin.call(door, "webhooks.test", { id: endpoint.id })).body.delivered).toBe(true);
    // Nothing is queued or logged for a test.
    expect((await admin.call(door, "webhooks.deliveries", { id: endpoint.id })).body).toEqual([]);
    // A receiver that is not there: no status.
    const gone = await admin.call(door, "webhooks.update", { id: endpoint.id, url: "http://127.0.0.1:9/nobody" });
    expect(gone.status).toBe(200);
    const refused = await admin.call(door, "webhooks.test", { id: endpoint.id });
    expect(refused.body).toMatchObject({ delivered: false, responseStatus: null, error: expect.stringMatching(/^Could not deliver/) });
    expect((await admin.call(door, "webhooks.test", { id: randomUUID() })).status).toBe(404);
    expect((await staff.call(door, "webhooks.test", { id: endpoint.id })).status).toBe(403);
  });

  it("rotates a secret: the new one answered once, both signatures for 24 hours, then the new one only", async () => {
    const path = `/rotate-${randomUUID().slice(0, 8)}`;
    const endpoint = await register(path, ["lead.created"]);
    const rotated = await admin.call(door, "webhooks.rotateSecret", { id: endpoint.id });
    expect(rotated.status).toBe(200);
    const secret = rotated.body.secret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    const until = Date.parse(rotated.body.previousSecretExpiresAt as string);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const listed = (await admin.call(door, "webhooks.get", { id: endpoint.id })).body;
    expect(listed).not.toHaveProperty("secret");
    expect(listed.previousSecretExpiresAt).toBe(rotated.body.previousSecretExpiresAt);

    // During the overlap: every delivery verifies with the old secret and with the new one.
    receiver.expect(path, [endpoint.secret, secret]);
    expect((await admin.call(door, "leads.create", lead("Rotation One"))).status).toBe(200);
    await receiver.until(() => receiver.on(path).length >= 1);
    const during = receiver.on(path)[0]!;
    expect(during.signature.split(" ")).toHaveLength(2);
    // A test event is signed the same way.
    expect((await admin.call(door, "webhooks.test", { id: endpoint.id })).body.delivered).toBe(true);

    // After the overlap: the new secret only; a receiver still on the old one refuses it.
    await srv.running.db.sql`UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second' WHERE id = ${endpoint.id}`;
    expect((await admin.call(door, "webhooks.get", { id: endpoint.id })).body.previousSecretExpiresAt).toBeNull();
    receiver.expect(path, secret);
    expect((await admin.call(door, "leads.create", lead("Rotation Two"))).status).toBe(200);
    await receiver.until(() => receiver.on(path).filter((r) => r.body.type === "lead.created").length >= 2);
    const after = receiver.on(path).at(-1)!;
    expect(after.signature.split(" ")).toHaveLength(1);
    expect(() =>
      new Webhook(endpoint.secret).verify(after.raw, {
        "webhook-id": after.id,
        "webhook-timestamp": after.timestamp,
        "webhook-signature": after.signature,
      }),
    ).toThrow();
    expect(receiver.rejected.filter((r) => r.path === path)).toEqual([]);
    expect((await admin.call(door, "webhooks.rotateSecret", { id: randomUUID() })).status).toBe(404);
    expect((await staff.call(door, "webhooks.rotateSecret", { id: endpoint.id })).status).toBe(403);
  });

  it("tells every lead change and names every field; staff values only to an endpoint registered for them", async () => {
    const plain = `/plain-${randomUUID().slice(0, 8)}`;
    const trusted = `/staff-${randomUUID().slice(0, 8)}`;
    const events = ["lead.created", "lead.updated", "lead.deleted"];
    expect((await register(plain, events)).includeStaffFields).toBe(false);
    const withStaff = await register(trusted, events, { includeStaffFields: true });
    expect(withStaff.includeStaffFields).toBe(true);
    const staffId = (await staff.call(door, "auth.me")).body.id as string;

    const created = await admin.call(door, "leads.create", { ...lead("Staff Values"), notes: "Gate code 4321", estimatedValue: "1200" });
    const id = created.body.id as string;
    for (const patch of [{ notes: "Dog in the yard" }, { priority: "high" }, { estimatedValue: "4500" }, { assignedTo: staffId }]) {
      expect((await admin.call(door, "leads.update", { id, ...patch })).status).toBe(200);
    }
    expect((await admin.call(door, "leads.delete", { id })).status).toBe(200);
    const mine = (path: string) => receiver.on(path).filter((r) => r.body.data.lead?.id === id);
    await receiver.until(() => mine(plain).length >= 6 && mine(trusted).length >= 6);

    // Deliveries to one endpoint may arrive in any order: compared sorted.
    const changes = (path: string) =>
      mine(path)
        .filter((r) => r.body.type === "lead.updated")
        .map((r) => (r.body.data.changed as string[]).join(","))
        .sort();
    expect(changes(plain)).toEqual(["assignedTo", "estimatedValue", "notes", "priority"]);
    expect(changes(trusted)).toEqual(changes(plain));
    for (const r of mine(plain)) {
      for (const field of STAFF_FIELDS) expect(r.body.data.lead, `${r.body.type} ${field}`).not.toHaveProperty(field);
      expect(r.raw).not.toMatch(/Gate code|Dog in the yard|4500/);
      expectDocumented(r);
    }
    const lastUpdate = mine(trusted).find((r) => r.body.type === "lead.updated" && r.body.data.changed[0] === "assignedTo")!;
    expect(lastUpdate.body.data.lead).toMatchObject({
      notes: "Dog in the yard",
      priority: "high",
      estimatedValue: "4500",
      assignedTo: staffId,
      assigneeName: expect.any(String),
    });
    expect(mine(trusted).find((r) => r.body.type === "lead.created")!.body.data.lead).toMatchObject({ notes: "Gate code 4321" });
    expect(mine(trusted).find((r) => r.body.type === "lead.deleted")!.body.data.lead).toMatchObject({
      notes: "Dog in the yard",
      priority: "high",
    });
    for (const r of mine(trusted)) expectDocumented(r);
    // The same event, the same webhook-id at both endpoints.
    expect(
      mine(plain)
        .map((r) => r.id)
        .sort(),
    ).toEqual(
      mine(trusted)
        .map((r) => r.id)
        .sort(),
    );

    // The choice is an admin's, can be changed, and is shown.
    const off = await admin.call(door, "webhooks.update", { id: withStaff.id, includeStaffFields: false });
    expect(off.body.includeStaffFields).toBe(false);
  });

  it("carries the submission's id, source and attribution on contact.received, and absolute image URLs", async () => {
    const path = `/contact-${randomUUID().slice(0, 8)}`;
    await register(path, ["contact.received", "gallery.published"]);
    const tag = randomUUID().slice(0, 6);
    const sent = await new ApiClient(srv.url).call(door, "contact.submit", {
      name: `Ada Attribution ${tag}`,
      email: `ada-${tag}@example.com`,
      zipCode: "28801",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: "crawl space",
      utmContent: "ad-1",
      landingPage: "/crawl-space?gclid=1",
      referrer: "https://www.google.com/",
    });
    expect(sent.status).toBe(200);
    await receiver.until(() => receiver.on(path).some((r) => r.body.type === "contact.received"));
    const contact = receiver.on(path).find((r) => r.body.type === "contact.received")!;
    expect(contact.body.data.submission).toMatchObject({
      id: sent.body.id,
      source: null,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: "crawl space",
      utmContent: "ad-1",
      landingPage: "/crawl-space?gclid=1",
      referrer: "https://www.google.com/",
    });
    expectDocumented(contact);

    const { done } = await uploadThrough(admin, door, await imageOf("jpeg"));
    const image = await admin.call(door, "gallery.create", {
      title: "Sealed",
      altText: "a sealed crawl space",
      imageUrl: done!.body.imageUrl,
      isPublished: true,
    });
    expect(image.status).toBe(200);
    await receiver.until(() => receiver.on(path).some((r) => r.body.type === "gallery.published"));
    const published = receiver.on(path).find((r) => r.body.type === "gallery.published")!;
    // No PUBLIC_URL here: the server's own origin.
    expect(published.body.data.image.imageUrl).toMatch(new RegExp(`^${srv.url.replace(/[.]/g, "\\.")}/`));
    expect((await fetch(published.body.data.image.imageUrl as string)).status).toBe(200);
    expectDocumented(published);
  });

  it("keeps an event log of the last 30 days, paged by cursor, with the deliveries' webhook-ids, for admins and keys", async () => {
    const path = `/log-${randomUUID().slice(0, 8)}`;
    await register(path, ["lead.created", "lead.deleted"]);
    const key = (await admin.call(door, "apiKeys.create", { name: "Catch-up", scope: "read" })).body.key as string;
    const tool = new ApiClient(srv.url, { origin: null, headers: { authorization: `Bearer ${key}` } });

    // Read up to now, then make events and read them in pages of 2.
    let cursor: string | undefined;
    for (;;) {
      const page = await tool.call(door, "events.list", { limit: 500, ...(cursor ? { cursor } : {}) });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      cursor = page.body.nextCursor as string;
      if (!page.body.hasMore) break;
    }
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await admin.call(door, "leads.create", lead(`Logged ${n}`))).body.id as string);
    expect((await admin.call(door, "leads.delete", { id: ids[0] })).status).toBe(200);

    const seen: { id: string; type: string; timestamp: string; data: { lead?: { id: string } } }[] = [];
    for (;;) {
      const page: ApiResponse<{ items: typeof seen; nextCursor: string; hasMore: boolean }> = await tool.call(door, "events.list", {
        limit: 2,
        cursor,
      });
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    const ours = seen.filter((e) => ids.includes(e.data.lead?.id ?? ""));
    // In the order they were committed.
    expect(ours.map((e) => `${e.type} ${ids.indexOf(e.data.lead!.id)}`)).toEqual([
      "lead.created 0",
      "lead.created 1",
      "lead.created 2",
      "lead.deleted 0",
    ]);
    await receiver.until(() => receiver.on(path).length >= 4);
    expect(ours.map((e) => e.id).sort()).toEqual(
      receiver
        .on(path)
        .map((r) => r.id)
        .sort(),
    );
    for (const e of ours) expect(Object.keys(e).sort()).toEqual(["data", "id", "timestamp", "type"]);
    // Polling with the last cursor: nothing new.
    const again = await tool.call(door, "events.list", { cursor });
    expect(again.body).toMatchObject({ items: [], hasMore: false, nextCursor: cursor });

    // Events older than 30 days are gone.
    await srv.running.db.sql`UPDATE webhook_events SET occurred_at = now() - interval '31 days' WHERE id = ${ours[0]!.id.slice(4)}`;
    const all = (await admin.call(door, "events.list", { limit: 500 })).body.items as { id: string }[];
    expect(all.map((e) => e.id)).not.toContain(ours[0]!.id);
    expect(all.map((e) => e.id)).toContain(ours[1]!.id);

    expect((await staff.call(door, "events.list", {})).status).toBe(403);
    expect((await new ApiClient(srv.url).call(door, "events.list", {})).status).toBe(401);
    expect((await tool.call(door, "events.list", { cursor: "nope" })).status).toBe(400);
  });

  it("pages the delivery log newest first, filters it by status, and shows each delivery's body", async () => {
    const path = `/deliveries-${randomUUID().slice(0, 8)}`;
    const endpoint = await register(path, ["lead.created"]);
    // The 2nd and 3rd requests fail (and are retried), the rest succeed.
    receiver.status = (p, n) => (p === path && (n === 2 || n === 3) ? 500 : 204);
    try {
      for (const n of [1, 2, 3]) expect((await admin.call(door, "leads.create", lead(`Logged Delivery ${n}`))).status).toBe(200);
      await receiver.until(() => receiver.on(path).length >= 5, 30_000);
    } finally {
      receiver.status = () => 204;
    }
    const log = async (input: Record<string, unknown>) => {
      const res = await admin.call(door, "webhooks.deliveries", { id: endpoint.id, ...input });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string; status: string; payload: string; webhookId: string; attempts: number }[];
    };
    for (let i = 0; i < 50 && (await log({ status: "delivered" })).length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    const all = await log({});
    expect(all).toHaveLength(3);
    const names = all.map((d) => (JSON.parse(d.payload) as { data: { lead: { name: string } } }).data.lead.name);
    expect(names).toEqual(["Logged Delivery 3", "Logged Delivery 2", "Logged Delivery 1"]);
    for (const d of all) {
      const got = receiver.on(path).find((r) => r.id === d.webhookId)!;
      expect(d.payload).toBe(got.raw);
    }
    expect((await log({ status: "delivered" })).length).toBe(3);
    expect(await log({ status: "failed" })).toEqual([]);
    const first = await log({ limit: 2 });
    expect(first.map((d) => d.id)).toEqual(all.slice(0, 2).map((d) => d.id));
    const next = await log({ limit: 2, before: first[1]!.id });
    expect(next.map((d) => d.id)).toEqual([all[2]!.id]);
    expect((await admin.call(door, "webhooks.deliveries", { id: endpoint.id, status: "lost" })).status).toBe(400);
  });

  it("documents every event type in the served document's webhooks section", async () => {
    const doc = (await new ApiClient(srv.url).raw("GET", "/api/openapi.json")).body as {
      openapi: string;
      webhooks: Record<
        string,
        { post: { requestBody: { content: { "application/json": { schema: { properties: { type: { const: string } } } } } } } }
      >;
    };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes, "webhook.test"].sort());
    for (const [type, item] of Object.entries(doc.webhooks)) {
      expect(item.post.requestBody.content["application/json"].schema.properties.type.const).toBe(type);
    }
  });
});
