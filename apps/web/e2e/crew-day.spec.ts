import AxeBuilder from "@axe-core/playwright";
import type { BookingResult, User } from "@crawlguard/validators";
import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import { expect, firstAdmin, newUser, test, waitForHydration } from "./fixtures";
import { uniquePhone, uniqueToken } from "./dashboard-fixtures";
import { ashevilleDate, ashevilleInstant, openCalendar, showView } from "./scheduling-fixtures";

// A crew member's day on a phone (docs/product.md "The crew's day"): Today with Call and Directions,
// the job view (not a form), the update after a visit in at most four taps, On my way through the
// run's SMTP server, photos, the calendar opening the same view, axe on the new screens.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

function originHeaders(baseURL: string | undefined): Record<string, string> {
  return { Origin: new URL(baseURL!).origin };
}

async function post(request: APIRequestContext, baseURL: string | undefined, path: string, data: unknown) {
  const response = await request.post(path, { data, headers: originHeaders(baseURL) });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json() as Promise<unknown>;
}

/** A crew member invited by the admin, registered (and signed in) on `request`: the page's when it is `page.request`. */
async function registerCrew(request: APIRequestContext, baseURL: string | undefined): Promise<User> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await post(admin, baseURL, "/api/login", { email: firstAdmin.email, password: firstAdmin.password });
    const { token } = (await post(admin, baseURL, "/api/users/invitations", { role: "crew" })) as { token: string };
    const user = newUser("crew");
    const account = (await post(request, baseURL, "/api/register", { ...user, inviteToken: token })) as User;
    expect(account.role).toBe("crew");
    return account;
  } finally {
    await admin.dispose();
  }
}

type Job = { leadId: string; name: string; email: string; phone: string; address: string };

/** The admin books a new client for `assignedTo` today (business time) at `time`. */
async function bookToday(baseURL: string | undefined, assignedTo: string, time: string, address: string): Promise<Job> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await post(admin, baseURL, "/api/login", { email: firstAdmin.email, password: firstAdmin.password });
    const token = uniqueToken();
    const job = { name: `Dana Field ${token}`, email: `dana.${token}@example.com`, phone: uniquePhone(), address };
    const booked = (await post(admin, baseURL, "/api/appointments", {
      clientName: job.name,
      email: job.email,
      phone: job.phone,
      address,
      service: "crawl-space-encapsulation",
      appointmentDate: ashevilleDate(0),
      appointmentTime: time,
      assignedTo,
      confirm: true,
    })) as BookingResult;
    return { ...job, leadId: booked.lead.id };
  } finally {
    await admin.dispose();
  }
}

/** A tap on the touch screen, counted. */
function tapCounter() {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.tap();
    },
    get count() {
      return taps;
    },
  };
}

async function expectNoViolations(page: Page, screen: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${screen}: axe violations`,
  ).toEqual([]);
}

/** A 48 × 32 JPEG (a plain green-grey photo). */
const SMALL_JPEG =
  "/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAME/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmgMqYAAAAAAAAAD/2Q==";

const LONG_ADDRESS = "1234 Long Branch Mountain Road, Building C, Apartment 56, Black Mountain, NC 28711";

async function openToday(page: Page): Promise<Locator> {
  await page.goto("/admin");
  await waitForHydration(page);
  // A crew member lands on Today.
  await expect(page.getByRole("tab", { name: "Today" })).toHaveAttribute("aria-selected", "true");
  const list = page.getByRole("list", { name: /^Jobs, / });
  await expect(list).toBeVisible();
  return list;
}

test.describe("a crew member's day on a phone", () => {
  test("Today lists my jobs with the whole address, Call and Directions; a job opens a view, not a form @phone-only", async ({
    page,
    baseURL,
  }) => {
    const crew = await registerCrew(page.request, baseURL);
    const late = await bookToday(baseURL, crew.id, "22:30", "7 Pack Square, Asheville, NC 28801");
    const early = await bookToday(baseURL, crew.id, "21:00", LONG_ADDRESS);
    const list = await openToday(page);
    const jobs = list.getByRole("listitem");
    await expect(jobs).toHaveCount(2);
    await expect(jobs.nth(0)).toContainText(early.name);
    await expect(jobs.nth(0)).toContainText("9:00 – 10:00 PM");
    await expect(jobs.nth(1)).toContainText(late.name);

    // The whole address, never cut with "…".
    const address = jobs.nth(0).getByTestId("job-address");
    await expect(address).toHaveText(LONG_ADDRESS);
    const cut = await address.evaluate((el) => ({
      overflow: el.scrollWidth > el.clientWidth,
      ellipsis: getComputedStyle(el).textOverflow === "ellipsis",
      clamp: getComputedStyle(el).webkitLineClamp,
    }));
    expect(cut).toEqual({ overflow: false, ellipsis: false, clamp: "none" });

    const call = jobs.nth(0).getByRole("link", { name: `Call ${early.name} at ${early.phone}` });
    await expect(call).toHaveAttribute("href", `tel:${early.phone.replace(/\D/g, "")}`);
    const directions = jobs.nth(0).getByRole("link", { name: `Directions to ${LONG_ADDRESS}` });
    await expect(directions).toHaveAttribute("href", `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(LONG_ADDRESS)}`);
    // Thumb-sized: at least 44 by 44 CSS pixels.
    for (const target of [call, directions, jobs.nth(0).getByRole("button", { name: new RegExp(early.name) })]) {
      const box = (await target.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }

    // A tap opens the job view: nothing typed into, no keyboard, no reschedule form.
    await jobs
      .nth(0)
      .getByRole("button", { name: new RegExp(early.name) })
      .tap();
    const view = page.getByRole("dialog", { name: early.name });
    await expect(view).toBeVisible();
    await expect(view).toContainText("Crawl Space Encapsulation");
    await expect(view).toContainText(LONG_ADDRESS);
    await expect(view.getByRole("link", { name: `Call ${early.name} at ${early.phone}` })).toBeVisible();
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    expect(["INPUT", "TEXTAREA", "SELECT"]).not.toContain(focused);
    await expect(page.getByRole("dialog", { name: "Book New Appointment" })).toHaveCount(0);
    await expect(view.getByRole("button", { name: "Reschedule" })).toHaveCount(0);
    await expect(view.getByRole("list", { name: "Lead history" })).toContainText("Appointment booked for");
    await expectNoViolations(page, "job view");
    await view.getByRole("button", { name: "Done" }).tap();
    await expect(view).toBeHidden();
    // Back on the job that was opened.
    await expect(jobs.nth(0).getByRole("button", { name: new RegExp(early.name) })).toBeFocused();
    await expectNoViolations(page, "Today");
  });

  test("after a visit: status, note and value saved in at most four taps plus typing @phone-only", async ({ page, baseURL }) => {
    const crew = await registerCrew(page.request, baseURL);
    const job = await bookToday(baseURL, crew.id, "20:00", "15 Biltmore Ave, Asheville, NC 28801");
    const list = await openToday(page);
    const taps = tapCounter();
    await taps.tap(list.getByRole("button", { name: new RegExp(job.name) }));
    const view = page.getByRole("dialog", { name: job.name });
    await taps.tap(view.getByRole("radio", { name: "Completed" }));
    const note = view.getByLabel("Add a note");
    await taps.tap(note);
    await note.fill("Liner sealed at the north wall; dehumidifier running at 45%.");
    await view.getByLabel("Value ($)").fill("4200");
    await taps.tap(view.getByRole("button", { name: "Save update" }));
    await expect(view.getByText("Saved.")).toBeVisible();
    // Four taps counting the tap into the note (the value was typed after it, in the same go).
    expect(taps.count).toBeLessThanOrEqual(4);

    const history = view.getByRole("list", { name: "Lead history" });
    await expect(history).toContainText("Note: Liner sealed at the north wall; dehumidifier running at 45%.");
    await expect(history).toContainText("Status: Scheduled → Completed");
    await expect(history).toContainText("Estimated value: none → $4,200");
    const lead = (await (await page.request.get(`/api/leads`)).json()) as {
      id: string;
      status: string;
      estimatedValue: string;
      notes: string | null;
    }[];
    expect(lead.find((l) => l.id === job.leadId)).toMatchObject({ status: "completed", estimatedValue: "4200", notes: null });

    // A note alone: open, tap the note, type, save: three taps.
    await view.getByRole("button", { name: "Done" }).tap();
    const again = tapCounter();
    await again.tap(list.getByRole("button", { name: new RegExp(job.name) }));
    await again.tap(view.getByLabel("Add a note"));
    await view.getByLabel("Add a note").fill("Customer asked for a quote on the sump pump.");
    await again.tap(view.getByRole("button", { name: "Save update" }));
    await expect(history).toContainText("Note: Customer asked for a quote on the sump pump.");
    expect(again.count).toBe(3);
  });

  test("On my way mails the client through the SMTP server; photos join the job, private @phone-only", async ({ page, baseURL }) => {
    test.slow(); // the mail worker and the photo's processing
    const crew = await registerCrew(page.request, baseURL);
    const job = await bookToday(baseURL, crew.id, "19:00", "40 Coxe Ave, Asheville, NC 28801");
    const list = await openToday(page);
    await list.getByRole("button", { name: new RegExp(job.name) }).tap();
    const view = page.getByRole("dialog", { name: job.name });

    await view.getByRole("radio", { name: "20 min" }).tap();
    await view.getByRole("button", { name: `Tell ${job.name} I'm on my way` }).tap();
    await expect(
      view.getByText(new RegExp(`^${job.name} is told .+ arrives around \\d{1,2}:\\d{2} [AP]M \\(${job.email}\\)\\.$`)),
    ).toBeVisible();
    // Sent: the run's SMTP server accepted it (the lead's History follows the delivery).
    await expect(view.getByRole("list", { name: "E-mails for this lead" })).toContainText(
      `On my way, to the client to ${job.email}: sent`,
      {
        timeout: 20_000,
      },
    );
    await expect(view.getByRole("list", { name: "Lead history" })).toContainText("Client told: on the way, arriving around");
    // Twice within half an hour: the server's answer says when.
    await view.getByRole("button", { name: `Tell ${job.name} I'm on my way` }).tap();
    await expect(view.getByText(/already told you are on your way less than 30 minutes ago/)).toBeVisible();

    // A photo from the phone: added, shown, and served only to signed-in staff.
    const photo = Buffer.from(SMALL_JPEG, "base64");
    await view.getByLabel("Choose photos").setInputFiles({ name: "north-wall.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(view.getByText("Photo added.")).toBeVisible({ timeout: 20_000 });
    const image = view.getByRole("list", { name: "Job photos" }).getByRole("img");
    await expect(image).toHaveCount(1);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = (await image.getAttribute("src"))!;
    expect(new URL(src).pathname).toMatch(/^\/lead-photos\/[0-9a-f-]{36}\/0\.webp$/);
    const anonymous = await playwrightRequest.newContext({ baseURL });
    try {
      expect((await anonymous.get(src)).status()).toBe(401);
    } finally {
      await anonymous.dispose();
    }
    await expect(view.getByRole("list", { name: "Lead history" })).toContainText("Photo added");
  });

  test("the calendar's Day view and Schedule List on a phone open the job view, Reschedule inside it @phone-only", async ({
    page,
    baseURL,
  }) => {
    const crew = await registerCrew(page.request, baseURL);
    const job = await bookToday(baseURL, crew.id, "18:00", "2 Wall St, Asheville, NC 28801");
    await openCalendar(page);
    await showView(page, "Day");
    await page.getByRole("button", { name: "Today", exact: true }).tap();
    await page.locator(".rbc-time-content .rbc-event").filter({ hasText: job.name }).tap();
    const view = page.getByRole("dialog", { name: job.name });
    await expect(view).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Book New Appointment" })).toHaveCount(0);
    await expectNoViolations(page, "job view from the calendar");
    // Moving it is an explicit action of the view.
    await view.getByRole("button", { name: "Reschedule" }).tap();
    await expect(view).toBeHidden();
    const booking = page.getByRole("dialog", { name: "Book New Appointment" });
    await expect(booking).toBeVisible();
    await booking.getByRole("button", { name: "Cancel" }).tap();

    await showView(page, "Schedule List");
    await page
      .getByRole("button", { name: `Edit appointment with ${job.name}` })
      .first()
      .tap();
    await expect(page.getByRole("dialog", { name: job.name })).toBeVisible();
    expect(ashevilleInstant(ashevilleDate(0), "18:00")).toBe(
      ((await (await page.request.get("/api/leads")).json()) as { id: string; scheduledDate: string }[]).find((l) => l.id === job.leadId)
        ?.scheduledDate,
    );
  });
});
