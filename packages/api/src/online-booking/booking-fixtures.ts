import { expect } from "vitest";
import { ApiClient, newAccount, type Door, type TestServer } from "@crawlguard/testing/harness";

/*
 * What the online booking API tests share: crew accounts that work every day, settings that
 * offer windows every day, a homeowner's booking. Test code only.
 */

/** Working 06:00–22:00 every day of the week, so every window of the settings below fits. */
export const ALL_WEEK = ["0", "1", "2", "3", "4", "5", "6"].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "06:00",
  endTime: "22:00",
  isActive: true,
}));

/** Two-hour windows at 09:00 and 13:00 every day (business time). */
export const DAILY_WINDOWS = [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => [
  { dayOfWeek, start: "09:00", end: "11:00" },
  { dayOfWeek, start: "13:00", end: "15:00" },
]);

export interface Person {
  client: ApiClient;
  id: string;
  username: string;
}

/** A signed-in account (the server runs with REGISTRATION=open) working every day. */
export async function crewMember(srv: TestServer, door: Door, prefix = "crew"): Promise<Person> {
  const client = new ApiClient(srv.url);
  const account = newAccount(prefix);
  const registered = await client.call(door, "auth.register", account);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const hours = await client.call(door, "workingHours.saveAll", { days: ALL_WEEK });
  expect(hours.status, JSON.stringify(hours.body)).toBe(200);
  return { client, id: (registered.body as { id: string }).id, username: account.username };
}

export function settingsWith(overrides: Record<string, unknown> = {}) {
  return {
    enabled: true,
    windows: DAILY_WINDOWS,
    noticeHours: 0,
    horizonDays: 7,
    bookableUserIds: [] as string[],
    serviceZipCodes: ["28801", "28803"],
    ...overrides,
  };
}

let counter = 0;
/** A homeowner's booking of `windowStart`, unique per call. */
export function booking(windowStart: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Robin Homeowner ${n}`,
    email: `robin${n}@example.com`,
    phone: "(828) 555-0190",
    address: "41 Kimberly Ave, Asheville, NC 28801",
    zipCode: "28801",
    service: "crawl-space-encapsulation",
    windowStart,
    elapsedMs: 20_000,
    ...overrides,
  };
}

export interface Window {
  start: string;
  end: string;
  label: string;
}

/** The free windows for a zip, through `door` (answer 200 expected). */
export async function freeWindows(client: ApiClient, door: Door, zipCode = "28801"): Promise<Window[]> {
  const res = await client.call<{ windows: Window[] }>(door, "onlineBooking.windows", { zipCode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.windows;
}

/** The token of a manage link. */
export const tokenOf = (manageUrl: string) => manageUrl.split("/book/")[1]!;
