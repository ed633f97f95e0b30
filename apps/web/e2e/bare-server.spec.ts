import { rmSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { makeScratchDir } from "@crawlguard/testing/scratch";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";
import { expect, firstAdmin, loginUser, newUser, registerUser, test, waitForHydration } from "./fixtures";
import { openDashboard, toast } from "./dashboard-fixtures";
import { showGoogleCalendarTab } from "./google-fixtures";

/*
 * A server as a contractor first starts it: no Google OAuth client and no SMTP server. The run's own server has both (the Google emulator, the SMTP sink), so this spec starts
 * the built server of its own (spawnServer, as the API tests and benches do), on an empty embedded
 * database, on a port of its own. Its first account is the admin; staff join by invitation.
 */
// A free port the run chose for it (playwright.config.ts), like every other port of the run.
const PORT = Number(process.env["E2E_BARE_PORT"]);
if (!PORT) throw new Error("E2E_BARE_PORT is unset: playwright.config.ts sets it");
const origin = `http://127.0.0.1:${PORT}`;

test.use({ baseURL: origin });

let server: ServerProcess | null = null;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = makeScratchDir("crawlguard-e2e-bare-");
  server = await spawnServer({ entry: "built", dataDir, port: PORT });
  // The first account on an empty database is the admin: the run's first admin, here too.
  const admin = await playwrightRequest.newContext({ baseURL: origin });
  const response = await admin.post("/api/register", { data: firstAdmin, headers: { Origin: origin } });
  expect(response.ok(), `register answered ${response.status()}: ${await response.text()}`).toBe(true);
  await admin.dispose();
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.describe("a server without Google or SMTP settings", { tag: "@any-device" }, () => {
  test("an admin reads that Google Calendar is not set up, with what to set, before clicking anything", async ({ page }) => {
    await loginUser(page.request, origin, firstAdmin);
    await openDashboard(page);
    const panel = await showGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection.getByText("Google Calendar is not set up on this server", { exact: true })).toBeVisible();
    await expect(connection.getByText(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/)).toBeVisible();
    await expect(connection.locator("code")).toHaveText(`${origin}/oauth/google/callback`);
    // Nothing to click that could not work, and the tab's promise matches the state.
    await expect(panel.getByRole("button", { name: /Connect/ })).toHaveCount(0);
    await expect(panel.getByText(/^Google Calendar is not set up on this server, so appointments stay in this dashboard/)).toBeVisible();
    await expect(panel.getByText(/goes to the office's Google Calendar/)).toHaveCount(0);
  });

  test("staff are told to ask their administrator, without the technical steps", async ({ page }) => {
    const staff = newUser("staff");
    await registerUser(page.request, origin, staff);
    await openDashboard(page);
    const panel = await showGoogleCalendarTab(page);
    const connection = panel.getByRole("region", { name: "Connection Status" });
    await expect(connection.getByText("Google Calendar is not set up on this server — ask your administrator.")).toBeVisible();
    await expect(connection.getByText(/GOOGLE_CLIENT_ID/)).toHaveCount(0);
    await expect(connection.locator("code")).toHaveCount(0);
    await expect(panel.getByRole("button", { name: /Connect/ })).toHaveCount(0);
  });

  test("the Notifications settings say mail is not configured and where to configure it", async ({ page }) => {
    await loginUser(page.request, origin, firstAdmin);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section.getByRole("status").filter({ hasText: "SMTP_URL" })).toBeVisible();
    // A fresh page reads the same (the notice comes from the server, not from a click).
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: "SMTP_URL" })).toBeVisible();
  });

  test("the only admin cannot give the role up: the server says why, and the role stays", async ({ page }) => {
    await loginUser(page.request, origin, firstAdmin);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const role = page.getByRole("article", { name: firstAdmin.username }).getByRole("combobox", { name: `Role of ${firstAdmin.username}` });
    await expect(role).toHaveValue("admin");
    await role.selectOption("office");
    await expect(toast(page, "Failed to change role")).toContainText("This is the only admin");
    await expect(role).toHaveValue("admin");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(
      page.getByRole("article", { name: firstAdmin.username }).getByRole("combobox", { name: `Role of ${firstAdmin.username}` }),
    ).toHaveValue("admin");
  });
});
