// Webhooks say a service's catalogue label beside its id (serviceLabel), and the id stays what was
// sent: a lead's (created, deleted) and a contact request's, on both doors.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { WebhookReceiver } from "@crawlguard/testing/webhook-receiver";

describe("webhooks' service labels", () => {
  let srv: TestServer;
  let receiver: WebhookReceiver;
  let admin: ApiClient;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    srv = await startTestServer({ WEBHOOKS_ALLOW_HTTP: "true", WEBHOOKS_RETRY_BASE_SECONDS: "0.2", WEBHOOKS_POLL_MS: "100" });
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(async () => {
    await srv?.stop();
    await receiver?.stop();
  });

  it.each(doors)("a lead's and a request's service go with its label; the id as sent (%s door)", async (door) => {
    const path = `/labels-${door}-${randomUUID().slice(0, 8)}`;
    const endpoint = await admin.call("rest", "webhooks.create", {
      url: `${receiver.url}${path}`,
      events: ["contact.received", "lead.created", "lead.deleted"],
      description: "labels",
    });
    expect(endpoint.status).toBe(200);
    receiver.expect(path, endpoint.body.secret as string);

    const lead = await admin.call(door, "leads.create", {
      name: `Drain Client ${door}`,
      email: `drain-${door}-${randomUUID().slice(0, 6)}@example.com`,
      zipCode: "28801",
      // The Schedule Appointment modal's id, and free text sent through the API.
      service: "french-drain-installation",
    });
    expect(lead.status).toBe(200);
    const freeText = await admin.call(door, "leads.create", {
      name: `Free Text ${door}`,
      email: `free-${door}-${randomUUID().slice(0, 6)}@example.com`,
      zipCode: "28801",
      service: "french-drain-systems",
    });
    expect((await admin.call(door, "leads.delete", { id: freeText.body.id })).status).toBe(200);
    const anon = new ApiClient(srv.url);
    for (const service of ["vapor-barriers", undefined]) {
      const res = await anon.call(door, "contact.submit", {
        name: `Requester ${door} ${service ?? "none"}`,
        email: `req-${randomUUID().slice(0, 6)}@example.com`,
        zipCode: "28801",
        ...(service ? { service } : {}),
      });
      expect(res.status).toBe(200);
    }

    await receiver.until(() => receiver.on(path).length >= 5, 30_000);
    const data = receiver
      .on(path)
      .map((r) => ({ kind: String(r.body.type), body: r.body.data as Record<string, Record<string, unknown>> }));
    const created = data.filter((d) => d.kind === "lead.created").map((d) => d.body["lead"] as Record<string, unknown>);
    expect(created.find((l) => l["id"] === lead.body.id)).toMatchObject({
      service: "french-drain-installation",
      serviceLabel: "French Drain Systems",
    });
    // Beside the id, in the body's order.
    const keys = Object.keys(created[0]!);
    expect(keys.indexOf("serviceLabel")).toBe(keys.indexOf("service") + 1);
    expect(data.find((d) => d.kind === "lead.deleted")!.body["lead"]).toMatchObject({
      id: freeText.body.id,
      service: "french-drain-systems",
      serviceLabel: "French Drain Systems",
    });
    const requests = data.filter((d) => d.kind === "contact.received").map((d) => d.body["submission"] as Record<string, unknown>);
    expect(requests.map((s) => [s["service"], s["serviceLabel"]]).sort()).toEqual(
      [
        [null, null],
        ["vapor-barriers", "Crawl Space Encapsulation"],
      ].sort(),
    );
    // What is stored stays as sent.
    expect((await admin.call(door, "leads.get", { id: lead.body.id })).body).toMatchObject({ service: "french-drain-installation" });
    await admin.call("rest", "webhooks.remove", { id: endpoint.body.id });
  });
});
