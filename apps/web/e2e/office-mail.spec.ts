import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { createInvitation, expect, newUser, test, waitForHydration } from "./fixtures";
import { createLead, openDashboard, signInAsAdmin, submitContactForm, toast, uniquePhone, uniqueToken } from "./dashboard-fixtures";

// The office's lists and mail settings: a request from an existing lead flagged in the contact list,
// an invitation link that fills in and locks the invited address (with and without JavaScript), and
// the notification settings' per-recipient kinds and test mail.

async function expectNoAxeViolations(page: Page, screen: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${screen}: axe violations`,
  ).toEqual([]);
}

test.describe("the office's mail and lists", { tag: "@any-device" }, () => {
  test("a request from someone already a lead says so in the contact list, before any click", async ({ page, baseURL, request }) => {
    await signInAsAdmin(page.request, baseURL);
    const token = uniqueToken();
    const phone = uniquePhone();
    const lead = await createLead(page.request, baseURL, { name: `Jordan ${token}`, email: `jordan.${token}@example.com`, phone });
    // The same address in capitals; the same number written another way; someone new.
    await submitContactForm(request, baseURL, { name: `By Email ${token}`, email: `JORDAN.${token}@EXAMPLE.COM`, zipCode: "28801" });
    await submitContactForm(request, baseURL, {
      name: `By Phone ${token}`,
      email: `other.${token}@example.com`,
      phone: `+1 ${phone.replace(/\D/g, "").replace(/(\d{3})(\d{3})(\d{4})$/, "$1.$2.$3")}`,
      zipCode: "28801",
    });
    await submitContactForm(request, baseURL, { name: `Stranger ${token}`, email: `stranger.${token}@example.com`, zipCode: "28801" });

    await openDashboard(page);
    await page.getByRole("tab", { name: "Contact Submissions" }).click();
    for (const name of [`By Email ${token}`, `By Phone ${token}`]) {
      await expect(page.getByRole("article", { name })).toContainText(`Existing lead: ${lead.name} (New)`);
    }
    await expect(page.getByRole("article", { name: `Stranger ${token}` })).toBeVisible();
    await expect(page.getByRole("article", { name: `Stranger ${token}` })).not.toContainText("Existing lead");
    await expectNoAxeViolations(page, "contact submissions with an existing lead");
  });

  test("an invitation link fills in the invited address and locks it; the account registers with it", async ({ browser, baseURL }) => {
    const invitee = newUser("locked");
    const { url } = await createInvitation(baseURL, { email: invitee.email });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(url);
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Register" });
    const email = form.getByLabel("Email");
    await expect(email).toHaveValue(invitee.email);
    await expect(email).not.toBeEditable();
    await expect(form.getByText("Your invitation is for this address.")).toBeVisible();
    await expectNoAxeViolations(page, "register with an invitation");
    await form.getByLabel("Username").fill(invitee.username);
    await form.getByLabel("Password").fill(invitee.password);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });

  test("a used invitation's link says so on the Register form", async ({ browser, baseURL }) => {
    const first = newUser("once");
    const invitation = await createInvitation(baseURL, { email: first.email });
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const registered = await page.request.post("/api/register", {
      headers: { Origin: new URL(baseURL!).origin },
      data: { ...first, inviteToken: invitation.token },
    });
    expect(registered.status()).toBe(200);
    await page.context().clearCookies();
    await page.goto(invitation.url);
    await waitForHydration(page);
    await expect(page.getByRole("form", { name: "Register" }).getByRole("alert")).toContainText("This invitation has already been used");
    await context.close();
  });

  test("notification settings: which mail each recipient gets, and a test mail to them", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const section = page.getByRole("region", { name: "Notifications" });
    const address = `kinds-${uniqueToken()}@example.com`;
    await section.getByRole("button", { name: "Add recipient" }).click();
    await section
      .getByRole("textbox", { name: /Office recipient \d+ e-mail/ })
      .last()
      .fill(address);
    const kinds = section.getByRole("group", { name: /Mail office recipient \d+ gets/ }).last();
    await expect(kinds.getByRole("checkbox", { name: "New requests from the contact form" })).toBeChecked();
    await kinds.getByRole("checkbox", { name: "Appointments booked and moved" }).setChecked(false);
    await section.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const again = page.getByRole("region", { name: "Notifications" });
    await expect(again.getByRole("textbox", { name: /Office recipient \d+ e-mail/ }).last()).toHaveValue(address);
    const saved = again.getByRole("group", { name: /Mail office recipient \d+ gets/ }).last();
    await expect(saved.getByRole("checkbox", { name: "New requests from the contact form" })).toBeChecked();
    await expect(saved.getByRole("checkbox", { name: "Appointments booked and moved" })).not.toBeChecked();
    await expectNoAxeViolations(page, "notification settings with kinds");

    await again.getByRole("button", { name: "Send test mail" }).click();
    await expect(again.getByRole("status").filter({ hasText: "Test mail queued for" })).toContainText(address);

    // Put back what other runs expect.
    await again.getByRole("button", { name: `Remove ${address}` }).click();
    await again.getByRole("button", { name: "Save notification settings" }).click();
    await expect(toast(page, "Notification settings saved")).toBeVisible();
  });
});

test.describe("the invited address without JavaScript", { tag: "@any-device" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server-rendered Register form has the invited address, read-only, and registers with it", async ({ page, baseURL }) => {
    const invitee = newUser("nojs-locked");
    const { url } = await createInvitation(baseURL, { email: invitee.email });
    await page.goto(url);
    const form = page.getByRole("form", { name: "Register" });
    await expect(form.getByLabel("Email")).toHaveValue(invitee.email);
    await expect(form.getByLabel("Email")).toHaveAttribute("readonly", "");
    await form.getByLabel("Username").fill(invitee.username);
    await form.getByLabel("Password").fill(invitee.password);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const me = await page.request.get("/api/user");
    expect(((await me.json()) as { email: string }).email).toBe(invitee.email);
  });
});
