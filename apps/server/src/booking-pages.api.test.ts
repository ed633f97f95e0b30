import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingPageSeo, company } from "@crawlguard/content";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { createFormTokens } from "./form-tokens.js";
import { redactUrl } from "./redact-url.js";

/*
 * Online booking's pages without JavaScript: /book (switched off, the zip code, the windows as
 * radio buttons grouped by day, the labelled fields, the booking) and the manage link /book/{token}
 * (noindex, private, moving and cancelling by form posts). Browser tests cover the same pages in
 * Chromium (apps/web/e2e/online-booking.spec.ts).
 */

const SECRET = "booking-pages-test-secret-0123456789abcdef";
const tokens = createFormTokens(SECRET);
const ALL_WEEK = ["0", "1", "2", "3", "4", "5", "6"].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "06:00",
  endTime: "22:00",
  isActive: true,
}));
const WINDOWS = [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => [
  { dayOfWeek, start: "09:00", end: "11:00" },
  { dayOfWeek, start: "13:00", end: "15:00" },
]);

const decode = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|#39);/g, (_m, e: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#39": "'" })[e] ?? "");

describe("online booking pages", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let crewId: string;
  let counter = 0;

  beforeAll(async () => {
    srv = await startTestServer({ REGISTRATION: "open", CONTACT_FORM_SECRET: SECRET, CONTACT_RATE_LIMIT: "1000" });
    admin = new ApiClient(srv.url);
    const registered = await admin.call("rest", "auth.register", newAccount("admin"));
    crewId = registered.body.id;
    expect((await admin.call("rest", "workingHours.saveAll", { days: ALL_WEEK })).status).toBe(200);
  });
  afterAll(() => srv.stop());

  const settings = (enabled: boolean) =>
    admin.call("rest", "onlineBooking.updateSettings", {
      enabled,
      windows: WINDOWS,
      noticeHours: 0,
      horizonDays: 5,
      bookableUserIds: [crewId],
      serviceZipCodes: ["28801"],
    });
  const get = (path: string) => fetch(`${srv.url}${path}`, { redirect: "manual" });
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: srv.url, ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const details = (overrides: Record<string, string> = {}) => {
    counter += 1;
    return {
      name: `Jordan Homeowner ${counter}`,
      email: `jordan${counter}.${Date.now()}@example.com`,
      phone: "(828) 555-0170",
      address: "9 Charlotte St, Asheville, NC 28801",
      zipCode: "28801",
      service: "mold-remediation",
      message: "",
      website: "",
      formToken: tokens.issue("booking-form-shown", Date.now() - 60_000),
      ...overrides,
    };
  };
  /** The windows a page offers, as radio values in page order. */
  const radios = (html: string) =>
    [...html.matchAll(/<input type="radio" id="[\w-]+" name="windowStart" value="([^"]+)"/g)].map((m) => m[1]!);

  it("switched off, /book explains and gives the phone as a tel: link, with head data for search", async () => {
    const res = await get("/book");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Online booking isn&#39;t available right now.");
    expect(html).toContain(`<a href="${company.phone.href}">${company.phone.display}</a>`);
    expect(html).toContain(`<title>${bookingPageSeo.title}</title>`);
    expect(decode(html)).toContain(`<meta name="description" content="${bookingPageSeo.description}">`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/book">/);
    expect(html).not.toContain('name="robots"');
    // Styles by the response's nonce, nothing inline without it.
    const nonce = /style-src-elem[^;]*'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).not.toContain("<script");
  });

  it("on, asks for the zip code, then lists the windows as radio buttons grouped by day with the labelled fields", async () => {
    expect((await settings(true)).status).toBe(200);
    const first = await (await get("/book")).text();
    expect(first).toMatch(/<form method="get" action="\/book"[^>]*>\s*<label class="field" for="zip">Zip code<\/label>/);

    const res = await get("/book?zipCode=28801");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    const legends = [...html.matchAll(/<legend>([^<]+)<\/legend>/g)].map((m) => m[1]!);
    expect(legends.length).toBeGreaterThanOrEqual(4);
    for (const legend of legends)
      expect(legend).toMatch(/^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), [A-Z][a-z]+ \d{1,2}$/);
    expect(new Set(legends).size).toBe(legends.length);
    const api = await admin.call("rest", "onlineBooking.windows", { zipCode: "28801" });
    expect(radios(html)).toEqual(api.body.windows.map((w: { start: string }) => w.start));
    expect(html).toMatch(/<label for="w-1">(9:00–11:00 AM|1:00–3:00 PM)<\/label>/);
    for (const [id, label] of [
      ["f-name", "Name"],
      ["f-email", "Email"],
      ["f-phone", "Phone"],
      ["f-address", "Address"],
      ["f-zipCode", "Zip code"],
      ["f-service", "Service"],
    ]) {
      expect(html).toContain(`<label class="field" for="${id}">${label}</label>`);
    }
    expect(html).toMatch(/<button type="submit" class="primary">Book[^<]*<\/button>/);
    // The canonical stays /book whatever the zip code.
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/book">/);
  });

  it("a zip outside the area is 422 with the phone; a malformed one 400 on the field", async () => {
    const outside = await get("/book?zipCode=90210");
    expect(outside.status).toBe(422);
    const html = await outside.text();
    expect(html).toContain("90210");
    expect(html).toContain(company.phone.display);
    const bad = await get("/book?zipCode=12");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/<p class="error" id="zip-error">Zip code must be 5 digits<\/p>/);
  });

  it("books by a form post: 'You're booked' with the window, and a link to manage it", async () => {
    const page = await (await get("/book?zipCode=28801")).text();
    const [windowStart] = radios(page);
    const res = await post("/book", { ...details(), windowStart: windowStart! });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("<h1>You're booked</h1>");
    const label = /<p class="when">([^<]+)<\/p>/.exec(html)?.[1];
    expect(label).toMatch(/ · (9:00–11:00 AM|1:00–3:00 PM)$/);
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/book\/[A-Za-z0-9_-]{43}">See, move or cancel your booking<\/a>/);
    expect(radios(await (await get("/book?zipCode=28801")).text())).not.toContain(windowStart);
  });

  it("a refused post shows the page again with the reasons beside the fields and what was typed", async () => {
    const page = await (await get("/book?zipCode=28801")).text();
    const [windowStart] = radios(page);
    const typed = details({ email: "not-an-email", phone: "555" });
    const res = await post("/book", { ...typed, windowStart: windowStart! });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<p class="error" id="f-email-error">Please enter a valid email address</p>');
    expect(html).toContain('<p class="error" id="f-phone-error">Phone number must be at least 10 digits</p>');
    expect(html).toContain(`value="${typed.name}"`);
    expect(html).toMatch(new RegExp(`value="${windowStart}" required checked`));

    const expired = await post("/book", {
      ...details({ formToken: tokens.issue("booking-form-shown", Date.now() - 25 * 3_600_000) }),
      windowStart: windowStart!,
    });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain("This form has expired.");
    const noWindow = await post("/book", details());
    expect(noWindow.status).toBe(400);
    expect(await noWindow.text()).toContain("Choose an arrival window");
    const crossSite = await post("/book", { ...details(), windowStart: windowStart! }, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
  });

  it("the manage link: noindex, private; moving and cancelling by form posts, each answered with a redirect", async () => {
    const page = await (await get("/book?zipCode=28801")).text();
    const [first, second] = radios(page);
    const booked = await (await post("/book", { ...details(), windowStart: first! })).text();
    const manage = /href="http:\/\/127\.0\.0\.1:\d+(\/book\/[A-Za-z0-9_-]{43})"/.exec(booked)![1]!;
    expect(redactUrl(manage)).toBe("/book/[REDACTED]");

    const shown = await get(manage);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    expect(shown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    let html = await shown.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain("<p>You're booked for</p>");
    expect(radios(html)).toContain(second);
    expect(radios(html)).not.toContain(first);

    const moved = await post(`${manage}/reschedule`, { windowStart: second! });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${manage}?done=moved`);
    html = await (await get(`${manage}?done=moved`)).text();
    expect(html).toContain("Your booking has moved.");
    const view = await admin.call("rest", "onlineBooking.view", { token: manage.slice("/book/".length) });
    expect(view.body.start).toBe(second);

    const cancelled = await post(`${manage}/cancel`, {});
    expect(cancelled.status).toBe(303);
    html = await (await get(`${manage}?done=cancelled`)).text();
    expect(html).toContain("This booking is cancelled.");
    expect(html).not.toContain('action="' + manage + '/reschedule"');
    const again = await post(`${manage}/reschedule`, { windowStart: first! });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking was cancelled, so it cannot be moved.");

    const unknown = await get(`/book/${"B".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
