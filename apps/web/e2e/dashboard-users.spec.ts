import { expect, loginUser, newUser, registerUser, test, waitForHydration } from "./fixtures";
import { ensureFirstAdmin, openDashboard, signInAsAdmin, toast } from "./dashboard-fixtures";

test.describe("the admin account", () => {
  // Runs first, in its own project: makes sure the run's first account (the admin) exists.
  test("the first account is the admin", { tag: "@first-admin" }, async ({ request, baseURL }) => {
    await ensureFirstAdmin(request, baseURL);
  });
});

test.describe("user management", () => {
  test("admins see seven tabs with User Management; staff see six", async ({ page, baseURL, staffUser }) => {
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    const tabs = page.getByRole("tab");
    await expect(tabs).toHaveCount(7);
    // All seven within reach, on a phone too, where they are one row that scrolls sideways:
    // from the first, the arrow keys choose each in turn, and the chosen one is wholly in sight.
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await tabs.first().focus();
    for (let index = 0; index < 7; index++) {
      if (index > 0) await page.keyboard.press("ArrowRight");
      await expect(tabs.nth(index)).toBeFocused();
      await expect(tabs.nth(index)).toHaveAttribute("aria-selected", "true");
      await expect(tabs.nth(index)).toBeInViewport({ ratio: 1 });
    }
    await expect(tabs.last()).toHaveAccessibleName("User Management");
    await page.getByRole("tab", { name: "User Management" }).click();
    const staffCard = page.getByRole("article", { name: staffUser.username });
    await expect(staffCard).toContainText(staffUser.email);
    await expect(staffCard).toContainText(/Created \w{3} \d{1,2}, \d{4}/);
    // The Admin badge is the admin's only; each card shows its role in its Role select.
    await expect(staffCard.getByText("Admin", { exact: true }).filter({ visible: true })).toHaveCount(0);
    await expect(staffCard.getByRole("combobox", { name: `Role of ${staffUser.username}` })).toHaveValue("office");

    const adminCard = page.getByRole("article", { name: "owner" });
    await expect(adminCard.getByText("Admin", { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(adminCard.getByRole("combobox", { name: "Role of owner" })).toHaveValue("admin");
    await expect(adminCard.getByRole("button", { name: "Reset Password" })).toBeVisible();
    await expect(adminCard.getByRole("button", { name: "Delete User" })).toHaveCount(0);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await loginUser(page.request, baseURL, staffUser);
    await openDashboard(page);
    await expect(page.getByRole("tab")).toHaveCount(6);
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveCount(0);
  });

  test(
    "an admin resets a password, and the user signs in with it",
    { tag: "@any-device" },
    async ({ page, baseURL, browser, staffUser }) => {
      await signInAsAdmin(page.request, baseURL);
      await openDashboard(page);
      await page.getByRole("tab", { name: "User Management" }).click();
      await page.getByRole("article", { name: staffUser.username }).getByRole("button", { name: "Reset Password" }).click();

      const dialog = page.getByRole("dialog", { name: "Reset Password" });
      await dialog.getByLabel("New Password").fill("short");
      await dialog.getByLabel("Confirm Password").fill("other");
      await dialog.getByRole("button", { name: "Reset Password" }).click();
      await expect(dialog.getByText("Password must be at least 8 characters")).toHaveCount(2);
      await dialog.getByLabel("New Password").fill("new-basement-pass");
      await dialog.getByLabel("Confirm Password").fill("new-basement-typo");
      await expect(dialog.getByText("Passwords don't match")).toBeVisible();
      await dialog.getByLabel("Confirm Password").fill("new-basement-pass");
      await dialog.getByRole("button", { name: "Reset Password" }).click();
      await expect(toast(page, "Password reset")).toBeVisible();
      await expect(dialog).toBeHidden();

      // The user signs in with the new password, in a browser of their own.
      const context = await browser.newContext({ baseURL });
      const userPage = await context.newPage();
      await userPage.goto("/auth");
      await waitForHydration(userPage);
      const form = userPage.getByRole("form", { name: "Login" });
      await form.getByLabel("Email").fill(staffUser.email);
      await form.getByLabel("Password").fill("new-basement-pass");
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(userPage).toHaveURL(/\/admin$/);
      await expect(userPage.getByText(`Signed in as ${staffUser.username}`)).toBeVisible();
      await context.close();
    },
  );

  test("an admin deletes a user after confirming", { tag: "@any-device" }, async ({ page, baseURL, request }) => {
    const doomed = await registerUser(request, baseURL, newUser("leaver"));
    await signInAsAdmin(page.request, baseURL);
    await openDashboard(page);
    await page.getByRole("tab", { name: "User Management" }).click();
    const card = page.getByRole("article", { name: doomed.username });
    await card.getByRole("button", { name: "Delete User" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete user?" });
    await expect(confirm).toContainText(doomed.username);
    await confirm.getByRole("button", { name: "Delete User" }).click();
    await expect(toast(page, "User deleted")).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.reload();
    await page.getByRole("tab", { name: "User Management" }).click();
    await expect(page.getByRole("article", { name: "owner" })).toBeVisible();
    await expect(page.getByRole("article", { name: doomed.username })).toHaveCount(0);
    const login = await request.post("/api/login", {
      data: { email: doomed.email, password: doomed.password },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(login.status()).toBe(401);
  });
});
