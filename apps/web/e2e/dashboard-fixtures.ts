import type { Lead, User } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, firstAdmin, loginUser, waitForHydration } from "./fixtures";

export type LeadInput = Partial<Omit<Lead, "id">> & { name: string };

function originHeaders(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("Set use.baseURL in playwright.config.ts");
  return { Origin: new URL(baseURL).origin };
}

let counter = 0;

/** A short token unique to this run and call: put it in names so a search finds only this test's leads. */
export function uniqueToken(): string {
  counter += 1;
  return `${Date.now().toString(36).slice(-5)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

/** Ten digits unlikely to collide with other tests' phone numbers. */
export function uniquePhone(): string {
  return `828${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
}

/**
 * Signs `request` in as the run's first account (the admin). The @first-admin
 * test of dashboard-users.spec.ts registers it when no earlier test has.
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string | undefined): Promise<User> {
  const user = await loginUser(request, baseURL, firstAdmin);
  expect(user.isAdmin, "the first account of the run should be the admin").toBe(true);
  return user;
}

/** Registers the first account unless it exists, and checks it is the admin. For @first-admin tests only. */
export async function ensureFirstAdmin(request: APIRequestContext, baseURL: string | undefined): Promise<User> {
  const headers = originHeaders(baseURL);
  const login = await request.post("/api/login", { data: { email: firstAdmin.email, password: firstAdmin.password }, headers });
  const response = login.ok() ? login : await request.post("/api/register", { data: firstAdmin, headers });
  expect(response.ok(), `admin sign-in answered ${response.status()}: ${await response.text()}`).toBe(true);
  const user = (await response.json()) as User;
  expect(user.isAdmin).toBe(true);
  return user;
}

/** Creates a lead through the REST door, as the user `request` is signed in as. */
export async function createLead(request: APIRequestContext, baseURL: string | undefined, input: LeadInput): Promise<Lead> {
  const token = uniqueToken();
  const response = await request.post("/api/leads", {
    headers: originHeaders(baseURL),
    data: { email: `lead.${token}@example.com`, zipCode: "28801", service: "crawl-space", ...input },
  });
  expect(response.ok(), `POST /api/leads answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Lead;
}

/** Changes a lead through the REST door (PATCH does not check availability: any date, any status). */
export async function updateLead(
  request: APIRequestContext,
  baseURL: string | undefined,
  id: string,
  /** `confirm: true` saves a schedule or assignee that clashes with the assignee's calendar. */
  input: Partial<Omit<Lead, "id">> & { confirm?: boolean },
): Promise<Lead> {
  const response = await request.patch(`/api/leads/${id}`, { headers: originHeaders(baseURL), data: input });
  expect(response.ok(), `PATCH /api/leads/${id} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Lead;
}

export async function listLeads(request: APIRequestContext): Promise<Lead[]> {
  const response = await request.get("/api/leads");
  expect(response.ok()).toBe(true);
  return (await response.json()) as Lead[];
}

export async function getLead(request: APIRequestContext, id: string): Promise<Lead | undefined> {
  return (await listLeads(request)).find((lead) => lead.id === id);
}

/**
 * Sends the public contact form through the REST door (no session needed).
 * The server limits this per IP, so tests send as few as they can.
 */
export async function submitContactForm(
  request: APIRequestContext,
  baseURL: string | undefined,
  input: Record<string, string>,
): Promise<void> {
  const response = await request.post("/api/contact", { headers: originHeaders(baseURL), data: input });
  expect(response.ok(), `POST /api/contact answered ${response.status()}: ${await response.text()}`).toBe(true);
}

/** Opens /admin and waits for the dashboard (and the lead board, when on that tab) to be ready. */
export async function openDashboard(page: Page): Promise<void> {
  await page.goto("/admin");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "CrawlGuard Dashboard" })).toBeVisible();
}

/** Types into the board's search box: the board then shows only leads whose name, email or phone match. */
export async function searchLeads(page: Page, text: string): Promise<void> {
  await page.getByRole("searchbox", { name: "Search leads" }).fill(text);
}

/** A board column (a labelled section). */
export function boardColumn(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

/** A lead card on the board (an article named after the lead). */
export function leadCard(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("article", { name, exact: true });
}

/** The toast with this title (toasts are status regions). */
export function toast(page: Page, title: string): Locator {
  return page.getByRole("status").filter({ hasText: title });
}

/**
 * Opens a lead card's details (status, email, phone, address, the editable value and priority,
 * notes, Book Appointment, edit and delete) unless they are open, and returns them.
 */
export async function openLeadDetails(card: Locator, name: string): Promise<Locator> {
  const toggle = card.getByRole("button", { name: `Details of ${name}`, exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const details = card.getByRole("group", { name: `Details of ${name}`, exact: true });
  await expect(details).toBeVisible();
  return details;
}
