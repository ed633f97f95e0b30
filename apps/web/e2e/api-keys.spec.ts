import type { CreatedApiKey } from "@crawlguard/validators";
import { request as playwrightRequest } from "@playwright/test";
import { expectNoAxeViolations } from "./axe-fixtures";
import { expect, newUser, test } from "./fixtures";
import { openDashboard, signInAsAdmin, toast } from "./dashboard-fixtures";

// API keys: an admin makes a key in User Management, sees it once, an integration uses
// it (no cookie, no Origin), and revoking it refuses the integration at once; its Calls list what it did.

test.describe("API keys", { tag: "@any-device" }, () => {
  test("an admin creates a key, sees it once, it works as a bearer, and revoking it refuses it", async ({ page, baseURL }) => {
    const name = `Zapier ${newUser("key").username}`;
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();

    const form = page.getByRole("form", { name: "New API key" });
    await form.getByRole("button", { name: "Create API Key" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await form.getByLabel("Key name").fill(name);
    await form.getByLabel("Access").selectOption("read-write");
    await form.getByRole("button", { name: "Create API Key" }).click();

    const created = page.getByRole("region", { name: "New API key" });
    await expect(created).toContainText(`API key “${name}” created`);
    const key = await created.getByLabel("API key").inputValue();
    expect(key).toMatch(/^cg_live_[\w-]{43}$/);
    const row = page.getByRole("listitem", { name: `API key ${name}` });
    await expect(row).toContainText("Read and write");
    await expect(row).toContainText("never used");
    await expect(row).not.toContainText(key);

    // The integration: its own HTTP client, no cookie, no Origin.
    const integration = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    const leads = await integration.get("/api/leads?limit=5");
    expect(leads.status()).toBe(200);
    expect(await leads.json()).toMatchObject({ hasMore: expect.any(Boolean), nextCursor: expect.any(String) });
    const lead = await integration.post("/api/contact", {
      data: { name: "Forwarded Lead", email: "forwarded@example.com", zipCode: "28801", message: `From ${name}` },
    });
    expect(lead.status()).toBe(200);

    // Shown once: gone after Done and a reload; the list says it was used.
    await created.getByRole("button", { name: "Done" }).click();
    await expect(created).toHaveCount(0);
    await page.reload();
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(row).toContainText("last used");

    await row.getByRole("button", { name: `Revoke API key ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke API key?" }).or(page.getByRole("dialog", { name: "Revoke API key?" }));
    await confirm.getByRole("button", { name: "Revoke Key" }).click();
    await expect(toast(page, "API key revoked")).toBeVisible();
    await expect(row).toContainText("Revoked");
    const refused = await integration.get("/api/leads");
    expect(refused.status()).toBe(401);
    expect((await refused.json()).message).toBe("This API key has been revoked");
    await integration.dispose();
  });

  test("a key's Calls list the calls it made, newest first, with method, path and status", async ({ page, baseURL }) => {
    const name = `Reader ${newUser("key").username}`;
    await signInAsAdmin(page.request, baseURL);
    const made = await page.request.post("/api/api-keys", {
      data: { name, scope: "read" },
      headers: { Origin: new URL(baseURL ?? "").origin },
    });
    expect(made.ok(), `POST /api/api-keys answered ${made.status()}`).toBe(true);
    const { key } = (await made.json()) as CreatedApiKey;
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();

    const row = page.getByRole("listitem", { name: `API key ${name}` });
    const toggle = row.getByRole("button", { name: `Calls made with ${name}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(row.getByRole("heading", { name: "Recent calls" })).toBeVisible();
    await expect(row.getByText("No calls yet.")).toBeVisible();

    // The integration reads, then tries to write with a read-only key.
    const integration = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
    try {
      expect((await integration.get("/api/leads?limit=5")).status()).toBe(200);
      const refused = await integration.post("/api/leads", { data: { name: "Not Sent", email: "not.sent@example.com", zipCode: "28801" } });
      expect(refused.status()).toBe(403);
    } finally {
      await integration.dispose();
    }

    // A call is recorded once it is answered: Refresh until both show.
    const calls = row.getByRole("list", { name: `Calls made with ${name}` });
    await expect(async () => {
      await row.getByRole("button", { name: `Refresh calls of ${name}` }).click();
      await expect(calls.getByRole("listitem")).toHaveCount(2, { timeout: 1_000 });
    }).toPass();
    const newest = calls.getByRole("listitem").first();
    const oldest = calls.getByRole("listitem").last();
    await expect(newest).toContainText("POST /api/leads");
    await expect(newest.getByLabel("Status 403")).toBeVisible();
    await expect(newest).toContainText(/127\.0\.0\.1/);
    // The path without its query string.
    await expect(oldest.getByText("GET /api/leads", { exact: true })).toBeVisible();
    await expect(oldest.getByLabel("Status 200")).toBeVisible();
    await expectNoAxeViolations(page, "API key calls", `li[aria-label="API key ${name}"]`);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(calls).toHaveCount(0);
  });
});
