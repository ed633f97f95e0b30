import { contactServiceOptions } from "@crawlguard/content";
import type { ContactSubmission } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { collectPageErrors, expect, newUser, test, waitForHydration } from "./fixtures";

const SUCCESS_MESSAGE = "Thank you! We received your request and will contact you within 24 hours.";
const FAILED_MESSAGE = "Failed to send message. Please try again.";
const SUBMIT = "Send Message & Schedule Estimate";

/** Stored submissions, read as a signed-in staff member (the `request` of the staffUser fixture). */
async function submissions(request: APIRequestContext): Promise<ContactSubmission[]> {
  const response = await request.get("/api/contact-submissions");
  expect(response.ok(), `GET /api/contact-submissions answered ${response.status()}`).toBe(true);
  return (await response.json()) as ContactSubmission[];
}

/** An address nobody has used, so the duplicate check never merges two tests' submissions. */
const uniqueEmail = () => `${newUser("homeowner").username}@example.com`;

async function openForm(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  await waitForHydration(page);
  const form = page.getByRole("form", { name });
  await expect(form).toBeVisible();
  return form;
}

async function fillRequired(form: Locator, email: string): Promise<void> {
  await form.getByLabel("Name").fill("Pat Homeowner");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Zip Code").fill("28801");
}

function toast(page: Page, text: string): Locator {
  return page.getByRole("status").filter({ hasText: text });
}

test.describe("contact form", () => {
  test("validates on submit with the docs/product.md messages, then again on every change", async ({ page }) => {
    const errors = collectPageErrors(page);
    const form = await openForm(page, "/", "Request Your Inspection");

    // Labels mark the required fields; the service list is the six services plus Other.
    for (const label of ["Name", "Email", "Zip Code"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("aria-required", "true");
    }
    await expect(form.getByLabel("Phone")).not.toHaveAttribute("aria-required", "true");
    const options = await form.getByLabel("Service").locator("option").allTextContents();
    expect(options.slice(1)).toEqual(contactServiceOptions.map((option) => option.label));
    expect(options.at(-1)).toBe("Other");

    await form.getByRole("button", { name: SUBMIT }).click();
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Zip code must be at least 5 characters")).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Name")).toBeFocused();

    // After the first submit, each change re-validates.
    await form.getByLabel("Name").fill("J");
    await expect(form.getByText("Name must be at least 2 characters")).toBeVisible();
    await form.getByLabel("Name").fill("Jo");
    await expect(form.getByText("Name must be at least 2 characters")).toBeHidden();
    await expect(form.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Email").fill("jo@example");
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await form.getByLabel("Email").fill("jo@example.com");
    await expect(form.getByText("Please enter a valid email address")).toBeHidden();
    await form.getByLabel("Zip Code").fill("2880");
    await expect(form.getByText("Zip code must be at least 5 characters")).toBeVisible();
    await form.getByLabel("Zip Code").fill("28801");
    await expect(form.getByText("Zip code must be at least 5 characters")).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("sends the full form with the visit's attribution, then resets it", async ({ page, request, staffUser }) => {
    expect(staffUser.account.id).toBeTruthy();
    const errors = collectPageErrors(page);
    // The first page of the visit: an ad click from a search engine.
    await page.goto("/?utm_source=google&utm_medium=cpc&utm_campaign=spring", { referer: "https://www.google.com/" });
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Get Free Estimate" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const form = page.getByRole("form", { name: "Send Us a Message" });

    const email = uniqueEmail();
    await fillRequired(form, email);
    await form.getByLabel("Phone").fill("(828) 555-0199");
    await form.getByLabel("Address").fill("12 Merrimon Ave, Asheville");
    await form.getByLabel("Service").selectOption({ label: "Sump Pump Installation" });
    await expect(form.getByLabel("Message")).toHaveAttribute("rows", "4");
    await form.getByLabel("Message").fill("Water in the basement after every storm.");

    // Hold the request back until the pending state has been seen.
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/trpc/contact.submit**", async (route) => {
      await seen;
      await route.continue();
    });
    const sent = page.waitForRequest("**/trpc/contact.submit**");
    await form.getByRole("button", { name: SUBMIT }).click();
    try {
      await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    } finally {
      release();
    }

    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      name: "Pat Homeowner",
      email,
      zipCode: "28801",
      service: "sump-pump",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      referrer: "https://www.google.com/",
      landingPage: "/?utm_source=google&utm_medium=cpc&utm_campaign=spring",
    });
    expect(typeof body["elapsedMs"]).toBe("number");
    expect(body["botTrap"]).toBeUndefined();

    await expect(toast(page, "Message Sent!")).toContainText(SUCCESS_MESSAGE);
    await expect(form.getByRole("button", { name: SUBMIT })).toBeEnabled();
    for (const label of ["Name", "Email", "Phone", "Address", "Zip Code", "Message"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(form.getByLabel("Service")).toHaveValue("");

    const stored = (await submissions(request)).find((submission) => submission.email === email);
    expect(stored).toMatchObject({
      name: "Pat Homeowner",
      phone: "(828) 555-0199",
      zipCode: "28801",
      service: "sump-pump",
      utmSource: "google",
      landingPage: "/?utm_source=google&utm_medium=cpc&utm_campaign=spring",
      referrer: "https://www.google.com/",
    });
    expect(errors).toEqual([]);
  });

  test("a server failure shows 'Error' with the server's message and keeps the values", async ({ page }) => {
    const form = await openForm(page, "/contact", "Send Us a Message");
    const email = uniqueEmail();
    await fillRequired(form, email);
    await form.getByLabel("Message").fill("Please call in the morning.");

    await page.route("**/trpc/contact.submit**", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            message: "Something went wrong on our side. Please try again.",
            code: -32603,
            data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, path: "contact.submit" },
          },
        }),
      }),
    );
    await form.getByRole("button", { name: SUBMIT }).click();
    await expect(toast(page, "Something went wrong on our side. Please try again.")).toContainText("Error");
    await expect(form.getByLabel("Name")).toHaveValue("Pat Homeowner");
    await expect(form.getByLabel("Email")).toHaveValue(email);
    await expect(form.getByLabel("Message")).toHaveValue("Please call in the morning.");
    await expect(form.getByRole("button", { name: SUBMIT })).toBeEnabled();

    // An answer without a message of the server's: the generic text.
    await page.unroute("**/trpc/contact.submit**");
    await page.route("**/trpc/contact.submit**", (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await form.getByRole("button", { name: SUBMIT }).click();
    await expect(toast(page, FAILED_MESSAGE)).toContainText("Error");
    await expect(form.getByLabel("Zip Code")).toHaveValue("28801");
  });

  test("a filled-in honeypot gets the usual answer but nothing is stored", async ({ page, request, staffUser }) => {
    expect(staffUser.account.id).toBeTruthy();
    const before = (await submissions(request)).length;
    const form = await openForm(page, "/contact", "Send Us a Message");
    const email = uniqueEmail();
    await fillRequired(form, email);
    // Hidden from people and assistive technology; a bot fills in every field it finds.
    const honeypot = page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await honeypot.fill("https://spam.example");
    const sent = page.waitForRequest("**/trpc/contact.submit**");
    await form.getByRole("button", { name: SUBMIT }).click();
    expect((await sent).postDataJSON()).toMatchObject({ botTrap: "https://spam.example" });

    await expect(toast(page, "Message Sent!")).toContainText(SUCCESS_MESSAGE);
    const after = await submissions(request);
    expect(after).toHaveLength(before);
    expect(after.some((submission) => submission.email === email)).toBe(false);
  });
});
