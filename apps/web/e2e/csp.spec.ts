import { serviceIds } from "@crawlguard/content";
import type { Page, Response } from "@playwright/test";
import { collectPageErrors, expect, SIGNED_OUT_SESSION_CHECK, test, waitForHydration } from "./fixtures";

// No 'unsafe-inline' for scripts or <style> elements on any page; each page's inline scripts and
// styles carry the response's nonce, and so do the styles the app inserts (emotion); only style
// attributes stay allowed inline; no directive allows a whole scheme such as https:; connect-src
// only what the app talks to. Chromium reports every blocked script, style, font, frame or fetch as
// a `securitypolicyviolation` event and a console error.

const PUBLIC_PATHS = ["/", "/services", ...serviceIds.map((id) => `/services/${id}`), "/about", "/contact", "/gallery", "/no-such-page"];

/** Records the page's CSP violations from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

/** The page's policy is tight and its nonce is the one on every inline script of the HTML. */
async function checkPolicy(response: Response | null): Promise<void> {
  expect(response).not.toBeNull();
  const policy = directives(response!.headers()["content-security-policy"] ?? null);
  const scriptSrc = policy.get("script-src") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(policy.get("script-src-attr")).toEqual(["'none'"]);
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  const nonce = nonces[0]!.slice("'nonce-".length, -1);
  expect(nonce.length).toBeGreaterThanOrEqual(22);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  for (const [name, values] of policy) expect(values, name).not.toContain("https:");
  expect(policy.get("style-src-elem")).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(policy.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  expect(policy.get("font-src")).toEqual(["'self'"]);
  const html = await response!.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
  expect(inline.length).toBeGreaterThan(0);
  for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  for (const [, attrs] of html.matchAll(/<style\b([^>]*)>/g)) expect(attrs).toContain(`nonce="${nonce}"`);
}

/** Clicks the calendar view button `view` (Month, Week, Day). */
async function showCalendarView(page: Page, view: string): Promise<void> {
  const button = page.getByRole("group", { name: "Calendar view" }).getByRole("button", { name: view });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

test.describe("Content-Security-Policy", { tag: "@any-device" }, () => {
  test("every public page and /auth run without a CSP violation, their scripts by nonce", async ({ page }) => {
    const violations = await watchViolations(page);
    const errors = collectPageErrors(page, [SIGNED_OUT_SESSION_CHECK, { status: 404, url: /\/no-such-page$/ }]);
    for (const path of [...PUBLIC_PATHS, "/auth"]) {
      const response = await page.goto(path);
      await checkPolicy(response);
      await waitForHydration(page);
      await expect.poll(violations, { message: path }).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  test("the dashboard runs without a CSP violation", async ({ staffPage: { page } }) => {
    const violations = await watchViolations(page);
    const errors = collectPageErrors(page);
    const response = await page.goto("/admin");
    await checkPolicy(response);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Every tab (their code loads lazily, from this origin) runs without a violation.
    const tabs = page.getByRole("tab");
    const count = await tabs.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toBeVisible();
    }
    // The calendar's views (react-big-calendar, drag and drop) and the dialogs, whose styles the app
    // inserts as they open.
    await page.getByRole("tab", { name: /^Calendar/ }).click();
    for (const view of ["Month", "Week", "Day"]) await showCalendarView(page, view);
    await page.getByRole("button", { name: "Schedule Appointment" }).click();
    const schedule = page.getByRole("dialog", { name: "Schedule Appointment" });
    await expect(schedule).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(schedule).toBeHidden();
    await page.getByRole("tab", { name: /^Lead Management/ }).click();
    await page.getByRole("button", { name: "Add Lead" }).first().click();
    const addLead = page.getByRole("dialog", { name: "Add Lead" });
    await expect(addLead).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(addLead).toBeHidden();
    // The styles inserted while the app ran carry the page's nonce.
    const inserted = await page.evaluate(() => [...document.querySelectorAll("style")].map((style) => style.nonce !== ""));
    expect(inserted.length).toBeGreaterThan(0);
    expect(inserted.every(Boolean)).toBe(true);
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("the API reference (swagger-ui) runs without a CSP violation", async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto("/api/docs");
    const policy = directives(response!.headers()["content-security-policy"] ?? null);
    for (const [name, values] of policy) expect(values, name).not.toContain("https:");
    expect(policy.get("style-src-elem")).not.toContain("'unsafe-inline'");
    // The document has loaded and its operations are drawn; one opens with its parameters and schemas.
    const operation = page.locator(".opblock-summary").first();
    await expect(operation).toBeVisible();
    await operation.click();
    await expect(page.locator(".opblock-body").first()).toBeVisible();
    await expect(page.getByText("Responses").first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("each response has a nonce of its own", async ({ request }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const header = (await request.get("/")).headers()["content-security-policy"];
      nonces.add(/'nonce-([^']+)'/.exec(header ?? "")?.[1] ?? "");
    }
    expect(nonces.size).toBe(3);
    expect(nonces.has("")).toBe(false);
  });

  test("an inline script injected without the nonce is blocked", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await waitForHydration(page);
    const ran = await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual(["script-src-elem blocked inline"]);
  });

  test("an inline style injected without the nonce is not applied", async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto("/");
    await waitForHydration(page);
    const applied = await page.evaluate(async () => {
      const style = document.createElement("style");
      style.textContent = "body { visibility: hidden }";
      document.head.appendChild(style);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return getComputedStyle(document.body).visibility === "hidden";
    });
    expect(applied).toBe(false);
    await expect.poll(violations).toEqual(["style-src-elem blocked inline"]);
  });
});
