import type { Page, Request } from "@playwright/test";
import { createInvitation, expect, newUser, registerUser, test, waitForHydration } from "./fixtures";
import { openDashboard, signInAsAdmin, toast } from "./dashboard-fixtures";

// Accounts by invitation (ADR 019) and the /auth forms before or without the page's script
// (ADR 017).

const INVITATION_REQUIRED = "Registration needs an invitation from an administrator";

/** Fills the Register form (the Invitation code field is left as it is). */
async function fillRegister(page: Page, user: { username: string; email: string; password: string }) {
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Username").fill(user.username);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  return form;
}

test.describe("invitations", () => {
  test("an admin invites from User Management and the invitee registers from the link", async ({ page, baseURL, browser }) => {
    const invitee = newUser("invitee");
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await page.getByRole("button", { name: "Invite User" }).click();

    const dialog = page.getByRole("dialog", { name: "Invite User" });
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Create Invitation" }).click();
    await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
    await dialog.getByLabel("Email").fill(invitee.email);
    await dialog.getByRole("button", { name: "Create Invitation" }).click();
    await expect(dialog).toBeHidden();

    const created = page.getByRole("region", { name: "New invitation link" });
    await expect(created).toContainText(`Invitation created for ${invitee.email}`);
    const link = await created.getByLabel("Invitation link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/auth\\?invite=[\\w-]{40,}$`));
    await expect(created.getByRole("button", { name: "Copy Link" })).toBeVisible();
    const pending = page.getByRole("list", { name: "Pending invitations" });
    await expect(pending.getByRole("listitem").filter({ hasText: invitee.email })).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);

    // The invitee, in a browser of their own: the link opens Register with the code filled in.
    const context = await browser.newContext({ baseURL });
    const inviteePage = await context.newPage();
    await inviteePage.goto(link);
    await waitForHydration(inviteePage);
    await expect(inviteePage.getByRole("tab", { name: "Register", selected: true })).toBeVisible();
    // The invitation is for one address: it is filled in and locked.
    const form = inviteePage.getByRole("form", { name: "Register" });
    await expect(form.getByLabel("Email")).toHaveValue(invitee.email);
    await expect(form.getByLabel("Email")).not.toBeEditable();
    await form.getByLabel("Username").fill(invitee.username);
    await form.getByLabel("Password").fill(invitee.password);
    await expect(form.getByLabel("Invitation code")).toHaveValue(link.split("invite=")[1]!);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(inviteePage, "Account created!")).toContainText("Your account has been created successfully.");
    await expect(inviteePage).toHaveURL(/\/admin$/);
    await expect(inviteePage.getByRole("tab", { name: "User Management" })).toHaveCount(0);
    await context.close();

    // Used: no longer pending; the new account is listed.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page.getByRole("article", { name: invitee.username })).toBeVisible();
    await expect(page.getByText("No pending invitations.").or(page.getByRole("list", { name: "Pending invitations" }))).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: invitee.email })).toHaveCount(0);
  });

  test(
    "an admin revokes a pending invitation by keyboard, and its link stops working",
    { tag: "@any-device" },
    async ({ page, baseURL }) => {
      const email = `${newUser("revoked").username}@example.com`;
      const invitation = await createInvitation(baseURL, { email });
      await signInAsAdmin(page.request, baseURL);
      await openDashboard(page);
      await page.getByRole("tab", { name: "User Management" }).click();
      const revoke = page.getByRole("button", { name: `Revoke invitation for ${email}` });
      await revoke.focus();
      await page.keyboard.press("Enter");
      const confirm = page
        .getByRole("alertdialog", { name: "Revoke invitation?" })
        .or(page.getByRole("dialog", { name: "Revoke invitation?" }));
      await confirm.getByRole("button", { name: "Revoke Invitation" }).click();
      await expect(toast(page, "Invitation revoked")).toBeVisible();
      await expect(revoke).toHaveCount(0);

      const res = await page.request.post("/api/register", {
        headers: { Origin: new URL(baseURL!).origin },
        data: { ...newUser("late"), email, inviteToken: invitation.token },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/revoked/);
    },
  );

  test("a stranger cannot register: the Register tab says why, and the server refuses", { tag: "@any-device" }, async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Register" }).click();
    const form = page.getByRole("form", { name: "Register" });
    await expect(form.getByText(INVITATION_REQUIRED)).toBeVisible();
    await expect(form.getByLabel("Invitation code")).toHaveValue("");
    await fillRegister(page, newUser("stranger"));
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(toast(page, "Registration failed")).toContainText(INVITATION_REQUIRED);
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });
});

/** Every URL the page requested, to show no password went into one. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request: Request) => urls.push(request.url()));
  return urls;
}

test.describe("without JavaScript", { tag: "@any-device" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the Login form posts and signs in; the password is in no URL", async ({ page, staffUser }) => {
    const urls = requestedUrls(page);
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(staffUser.email);
    await form.getByLabel("Password").fill(staffUser.password);
    const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/auth");
    await form.getByRole("button", { name: "Sign In" }).click();
    expect((await posted).postData()).toContain("password=");
    await expect(page).toHaveURL(/\/admin$/);
    expect(urls.filter((u) => u.includes(encodeURIComponent(staffUser.password)) || u.includes("password"))).toEqual([]);
  });

  test("a refused sign-in comes back with the message and the email, not the password", async ({ page, staffUser }) => {
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(staffUser.email);
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("form", { name: "Login" }).getByRole("alert")).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("form", { name: "Login" }).getByLabel("Email")).toHaveValue(staffUser.email);
    await expect(page.getByRole("form", { name: "Login" }).getByLabel("Password")).toHaveValue("");
  });

  test("an invitee registers from the link; a stranger gets the invitation sentence", async ({ page, baseURL }) => {
    const urls = requestedUrls(page);
    await page.goto("/auth?tab=register");
    await fillRegister(page, newUser("nojs-stranger"));
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("form", { name: "Register" }).getByRole("alert")).toContainText(INVITATION_REQUIRED);

    const { url } = await createInvitation(baseURL);
    const invitee = newUser("nojs");
    await page.goto(url);
    await fillRegister(page, invitee);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const me = await page.request.get("/api/user");
    expect(((await me.json()) as { username: string }).username).toBe(invitee.username);
    expect(urls.filter((u) => u.includes("password") || u.includes(invitee.password))).toEqual([]);
  });
});

test.describe("before the page's script has run", { tag: "@any-device" }, () => {
  test("Sign In pressed before hydration posts the form; the password is in no URL", async ({ page, baseURL }) => {
    const user = await registerUser(page.request, baseURL, newUser("early"));
    await page.context().clearCookies();
    const urls = requestedUrls(page);
    // The page's scripts wait until the form has been sent, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.m?js(\?|$)/, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    // "commit": the page's module scripts, held, would keep DOMContentLoaded from firing.
    await page.goto("/auth", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Login" });
    await expect(form).toBeVisible();
    await expect(page.locator("html[data-app-hydrated]")).toHaveCount(0);
    await form.getByLabel("Email").fill(user.email);
    await form.getByLabel("Password").fill(user.password);
    await form.getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    release();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    expect(urls.filter((u) => u.includes("password") || u.includes(user.password))).toEqual([]);
  });
});
