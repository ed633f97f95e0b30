import type { User } from "@crawlguard/validators";
import { type APIRequestContext, type Page, expect, request as playwrightRequest, test as base } from "@playwright/test";

export { expect };

export type TestUser = { username: string; email: string; password: string };

let sequence = 0;

/**
 * The run's first account, so the admin. The @first-admin test registers it
 * (each run starts on an empty database); other tests sign in with it.
 */
export const firstAdmin: TestUser = { username: "owner", email: "owner@example.com", password: "dry-crawlspace-2025" };

/** Credentials nobody has used yet in this run (the database starts empty each run). */
export function newUser(prefix = "staff"): TestUser {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}-${id}`, email: `${prefix}.${id}@example.com`, password: "dry-crawlspace-2025" };
}

/**
 * The server refuses state-changing requests that carry the session cookie
 * unless their Origin is this site; browsers send it, the API client must.
 */
function originHeaders(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("Set use.baseURL in playwright.config.ts");
  return { Origin: new URL(baseURL).origin };
}

async function postJson(request: APIRequestContext, baseURL: string | undefined, path: string, data?: unknown) {
  const response = await request.post(path, { data, headers: originHeaders(baseURL) });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

export type CreatedInvitation = { id: string; token: string; url: string; expiresAt: string };

/**
 * An invitation made by the run's first account (the admin), signed in on a request context of
 * its own so the caller's cookies are untouched. After the first account, nobody registers
 * without one.
 */
export async function createInvitation(
  baseURL: string | undefined,
  input: { email?: string; isAdmin?: boolean; role?: "admin" | "office" | "crew" } = {},
): Promise<CreatedInvitation> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await postJson(admin, baseURL, "/api/login", { email: firstAdmin.email, password: firstAdmin.password });
    const response = await postJson(admin, baseURL, "/api/users/invitations", input);
    return (await response.json()) as CreatedInvitation;
  } finally {
    await admin.dispose();
  }
}

/**
 * Creates a staff account as a person joins: the admin invites, the account registers with the
 * invitation's code through the REST door. Pass `page.request` to also sign the page's browser
 * context in (it shares cookies with the page), or the `request` fixture to only create the account.
 *
 * `role` makes an account of that role (admin, office or crew; office by default).
 *
 * The first account of a run becomes admin (and needs no invitation): tests that register it must
 * be tagged @first-admin (see playwright.config.ts); this helper needs it to exist.
 */
export async function registerUser(
  request: APIRequestContext,
  baseURL: string | undefined,
  user: TestUser = newUser(),
  { isAdmin = false, role }: { isAdmin?: boolean; role?: "admin" | "office" | "crew" } = {},
): Promise<TestUser & { account: User }> {
  const { token } = await createInvitation(baseURL, role ? { role } : { isAdmin });
  const response = await postJson(request, baseURL, "/api/register", { ...user, inviteToken: token });
  return { ...user, account: (await response.json()) as User };
}

/** Signs in through the REST door; with `page.request` the page is signed in too. */
export async function loginUser(request: APIRequestContext, baseURL: string | undefined, user: TestUser): Promise<User> {
  const response = await postJson(request, baseURL, "/api/login", { email: user.email, password: user.password });
  return (await response.json()) as User;
}

/**
 * Waits until React has hydrated the server-rendered page: the root layout marks <html> with
 * `data-app-hydrated` once its tree is committed. (The router removes `window.$_TSR` before that,
 * when it restores its state: a click in between was a plain browser navigation.)
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-app-hydrated]").waitFor({ state: "attached" });
}

/** An HTTP error the page expects; Chromium logs every failed load as a console error. */
export type ExpectedFailure = { status: number; url: RegExp };

/** Signed-out session check (docs/product.md "States and transitions": 401 means "not logged in"). */
export const SIGNED_OUT_SESSION_CHECK: ExpectedFailure = { status: 401, url: /\/trpc\/auth\.me\b/ };

/**
 * Collects console errors and uncaught page errors (React reports hydration
 * mismatches through both) from the moment it is called, except the logged
 * failed loads listed in `expected`.
 */
export function collectPageErrors(page: Page, expected: ExpectedFailure[] = []): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const url = message.location().url;
    const status = /status of (\d{3})/.exec(text)?.[1];
    if (status && expected.some((failure) => failure.status === Number(status) && failure.url.test(url))) return;
    errors.push(`console: ${text} (${url})`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

type Fixtures = {
  /** A staff (non-admin) account that exists, not signed in. */
  staffUser: TestUser & { account: User };
  /** A page whose browser context is signed in as a fresh staff account. */
  staffPage: { page: Page; user: TestUser & { account: User } };
};

export const test = base.extend<Fixtures>({
  staffUser: async ({ request, baseURL }, use) => {
    await use(await registerUser(request, baseURL, newUser("staff")));
  },
  staffPage: async ({ page, baseURL }, use) => {
    const user = await registerUser(page.request, baseURL, newUser("staff"));
    await use({ page, user });
  },
});

/** A finger on the page's touch screen (Chromium's input domain): start, move and lift. */
export type Touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number, y?: number) => Promise<unknown>;

export async function touchScreen(page: Page): Promise<Touch> {
  const cdp = await page.context().newCDPSession(page);
  return (type, x = 0, y = 0) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
}
