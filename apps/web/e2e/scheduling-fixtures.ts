import { TZDate } from "@date-fns/tz";
import type { BookingRequestInput, BookingResult, TimeBlock, TimeBlockCreateInput } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { expect, newUser, registerUser } from "./fixtures";
import { openDashboard, uniquePhone, uniqueToken } from "./dashboard-fixtures";

/** The server's default BUSINESS_TIME_ZONE (the e2e server does not set one). */
export const BUSINESS_ZONE = "America/New_York";

function originHeaders(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("Set use.baseURL in playwright.config.ts");
  return { Origin: new URL(baseURL).origin };
}

/** The instant (ISO) at which Asheville's clocks show `date` ('yyyy-MM-dd') `time` ('HH:mm'). */
export function ashevilleInstant(date: string, time: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, BUSINESS_ZONE).getTime()).toISOString();
}

/** Asheville's wall clock at an instant: 'yyyy-MM-dd' and 'HH:mm'. */
export function ashevilleWallTime(iso: string): { date: string; time: string } {
  const zoned = new TZDate(Date.parse(iso), BUSINESS_ZONE);
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm") };
}

/** Today in Asheville plus `days`, as 'yyyy-MM-dd'. */
export function ashevilleDate(days: number): string {
  const today = new TZDate(Date.now(), BUSINESS_ZONE);
  return format(addDays(new Date(today.getFullYear(), today.getMonth(), today.getDate()), days), "yyyy-MM-dd");
}

/** The next Monday to Friday on or after today + `days` (inside the default working hours). */
export function ashevilleWeekday(days: number): string {
  let offset = days;
  for (;;) {
    const date = ashevilleDate(offset);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) return date;
    offset += 1;
  }
}

/** 'Mar 15, 2027' of a 'yyyy-MM-dd'. */
export function shownDate(date: string): string {
  return format(new Date(`${date}T12:00:00`), "MMM d, yyyy");
}

/** Books through the REST door (POST /api/appointments) as the user `request` is signed in as. */
export async function bookAppointment(
  request: APIRequestContext,
  baseURL: string | undefined,
  input: BookingRequestInput,
): Promise<BookingResult> {
  const token = uniqueToken();
  const data = input.leadId
    ? input
    : {
        clientName: `Client ${token}`,
        email: `client.${token}@example.com`,
        phone: uniquePhone(),
        address: "10 Haywood St, Asheville",
        service: "crawl-space-encapsulation",
        ...input,
      };
  const response = await request.post("/api/appointments", { headers: originHeaders(baseURL), data: { confirm: true, ...data } });
  expect(response.ok(), `POST /api/appointments answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as BookingResult;
}

export async function createTimeBlock(
  request: APIRequestContext,
  baseURL: string | undefined,
  input: TimeBlockCreateInput,
): Promise<TimeBlock> {
  const response = await request.post("/api/time-blocks", { headers: originHeaders(baseURL), data: input });
  expect(response.ok(), `POST /api/time-blocks answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as TimeBlock;
}

/** Opens /admin on the Calendar tab and waits for its first view. */
export async function openCalendar(page: Page): Promise<void> {
  await openDashboard(page);
  await page.getByRole("tab", { name: "Calendar", exact: true }).click();
  await expect(page.getByRole("group", { name: "Calendar view" })).toBeVisible();
}

export async function openAvailability(page: Page): Promise<void> {
  await openDashboard(page);
  await page.getByRole("tab", { name: "Availability", exact: true }).click();
}

/** Switches the calendar view (Month, Week, Day, Schedule List). */
export async function showView(page: Page, view: "Month" | "Week" | "Day" | "Schedule List"): Promise<void> {
  const button = page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: view, exact: true });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

/** The calendar's period title (h2). */
export function calendarTitle(page: Page): Locator {
  return page.getByRole("heading", { level: 2 });
}

/** An appointment in the week or day grid (react-big-calendar's focusable event button). */
export function gridEvent(page: Page, name: string): Locator {
  return page.locator(".rbc-time-content .rbc-event").filter({ hasText: name });
}

/** A weekday between `from` and `to` days ahead, picked at random so tests rarely share a day. */
export function randomWeekday(from = 60, to = 330): string {
  return ashevilleWeekday(from + Math.floor(Math.random() * (to - from)));
}

/** Moves the calendar to the period containing `date` ('yyyy-MM-dd'). */
export async function goToDate(page: Page, date: string): Promise<void> {
  await page.getByLabel("Go to date").fill(date);
}

/** The week or day grid's slot (react-big-calendar's slot group) for a column and a time. */
export function gridSlot(page: Page, column: number, hour: number, minute = 0, slotMinutes = 60): Locator {
  const index = ((hour - 6) * 60 + minute) / slotMinutes;
  return page.locator(".rbc-time-content .rbc-day-slot").nth(column).locator(".rbc-timeslot-group").nth(index);
}

/**
 * Clicks the middle of a week or day slot as a person does. react-big-calendar lays its events
 * layer over the slots and selects the slot under the pointer itself, so the layer, not the
 * slot element, receives the click (Playwright's locator.click would wait for the slot).
 */
export async function clickSlot(page: Page, slot: Locator): Promise<void> {
  await slot.scrollIntoViewIfNeeded();
  const box = await slot.boundingBox();
  if (!box) throw new Error("clickSlot: slot not visible");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The time gutter's labels, top to bottom. */
export function gutterLabels(page: Page): Locator {
  return page.locator(".rbc-time-gutter .rbc-timeslot-group");
}

/** 0 (Sunday) … 6 (Saturday) of a 'yyyy-MM-dd'. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** Asserts two boxes start at the same height (an event drawn in its slot). */
export async function expectSameTop(a: Locator, b: Locator): Promise<void> {
  const boxA = await a.boundingBox();
  const boxB = await b.boundingBox();
  expect(boxA && boxB, "both elements should be visible").toBeTruthy();
  expect(Math.abs(boxA!.y - boxB!.y), `tops ${boxA!.y} and ${boxB!.y}`).toBeLessThan(3);
}

/** Drags the element from its top edge to the top edge of the target (react-big-calendar's drag and drop). */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  // Both ends on screen, away from its edges: the mouse cannot reach past the viewport, and a
  // press at the very edge of a scrolled grid can land on what scrolls under it.
  const centre = (element: Element) => {
    const r = element.getBoundingClientRect();
    const inside = r.top >= 80 && r.bottom <= innerHeight - 80 && r.left >= 0 && r.right <= innerWidth;
    if (!inside) element.scrollIntoView({ block: "center", inline: "nearest" });
  };
  await to.evaluate(centre);
  await from.evaluate(centre);
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("drag: element not visible");
  const grab = 6;
  // Nothing on top where the mouse goes down (a closing dialog's backdrop still fading out on a
  // busy machine takes the press, and the drag never starts).
  const point = { x: a.x + a.width / 2, y: a.y + grab };
  await expect
    .poll(() => from.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point), {
      message: "drag: the element to drag is covered where the mouse goes down",
    })
    .toBe(true);
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + grab + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + grab, { steps: 12 });
  await page.mouse.up();
}

/** The stat card's number (docs/product.md "Screens and routes" stat cards). */
export async function statValue(page: Page, key: "total" | "new" | "scheduled" | "won"): Promise<number> {
  const text = await page.getByTestId(`stat-${key}`).textContent();
  return Number((text ?? "").replace(/\D/g, ""));
}

/**
 * A colleague registered on `request` (not the page) whose display name is `first` and a unique
 * token: their registration (credentials and account), shown name, colour and the token.
 */
export async function namedColleague(request: APIRequestContext, baseURL: string | undefined, first: string) {
  const token = uniqueToken();
  const user = await registerUser(request, baseURL, newUser("crew"));
  const name = `${first} ${token}`;
  const response = await request.patch(`/api/users/${user.account.id}`, {
    headers: { Origin: new URL(baseURL!).origin },
    data: { displayName: name },
  });
  expect(response.ok(), `profile answered ${response.status()}`).toBe(true);
  const { color } = (await response.json()) as { color: string };
  return { user, account: user.account, name, color, token };
}
