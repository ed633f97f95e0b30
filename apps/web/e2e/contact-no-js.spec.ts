import type { ContactSubmission } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { collectPageErrors, expect, newUser, test, waitForHydration } from "./fixtures";

// A contact form sent before the page's JavaScript has loaded (a defect the outside fuzzer found): the browser
// posts it to its own page and the server answers with that page, the outcome shown in it.

const SUCCESS_MESSAGE = "Thank you! We received your request and will contact you within 24 hours.";
const SUBMIT = "Send Message & Schedule Estimate";

async function submissionsFor(request: APIRequestContext, email: string): Promise<ContactSubmission[]> {
  const response = await request.get("/api/contact-submissions");
  expect(response.ok(), `GET /api/contact-submissions answered ${response.status()}`).toBe(true);
  return ((await response.json()) as ContactSubmission[]).filter((submission) => submission.email === email);
}

const uniqueEmail = () => `${newUser("nojs").username}@example.com`;

function notice(form: Locator, role: "status" | "alert"): Locator {
  return form.getByRole(role);
}

async function expectInvalidKept(form: Locator, email: string): Promise<void> {
  await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(form.getByText("Zip code must be at least 5 characters")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Name")).toHaveValue("J");
  await expect(form.getByLabel("Email")).toHaveValue(email);
  await expect(form.getByLabel("Zip Code")).toHaveValue("288");
}

test.describe("contact forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the full form on /contact: errors beside the fields with the values kept, then the success notice", async ({
    page,
    request,
    staffUser,
  }) => {
    expect(staffUser.account.id).toBeTruthy();
    await page.goto("/contact?utm_source=newsletter");
    const form = page.getByRole("form", { name: "Send Us a Message" });
    const email = uniqueEmail();

    await form.getByLabel("Name").fill("J");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Zip Code").fill("288");
    await form.getByLabel("Service").selectOption({ label: "French Drain Systems" });
    await form.getByLabel("Message").fill("Standing water by the foundation.");
    await form.getByRole("button", { name: SUBMIT }).click();

    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expectInvalidKept(form, email);
    await expect(form.getByText("Please enter a valid email address")).toBeHidden();
    await expect(form.getByLabel("Service")).toHaveValue("french-drain");
    await expect(form.getByLabel("Message")).toHaveValue("Standing water by the foundation.");
    expect(await submissionsFor(request, email)).toHaveLength(0);

    await form.getByLabel("Name").fill("Jo Homeowner");
    await form.getByLabel("Zip Code").fill("28801");
    await form.getByRole("button", { name: SUBMIT }).click();

    await expect(page).toHaveURL(/\/contact\?sent=[\w.-]+#contact-form$/);
    await expect(notice(form, "status")).toContainText("Message Sent!");
    await expect(notice(form, "status")).toContainText(SUCCESS_MESSAGE);
    await expect(form.getByLabel("Name")).toHaveValue("");
    const stored = await submissionsFor(request, email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Jo Homeowner",
      zipCode: "28801",
      service: "french-drain",
      message: "Standing water by the foundation.",
      landingPage: "/contact?utm_source=newsletter",
    });

    // Reloading the page after sending shows the notice again but sends nothing.
    await page.reload();
    await expect(notice(form, "status")).toContainText("Message Sent!");
    expect(await submissionsFor(request, email)).toHaveLength(1);
  });

  test(
    "the compact form on the home page: errors with the values kept, then the success notice",
    { tag: "@any-device" },
    async ({ page, request, staffUser }) => {
      expect(staffUser.account.id).toBeTruthy();
      await page.goto("/");
      const form = page.getByRole("form", { name: "Request Your Inspection" });
      const email = uniqueEmail();

      await form.getByLabel("Name").fill("J");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Zip Code").fill("288");
      await form.getByRole("button", { name: SUBMIT }).click();
      await expect(page).toHaveURL(/\/#contact-form$/);
      await expectInvalidKept(form, email);

      await form.getByLabel("Name").fill("Jo Homeowner");
      await form.getByLabel("Zip Code").fill("28801");
      await form.getByLabel("Phone").fill("(828) 555-0101");
      await form.getByRole("button", { name: SUBMIT }).click();
      await expect(page).toHaveURL(/\/\?sent=[\w.-]+#contact-form$/);
      await expect(notice(form, "status")).toContainText("Message Sent!");
      await expect(notice(form, "status")).toContainText(SUCCESS_MESSAGE);
      expect(await submissionsFor(request, email)).toMatchObject([{ name: "Jo Homeowner", phone: "(828) 555-0101", landingPage: "/" }]);
    },
  );
});

/** Holds the client app's chunk until `release()`: the page stays server HTML, like on a slow phone. */
async function holdClientApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/client-app-[\w-]+\.js$/, async (route) => {
    await released;
    // The page may have moved on (the form post) and dropped this request.
    await route.continue().catch(() => {});
  });
  return release;
}

test(
  "a form sent before the app loaded comes back with its errors; the app then takes over without hydration errors",
  { tag: "@any-device" },
  async ({ page }) => {
    // The page answering an invalid form is a 400, which Chromium logs like any failed load.
    const errors = collectPageErrors(page, [{ status: 400, url: /\/contact#contact-form$/ }]);
    const release = await holdClientApp(page);
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send Us a Message" });
    const email = uniqueEmail();
    await form.getByLabel("Name").fill("J");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Zip Code").fill("288");
    await form.getByRole("button", { name: SUBMIT }).click();
    await expect(page).toHaveURL(/\/contact#contact-form$/);
    await expectInvalidKept(form, email);

    release();
    await waitForHydration(page);
    // The app starts from what the server rendered: same errors, same values, and it validates as usual.
    await expectInvalidKept(form, email);
    await form.getByLabel("Name").fill("Jo Homeowner");
    await expect(form.getByText("Name must be at least 2 characters")).toBeHidden();
    await form.getByLabel("Zip Code").fill("28801");
    await expect(form.getByText("Zip code must be at least 5 characters")).toBeHidden();
    const sent = page.waitForRequest("**/trpc/contact.submit**");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect((await sent).postDataJSON()).toMatchObject({ name: "Jo Homeowner", email, zipCode: "28801" });
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" }).last()).toContainText(SUCCESS_MESSAGE);
    await expect(form.getByLabel("Name")).toHaveValue("");
    expect(errors).toEqual([]);
  },
);

test(
  "a form sent before the app loaded shows the success notice; the app then takes over without hydration errors",
  { tag: "@any-device" },
  async ({ page, request, staffUser }) => {
    expect(staffUser.account.id).toBeTruthy();
    const errors = collectPageErrors(page);
    const release = await holdClientApp(page);
    await page.goto("/");
    const form = page.getByRole("form", { name: "Request Your Inspection" });
    const email = uniqueEmail();
    await form.getByLabel("Name").fill("Jo Homeowner");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Zip Code").fill("28801");
    await form.getByRole("button", { name: SUBMIT }).click();
    await expect(page).toHaveURL(/\/\?sent=[\w.-]+#contact-form$/);
    await expect(notice(form, "status")).toContainText(SUCCESS_MESSAGE);

    release();
    await waitForHydration(page);
    await expect(notice(form, "status")).toContainText("Message Sent!");
    await expect(form.getByLabel("Name")).toHaveValue("");
    expect(await submissionsFor(request, email)).toHaveLength(1);
    // A later visit to the page in the app starts with a blank form, without the old notice.
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // The URL changes first: the home page stays on screen until the contact page has rendered.
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us for a Free Inspection" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "CrawlGuard Waterproofing" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("form", { name: "Request Your Inspection" })).toBeVisible();
    await expect(notice(page.getByRole("form", { name: "Request Your Inspection" }), "status")).toHaveCount(0);
    expect(errors).toEqual([]);
  },
);
