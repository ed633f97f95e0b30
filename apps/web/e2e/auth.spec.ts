import type { Page } from "@playwright/test";
import {
  collectPageErrors,
  createInvitation,
  type ExpectedFailure,
  expect,
  firstAdmin,
  loginUser,
  newUser,
  SIGNED_OUT_SESSION_CHECK,
  test,
  waitForHydration,
} from "./fixtures";

test.describe("first account", () => {
  // Runs alone, first, on the empty database of the run (playwright.config.ts).
  test("the first registered user becomes admin and can log out", { tag: "@first-admin" }, async ({ page }) => {
    const admin = firstAdmin;
    await page.goto("/auth");
    await waitForHydration(page);

    await page.getByRole("tab", { name: "Register" }).click();
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Username").fill(admin.username);
    await form.getByLabel("Email").fill(admin.email);
    await form.getByLabel("Password").fill(admin.password);
    // What was typed is still there (a page that reloaded or hydrated under the typing would drop it).
    await expect(form.getByLabel("Username")).toHaveValue(admin.username);
    await expect(form.getByLabel("Email")).toHaveValue(admin.email);
    await expect(form.getByLabel("Password")).toHaveValue(admin.password);
    await form.getByRole("button", { name: "Create Account" }).click();

    const toast = page.getByRole("status").filter({ hasText: "Account created!" });
    await expect(toast).toContainText("You are now the admin of this system.");

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle("Dashboard | CrawlGuard");
    await expect(page.getByRole("heading", { level: 1, name: "CrawlGuard Dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Book Appointment" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Lead" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveCount(7);
    await expect(page.getByRole("tab", { name: "User Management" })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Logged out" })).toContainText("You have been successfully logged out.");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  });
});

/** Signs in through the Login tab of /auth, as a person would. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test.describe("auth", () => {
  test("a later account, registered from an invitation link, is staff, not admin", { tag: "@any-device" }, async ({ page, baseURL }) => {
    const user = newUser("staff");
    const { url } = await createInvitation(baseURL);
    await page.goto(url);
    await waitForHydration(page);
    await expect(page.getByRole("tab", { name: "Register", selected: true })).toBeVisible();
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Username").fill(user.username);
    await form.getByLabel("Email").fill(user.email);
    await form.getByLabel("Password").fill(user.password);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Account created!" })).toContainText(
      "Your account has been created successfully.",
    );
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("tab")).toHaveCount(6);
    await expect(page.getByRole("tab", { name: "User Management" })).toHaveCount(0);
  });

  test("the Login and Register tabs switch in place, without loading the page again", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    // A mark on this page's window: a new document would not have it.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
    const samePage = () => page.evaluate(() => "e2eSamePage" in window);

    await page.getByRole("tab", { name: "Register" }).click();
    await expect(page.getByRole("tab", { name: "Register", selected: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Username").fill("sam");
    expect(await samePage()).toBe(true);
    await expect(form.getByLabel("Username")).toHaveValue("sam");

    await page.getByRole("tab", { name: "Login" }).click();
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await samePage()).toBe(true);
  });

  test("registration shows the validation messages", { tag: "@any-device" }, async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Register" }).click();
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Username").fill("sam");
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Password").fill("short");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
  });

  test("logs in with the Login tab", async ({ page, staffUser }) => {
    await signInWithForm(page, staffUser.email, staffUser.password);

    await expect(page.getByRole("status").filter({ hasText: "Welcome back!" })).toContainText("You have successfully logged in.");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${staffUser.username}`)).toBeVisible();

    // The session survives a reload (cookie + cached user).
    await page.reload();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("a toast stays when swiped less than 50 px and goes when swiped further", async ({ page, staffUser }) => {
    await signInWithForm(page, staffUser.email, staffUser.password);
    const toast = page.getByRole("status").filter({ hasText: "Welcome back!" });
    await expect(toast).toBeVisible();

    const swipe = async (dx: number) => {
      const box = (await toast.getByText("You have successfully logged in.").boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 10, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 10 + dx, y, { steps: 6 });
      await page.mouse.up();
    };
    await swipe(30);
    await expect(toast).toBeVisible();
    await swipe(70);
    await expect(toast).toBeHidden();
  });

  test("a wrong password shows 'Login failed' with the server message", { tag: "@any-device" }, async ({ page, staffUser }) => {
    await signInWithForm(page, staffUser.email, "not-the-password");

    await expect(page.getByRole("status").filter({ hasText: "Login failed" })).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the sign-in page shows the company's logo and leads back to the website", async ({ page }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "CrawlGuard Waterproofing" })).toHaveAttribute("href", "/");
    await main.getByRole("link", { name: "Back to the website" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("/admin redirects to /auth when nobody is signed in", { tag: "@any-device" }, async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  });

  test("/auth sends a signed-in user to /admin", { tag: "@any-device" }, async ({ page, baseURL, staffUser }) => {
    await loginUser(page.request, baseURL, staffUser);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test.describe("pages", () => {
  test("an unknown path shows the 404 page with status 404", { tag: "@any-device" }, async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();

    await waitForHydration(page);
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Expert Crawl Space Waterproofing in Asheville, NC" })).toBeVisible();
    await expect(page).not.toHaveTitle("404 Page Not Found");
  });

  const hydrationCases: Array<{ path: string; expected: ExpectedFailure[] }> = [
    { path: "/", expected: [] },
    { path: "/auth", expected: [SIGNED_OUT_SESSION_CHECK] },
    { path: "/admin", expected: [SIGNED_OUT_SESSION_CHECK] },
    { path: "/no-such-page", expected: [{ status: 404, url: /\/no-such-page$/ }] },
  ];
  for (const { path, expected } of hydrationCases) {
    test(`${path} hydrates without console errors`, async ({ page }) => {
      const errors = collectPageErrors(page, expected);
      await page.goto(path);
      await waitForHydration(page);
      // Let effects and lazy chunks settle.
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

  test("the home page has its head data", { tag: "@any-device" }, async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Expert Crawl Space & Basement Waterproofing in Asheville, NC/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});
