import { request as playwrightRequest } from "@playwright/test";
import { expect, newUser, test } from "./fixtures";
import { openDashboard, signInAsAdmin, toast } from "./dashboard-fixtures";

// API keys: an admin makes a key in User Management, sees it once, an integration uses
// it (no cookie, no Origin), and revoking it refuses the integration at once.

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
});
