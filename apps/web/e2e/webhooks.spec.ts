import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CreatedWebhook, WebhookCreateInput } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoAxeViolations } from "./axe-fixtures";
import { createLead, openDashboard, signInAsAdmin, toast, uniqueToken, updateLead } from "./dashboard-fixtures";
import { expect, test } from "./fixtures";
import { seeAndDismissToast } from "./gallery-fixtures";

type Received = {
  id: string;
  type: string;
  data: { webhookId?: string; changed?: string[]; lead?: { id: string; name: string } & Record<string, unknown> };
  /** The body and headers as they came, to verify again with another secret. */
  raw: string;
  headers: Record<string, string>;
};

/** A receiver on loopback (the e2e server runs with WEBHOOKS_ALLOW_HTTP=true) that verifies signatures like an integrator's. */
async function startReceiver(): Promise<{ url: string; received: Received[]; secret: { value: string }; server: Server }> {
  const received: Received[] = [];
  const secret = { value: "" };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = req.headers as Record<string, string>;
      try {
        const body = new Webhook(secret.value).verify(raw, headers) as Omit<Received, "id" | "raw" | "headers">;
        received.push({ id: String(req.headers["webhook-id"]), ...body, raw, headers });
        res.writeHead(204).end();
      } catch {
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, secret, server };
}

async function stopReceiver(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** Registers an endpoint through the REST door as the admin `request` is signed in as (its secret is in this answer only). */
async function addWebhook(request: APIRequestContext, baseURL: string | undefined, input: WebhookCreateInput): Promise<CreatedWebhook> {
  const response = await request.post("/api/webhooks", { data: input, headers: { Origin: new URL(baseURL ?? "").origin } });
  expect(response.ok(), `POST /api/webhooks answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as CreatedWebhook;
}

/** Deletes an endpoint, so that nothing more is queued for a receiver that has stopped. */
async function removeWebhook(request: APIRequestContext, baseURL: string | undefined, id: string): Promise<void> {
  const response = await request.delete(`/api/webhooks/${id}`, { headers: { Origin: new URL(baseURL ?? "").origin } });
  expect(response.ok(), `DELETE /api/webhooks/${id} answered ${response.status()}`).toBe(true);
}

/** The endpoint's card in User Management → Webhooks. */
async function openWebhookCard(page: Page, url: string): Promise<Locator> {
  await openDashboard(page);
  await page.getByRole("tab", { name: "User Management" }).click();
  const card = page.getByRole("region", { name: "Webhooks" }).getByRole("listitem").filter({ hasText: url });
  await expect(card).toHaveCount(1);
  return card;
}

test("an admin adds a webhook, sees a lead's delivery in its log, and resends it", { tag: "@any-device" }, async ({ page, baseURL }) => {
  const receiver = await startReceiver();
  try {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const section = page.getByRole("region", { name: "Webhooks" });
    await section.getByRole("button", { name: "Add Webhook" }).click();

    const dialog = page.getByRole("dialog", { name: "Add Webhook" });
    const url = `${receiver.url}/e2e-${uniqueToken()}`;
    // Nothing chosen yet: the dialog says what is missing.
    await dialog.getByLabel("Endpoint URL").fill(url);
    await dialog.getByRole("button", { name: "Add Webhook" }).click();
    await expect(dialog.getByText("Choose at least one event")).toBeVisible();
    await dialog.locator("label").filter({ hasText: "Lead created (lead.created)" }).click();
    await expect(dialog.getByRole("checkbox", { name: /Lead created/ })).toBeChecked();
    await dialog.getByLabel("Description").fill("E2E receiver");
    await dialog.getByRole("button", { name: "Add Webhook" }).click();
    await expect(dialog).toBeHidden();

    // The secret is shown once.
    const shown = page.getByRole("region", { name: "New webhook secret" });
    const secretInput = shown.getByLabel("Signing secret");
    await expect(secretInput).toHaveValue(/^whsec_/);
    receiver.secret.value = await secretInput.inputValue();
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();

    const card = section.getByRole("listitem").filter({ hasText: url });
    await expect(card.getByText("Enabled", { exact: true })).toBeVisible();

    // An event: a lead is created (by anyone, anywhere).
    const name = `Webhook Lead ${uniqueToken()}`;
    await createLead(page.request, baseURL, { name });
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]).toMatchObject({ type: "lead.created", data: { lead: { name } } });

    await card.getByRole("button", { name: "Deliveries of E2E receiver" }).click();
    const log = card.getByRole("list", { name: "Deliveries" });
    const entry = log.getByRole("listitem").first();
    await expect(entry).toContainText("lead.created");
    await expect(entry.getByText("Delivered")).toBeVisible();
    await expect(entry).toContainText("1 attempt · HTTP 204");

    // Resend: the same webhook-id again (receivers dedupe by it).
    await entry.getByRole("button", { name: /^Resend lead\.created/ }).click();
    await expect(toast(page, "Delivery resent")).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
    await card.getByRole("button", { name: /^Refresh deliveries/ }).click();
    await expect(entry).toContainText("2 attempts · HTTP 204");

    // Clean up: deleted after confirming, nothing more is sent.
    await card.getByRole("button", { name: "Delete E2E receiver" }).click();
    await page.getByRole("alertdialog", { name: "Delete webhook?" }).getByRole("button", { name: "Delete Webhook" }).click();
    await expect(toast(page, "Webhook deleted")).toBeVisible();
    await expect(section.getByRole("listitem").filter({ hasText: url })).toHaveCount(0);
  } finally {
    await stopReceiver(receiver.server);
  }
});

test(
  "Send Test reaches a verifying receiver, and after Rotate Secret deliveries verify with the new secret and the old",
  { tag: "@any-device" },
  async ({ page, baseURL }) => {
    const receiver = await startReceiver();
    await signInAsAdmin(page.request, baseURL);
    const label = `Rotating receiver ${uniqueToken()}`;
    const url = `${receiver.url}/rotate-${uniqueToken()}`;
    const endpoint = await addWebhook(page.request, baseURL, { url, events: ["lead.created"], description: label });
    receiver.secret.value = endpoint.secret;
    // A lead made anywhere reaches this endpoint too: the test events are found by their type.
    const testEvents = () => receiver.received.filter((r) => r.type === "webhook.test");
    try {
      const card = await openWebhookCard(page, url);

      // Send Test: a signed webhook.test now; the toast says what the receiver answered (401 had it not verified).
      await card.getByRole("button", { name: `Send a test event to ${label}` }).click();
      await expect(toast(page, "Test event delivered")).toContainText("The endpoint answered 204.");
      await seeAndDismissToast(page, "Test event delivered");
      expect(testEvents()).toHaveLength(1);
      expect(testEvents()[0]).toMatchObject({ data: { webhookId: endpoint.id } });

      // Rotate Secret: asked first; the new secret is shown once, on the card.
      await card.getByRole("button", { name: `Rotate the signing secret of ${label}` }).click();
      await page.getByRole("alertdialog", { name: "Rotate signing secret?" }).getByRole("button", { name: "Rotate Secret" }).click();
      const shown = card.getByRole("region", { name: "New webhook secret" });
      await expect(shown).toContainText(`New signing secret for ${url}`);
      const newSecret = await shown.getByLabel("Signing secret").inputValue();
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(endpoint.secret);
      await expect(card).toContainText("Secret rotated: the old one also signs until");
      await shown.getByRole("button", { name: "Done" }).click();
      await expect(shown).toHaveCount(0);

      // The receiver still verifies with the old secret: during the overlap the test event is delivered,
      // and the same request verifies with the new secret too (two signatures).
      await card.getByRole("button", { name: `Send a test event to ${label}` }).click();
      await expect(toast(page, "Test event delivered")).toContainText("The endpoint answered 204.");
      expect(testEvents()).toHaveLength(2);
      const afterRotation = testEvents()[1]!;
      expect(afterRotation.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
      expect(() => new Webhook(newSecret).verify(afterRotation.raw, afterRotation.headers)).not.toThrow();

      // Switched to the new secret, the receiver accepts a real delivery, which the old one verifies as well.
      receiver.secret.value = newSecret;
      const name = `Rotated Lead ${uniqueToken()}`;
      await createLead(page.request, baseURL, { name });
      const leadDelivery = () => receiver.received.find((r) => r.type === "lead.created" && r.data.lead?.name === name);
      await expect.poll(leadDelivery).toBeDefined();
      const delivery = leadDelivery()!;
      expect(() => new Webhook(endpoint.secret).verify(delivery.raw, delivery.headers)).not.toThrow();
      // A secret that never signed does not verify: the checks above could fail.
      const stranger = `whsec_${randomBytes(24).toString("base64")}`;
      expect(() => new Webhook(stranger).verify(delivery.raw, delivery.headers)).toThrow();
    } finally {
      await removeWebhook(page.request, baseURL, endpoint.id);
      await stopReceiver(receiver.server);
    }
  },
);

test("an admin edits an existing webhook to send staff fields, and the next lead.updated carries them @any-device", async ({
  page,
  baseURL,
}) => {
  const receiver = await startReceiver();
  await signInAsAdmin(page.request, baseURL);
  const label = `Staff receiver ${uniqueToken()}`;
  const url = `${receiver.url}/staff-${uniqueToken()}`;
  const endpoint = await addWebhook(page.request, baseURL, { url, events: ["lead.updated"], description: label });
  expect(endpoint.includeStaffFields).toBe(false);
  receiver.secret.value = endpoint.secret;
  try {
    const lead = await createLead(page.request, baseURL, { name: `Staff Fields ${uniqueToken()}` });
    /** The lead.updated this lead's change to `field` sent. */
    const updateOf = (field: string) =>
      receiver.received.find((r) => r.type === "lead.updated" && r.data.lead?.id === lead.id && r.data.changed?.includes(field));

    // As registered: the change is named, its value is not sent.
    await updateLead(page.request, baseURL, lead.id, { notes: "Gate code 1111" });
    await expect.poll(() => updateOf("notes")).toBeDefined();
    expect(updateOf("notes")!.data.lead).not.toHaveProperty("notes");

    const card = await openWebhookCard(page, url);
    await expect(card.getByText("Staff fields", { exact: true })).toHaveCount(0);
    const edit = card.getByRole("button", { name: `Edit ${label}` });
    await edit.click();
    const dialog = page.getByRole("dialog", { name: "Edit Webhook" });
    // The dialog holds the endpoint as it is.
    await expect(dialog.getByLabel("Endpoint URL")).toHaveValue(url);
    await expect(dialog.getByLabel("Description")).toHaveValue(label);
    await expect(dialog.getByRole("checkbox", { name: /Lead updated/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /Lead created/ })).not.toBeChecked();
    const staffFields = dialog.getByRole("checkbox", { name: "Include staff-only fields" });
    await expect(staffFields).not.toBeChecked();
    await expectNoAxeViolations(page, "Edit Webhook dialog", '[role="dialog"]');

    // From the keyboard: Space ticks the box, Enter in a field saves.
    await staffFields.focus();
    await page.keyboard.press("Space");
    await expect(staffFields).toBeChecked();
    await dialog.getByLabel("Description").press("Enter");
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(toast(page, "Webhook saved")).toContainText("Events from now on follow these settings.");
    await seeAndDismissToast(page, "Webhook saved");
    await expect(card.getByText("Staff fields", { exact: true })).toBeVisible();

    // On: the next lead.updated carries the lead's staff-only values.
    await updateLead(page.request, baseURL, lead.id, { notes: "Gate code 2222", priority: "high" });
    await expect.poll(() => updateOf("priority")).toBeDefined();
    expect(updateOf("priority")!.data.lead).toMatchObject({ notes: "Gate code 2222", priority: "high" });

    // Off again: the card and the next delivery say so.
    await edit.click();
    await expect(staffFields).toBeChecked();
    await staffFields.focus();
    await page.keyboard.press("Space");
    await expect(staffFields).not.toBeChecked();
    await dialog.getByRole("button", { name: "Save Webhook" }).click();
    await expect(dialog).toBeHidden();
    await seeAndDismissToast(page, "Webhook saved");
    await expect(card.getByText("Staff fields", { exact: true })).toHaveCount(0);
    await updateLead(page.request, baseURL, lead.id, { estimatedValue: "4500" });
    await expect.poll(() => updateOf("estimatedValue")).toBeDefined();
    const last = updateOf("estimatedValue")!.data.lead;
    expect(last).not.toHaveProperty("notes");
    expect(last).not.toHaveProperty("estimatedValue");
  } finally {
    await removeWebhook(page.request, baseURL, endpoint.id);
    await stopReceiver(receiver.server);
  }
});
