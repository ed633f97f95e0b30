import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { createLead, openDashboard, signInAsAdmin, toast, uniqueToken } from "./dashboard-fixtures";
import { expect, test } from "./fixtures";

type Received = { id: string; type: string; data: { lead?: { name: string } } };

/** A receiver on loopback (the e2e server runs with WEBHOOKS_ALLOW_HTTP=true) that verifies signatures like an integrator's. */
async function startReceiver(): Promise<{ url: string; received: Received[]; secret: { value: string }; server: Server }> {
  const received: Received[] = [];
  const secret = { value: "" };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        const body = new Webhook(secret.value).verify(
          Buffer.concat(chunks).toString("utf8"),
          req.headers as Record<string, string>,
        ) as Omit<Received, "id">;
        received.push({ id: String(req.headers["webhook-id"]), ...body });
        res.writeHead(204).end();
      } catch {
        res.writeHead(401).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, secret, server };
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
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
