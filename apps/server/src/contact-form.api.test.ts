import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company, serviceIds } from "@crawlguard/content";
import { CONTACT_FORM_PAGES, CROSS_SITE_FORM_MESSAGE, FORM_EXPIRED_MESSAGE, FORM_TOO_LARGE_MESSAGE } from "./contact-form.js";
import { createFormTokens } from "./form-tokens.js";
import { newAccount, ApiClient, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { webDir } from "./web.js";

// Contact forms sent before the page's script has loaded (a defect the outside fuzzer found): the browser posts
// the form to its own page, the server runs contact.submit and answers with the page.

const SUCCESS = "Thank you! We received your request and will contact you within 24 hours.";
const SECRET = "contact-form-test-secret-0123456789abcdef";
const PUBLIC_PAGES = ["/", "/services", `/services/${serviceIds[0]}`, "/about", "/contact", "/gallery"];

/** Signs like the server (same CONTACT_FORM_SECRET): forms shown a while ago, forged or expired ones. */
const tokens = createFormTokens(SECRET);
const shownAgo = (ms: number) => tokens.issue("contact-form-shown", Date.now() - ms);

let visitorCount = 0;
/** An address of its own for each visitor (the server trusts X-Forwarded-For), so per-IP limits stay apart. */
function newIp(): string {
  visitorCount += 1;
  return `203.0.${Math.floor(visitorCount / 250)}.${visitorCount % 250}`;
}

let formCount = 0;
function person(overrides: Record<string, string> = {}): Record<string, string> {
  formCount += 1;
  const n = `${formCount}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `Pat Homeowner ${n}`, email: `pat.form${n}@example.com`, zipCode: "28801", ...overrides };
}

const decode = (text: string) =>
  text.replace(
    /&(quot|amp|lt|gt|#x27|#39);/g,
    (_m, entity: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" })[entity] ?? "",
  );

/** The `<input>` tag (or `<textarea>`/`<select>` opening tag) carrying `name`. */
function controlTag(html: string, name: string): string | undefined {
  return new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
}

/** The value a control of the page shows. */
function valueOf(html: string, name: string): string | undefined {
  const tag = controlTag(html, name);
  if (!tag) return undefined;
  if (tag.startsWith("<textarea")) {
    const body = new RegExp(`${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^<]*)</textarea>`).exec(html)?.[1];
    return decode(body ?? "").replace(/^\n/, "");
  }
  if (tag.startsWith("<select")) {
    const select = html.slice(html.indexOf(tag), html.indexOf("</select>", html.indexOf(tag)));
    return decode(/<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? "");
  }
  return decode(/\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "");
}

/** The form element of the page, if it has one. */
const formTag = (html: string) => /<form\b[^>]*>/.exec(html)?.[0];

interface Answer {
  status: number;
  html: string;
  headers: Headers;
}

describe("contact forms without JavaScript: a native form post to the page", () => {
  let srv: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    if (!existsSync(path.join(webDir, "dist", "server", "entry-server.js"))) {
      throw new Error("These tests render the built web app: run `npm run build -w @crawlguard/web` first.");
    }
    srv = await startTestServer(
      { TRUST_PROXY: "1", CONTACT_MIN_SUBMIT_MS: "3000", CONTACT_RATE_LIMIT: "3", CONTACT_FORM_SECRET: SECRET },
      { withWeb: true },
    );
    staff = new ApiClient(srv.url);
    expect((await staff.call("rest", "auth.register", newAccount("staff"))).status).toBe(200);
  });
  afterAll(() => srv?.stop());

  async function get(pathAndQuery: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(srv.url + pathAndQuery, { headers: { "x-forwarded-for": newIp(), ...headers }, redirect: "manual" });
    return { status: res.status, html: await res.text(), headers: res.headers };
  }

  /** A browser's form post from the page itself (same-origin), from an address of its own unless `ip` is given. */
  async function post(
    page: string,
    body: Record<string, string> | string | Buffer,
    { headers = {}, ip = newIp() }: { headers?: Record<string, string | undefined>; ip?: string } = {},
  ): Promise<Answer> {
    const base: Record<string, string | undefined> = {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: "null",
      "x-forwarded-for": ip,
      ...headers,
    };
    const sent = Object.fromEntries(Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const res = await fetch(srv.url + page, {
      method: "POST",
      headers: sent,
      body: typeof body === "string" || Buffer.isBuffer(body) ? body : new URLSearchParams(body).toString(),
      redirect: "manual",
    });
    return { status: res.status, html: await res.text(), headers: res.headers };
  }

  async function stored(email: string) {
    return srv.running.db.sql<Array<Record<string, unknown>>>`
      SELECT * FROM contact_submissions WHERE lower(email) = lower(${email}) ORDER BY created_at`;
  }

  it("every page with a contact form posts it to itself; no other public page has one", async () => {
    expect([...CONTACT_FORM_PAGES]).toEqual(["/", "/contact"]);
    for (const page of PUBLIC_PAGES) {
      const { status, html } = await get(page);
      expect(status, page).toBe(200);
      const form = formTag(html);
      if (!(CONTACT_FORM_PAGES as readonly string[]).includes(page)) {
        expect(form, page).toBeUndefined();
        continue;
      }
      expect(form, page).toContain('method="post"');
      expect(form, page).toContain(`action="${page}#contact-form"`);
      expect(form, page).toContain('id="contact-form"');
      const fields =
        page === "/contact"
          ? ["name", "email", "phone", "zipCode", "address", "service", "message"]
          : ["name", "email", "phone", "zipCode", "service"];
      for (const field of [...fields, "website", "formToken", "landingPage"])
        expect(controlTag(html, field), `${page} ${field}`).toBeDefined();
      expect(tokens.verify("contact-form-shown", valueOf(html, "formToken"), 60_000).ok).toBe(true);
    }
  });

  it("stores the full form once, answers 303 to the page, which then shows the success notice", async () => {
    // The visit lands on /contact from a search ad: the page carries that in hidden fields.
    const landing = await get("/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring", { referer: "https://www.google.com/" });
    expect(valueOf(landing.html, "landingPage")).toBe("/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring");
    expect(valueOf(landing.html, "utmSource")).toBe("google");
    expect(valueOf(landing.html, "referrer")).toBe("https://www.google.com/");

    const fields = person({
      phone: "(828) 555-0142",
      address: "12 Merrimon Ave, Asheville",
      service: "sump-pump",
      message: "Water in the basement\r\nafter every storm.",
    });
    const hidden = Object.fromEntries(
      ["landingPage", "utmSource", "utmMedium", "utmCampaign", "referrer"].map((name) => [name, valueOf(landing.html, name) ?? ""]),
    );
    const res = await post("/contact", { ...fields, ...hidden, website: "", formToken: shownAgo(20_000) });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/contact\?sent=[\w.-]+$/);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const rows = await stored(fields.email!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: fields.name,
      phone: "(828) 555-0142",
      address: "12 Merrimon Ave, Asheville",
      zipCode: "28801",
      service: "sump-pump",
      message: "Water in the basement\nafter every storm.",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      referrer: "https://www.google.com/",
      landingPage: "/contact?utm_source=google&utm_medium=cpc&utm_campaign=spring",
    });

    // The page the browser is sent to: the notice, an empty form; reloading it sends nothing again.
    for (let view = 0; view < 2; view++) {
      const page = await get(location);
      expect(page.status).toBe(200);
      expect(page.html).toContain("Message Sent!");
      expect(page.html).toContain(SUCCESS);
      expect(valueOf(page.html, "name")).toBe("");
      expect(valueOf(page.html, "landingPage")).toBe("/contact");
    }
    expect(await stored(fields.email!)).toHaveLength(1);
    // The submission is what the dashboard lists.
    const list = await staff.call("rest", "submissions.list");
    expect((list.body as Array<{ email: string }>).filter((row) => row.email === fields.email)).toHaveLength(1);
  });

  it("sends the compact form of the home page the same way", async () => {
    const home = await get("/");
    const fields = person({ phone: "828-555-0100", service: "mold-remediation" });
    const res = await post("/", {
      ...fields,
      website: "",
      formToken: shownAgo(10_000),
      landingPage: valueOf(home.html, "landingPage") ?? "",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/\?sent=/);
    expect(await stored(fields.email!)).toMatchObject([{ service: "mold-remediation", landingPage: "/" }]);
    const page = await get(res.headers.get("location")!);
    expect(page.html).toContain("Message Sent!");
  });

  it("the success notice needs the server's signed link: a made-up ?sent= shows nothing", async () => {
    for (const sent of ["1", "true", tokens.issue("contact-form-shown"), tokens.issue("contact-form-sent", Date.now() - 11 * 60_000)]) {
      const page = await get(`/contact?sent=${encodeURIComponent(sent)}`);
      expect(page.status).toBe(200);
      expect(page.html).not.toContain("Message Sent!");
    }
  });

  it("an invalid form comes back with docs/product.md's messages beside the fields and the typed values kept; nothing stored", async () => {
    const typed = {
      name: "J",
      email: "jo@example",
      phone: "828 555 0199",
      zipCode: "288",
      address: 'Apt "B" <rear>',
      service: "french-drain",
      message: "Line one\r\nLine two & more",
    };
    const res = await post("/contact", { ...typed, website: "", formToken: shownAgo(10_000) });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Zip code must be at least 5 characters",
    ]) {
      expect(res.html).toContain(message);
    }
    expect(valueOf(res.html, "name")).toBe("J");
    expect(valueOf(res.html, "email")).toBe("jo@example");
    expect(valueOf(res.html, "phone")).toBe("828 555 0199");
    expect(valueOf(res.html, "zipCode")).toBe("288");
    expect(valueOf(res.html, "address")).toBe('Apt "B" <rear>');
    expect(valueOf(res.html, "service")).toBe("french-drain");
    expect(valueOf(res.html, "message")).toBe("Line one\nLine two & more");
    for (const field of ["name", "email", "zipCode"]) expect(controlTag(res.html, field)).toContain('aria-invalid="true"');
    expect(controlTag(res.html, "phone")).not.toContain("aria-invalid");
    // A fresh token, so the corrected form can be sent from this page.
    expect(tokens.verify("contact-form-shown", valueOf(res.html, "formToken"), 60_000).ok).toBe(true);
    expect(await stored("jo@example")).toHaveLength(0);

    const compact = await post("/", { name: "", email: "", zipCode: "", formToken: shownAgo(10_000) });
    expect(compact.status).toBe(400);
    expect(compact.html).toContain("Name must be at least 2 characters");
  });

  it("a filled-in honeypot gets the usual answer but nothing is stored", async () => {
    const fields = person();
    const res = await post("/contact", { ...fields, website: "https://spam.example", formToken: shownAgo(10_000) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/contact\?sent=/);
    expect(await stored(fields.email!)).toHaveLength(0);
  });

  it("a form sent faster than a person could (server-measured) gets the usual answer but nothing is stored", async () => {
    const page = await get("/contact");
    const fields = person();
    const res = await post("/contact", { ...fields, formToken: valueOf(page.html, "formToken")! });
    expect(res.status).toBe(303);
    expect(await stored(fields.email!)).toHaveLength(0);
  });

  it("a missing, forged or day-old form token: the form comes back to be sent again, values kept, nothing stored", async () => {
    const stranger = createFormTokens("another-secret-0123456789abcdef-xyz");
    const cases: Array<string | undefined> = [
      undefined,
      "",
      "garbage",
      stranger.issue("contact-form-shown", Date.now() - 10_000),
      tokens.issue("contact-form-sent", Date.now() - 10_000),
      shownAgo(25 * 60 * 60 * 1000),
      tokens.issue("contact-form-shown", Date.now() + 60_000),
    ];
    for (const formToken of cases) {
      const fields = person({ message: "Please call" });
      const res = await post("/contact", { ...fields, ...(formToken === undefined ? {} : { formToken }) });
      expect(res.status, String(formToken)).toBe(400);
      expect(res.html).toContain(FORM_EXPIRED_MESSAGE);
      expect(valueOf(res.html, "name")).toBe(fields.name);
      expect(valueOf(res.html, "message")).toBe("Please call");
      expect(await stored(fields.email!)).toHaveLength(0);
    }
  });

  it("a duplicate (a resent form) is stored once", async () => {
    const fields = person({ message: "Musty smell" });
    const ip = newIp();
    for (let i = 0; i < 2; i++) expect((await post("/contact", { ...fields, formToken: shownAgo(10_000) }, { ip })).status).toBe(303);
    expect(await stored(fields.email!)).toHaveLength(1);
  });

  it("past the per-IP limit: 429 with the page, the rate-limit text and the values kept", async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await post("/contact", { ...person(), formToken: shownAgo(10_000) }, { ip })).status).toBe(303);
    const fields = person({ message: "Fourth try" });
    const res = await post("/contact", { ...fields, formToken: shownAgo(10_000) }, { ip });
    expect(res.status).toBe(429);
    // The same header fields as the API's 429: the oldest of the 3 posts leaves the 10-minute window first.
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(res.headers.get("ratelimit-policy")).toBe('"contact-address";q=3;w=600');
    expect(res.headers.get("ratelimit")).toBe(`"contact-address";r=0;t=${retryAfter}`);
    expect(res.html).toContain("We have received several requests from your network in the last few minutes.");
    expect(res.html).toContain(company.phone.display);
    expect(valueOf(res.html, "email")).toBe(fields.email);
    expect(valueOf(res.html, "message")).toBe("Fourth try");
    expect(await stored(fields.email!)).toHaveLength(0);
  });

  describe("refuses a post from another site (the CSRF rule of /api and /trpc, and stricter)", () => {
    it.each([
      ["another site's Origin", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
      ["another site's Origin without Sec-Fetch-Site", { origin: "https://evil.example", "sec-fetch-site": undefined }],
      ["Origin null from another site", { origin: "null", "sec-fetch-site": "cross-site" }],
      ["a sibling site", { origin: "https://www.example.com", "sec-fetch-site": "same-site" }],
    ])("%s: 403, nothing stored", async (_label, headers) => {
      const fields = person();
      const res = await post("/contact", { ...fields, formToken: shownAgo(10_000) }, { headers });
      expect(res.status).toBe(403);
      expect(res.html).toBe(CROSS_SITE_FORM_MESSAGE);
      expect(await stored(fields.email!)).toHaveLength(0);
    });

    it("with the session cookie, a post without Origin or Sec-Fetch-Site is refused", async () => {
      const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const fields = person();
      const res = await post(
        "/contact",
        { ...fields, formToken: shownAgo(10_000) },
        { headers: { cookie, origin: undefined, "sec-fetch-site": undefined } },
      );
      expect(res.status).toBe(403);
      expect(await stored(fields.email!)).toHaveLength(0);
    });

    it("accepts this site's own Origin (with or without the cookie) and a cookie-less client that sends neither header", async () => {
      const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const variants: Array<Record<string, string | undefined>> = [
        { origin: srv.url, "sec-fetch-site": undefined },
        { origin: srv.url, "sec-fetch-site": undefined, cookie },
        { origin: "null", "sec-fetch-site": "same-origin", cookie },
        { origin: undefined, "sec-fetch-site": undefined },
      ];
      for (const headers of variants) {
        const fields = person();
        expect((await post("/contact", { ...fields, formToken: shownAgo(10_000) }, { headers })).status).toBe(303);
        expect(await stored(fields.email!)).toHaveLength(1);
      }
    });
  });

  describe("hostile or broken requests: never a 5xx, always an answer", () => {
    const token = () => shownAgo(10_000);
    const cases: Array<[string, () => { body: string | Buffer; headers?: Record<string, string> }, number[]]> = [
      [
        "NUL bytes and control characters",
        () => ({ body: `formToken=${token()}&name=Pat%00Smith&email=p%01@x.com&zipCode=28801%1B&message=a%7Fb` }),
        [400],
      ],
      [
        "invalid UTF-8 and malformed percent-encoding",
        () => ({ body: `formToken=${token()}&name=%FF%FE%C3%28&email=%E0%A4%A&zipCode=%zz%%&message=%ED%A0%80` }),
        [400],
      ],
      [
        "lone surrogate escapes",
        () => ({ body: `formToken=${token()}&name=${encodeURIComponent("Pat")}%ED%B0%80&email=a@b.co&zipCode=28801` }),
        [303, 400],
      ],
      ["every field missing", () => ({ body: "" }), [400]],
      ["only unknown fields", () => ({ body: "a=1&b=2&__proto__=x&constructor=y&toString=z" }), [400]],
      [
        "repeated fields and bracket names",
        () => ({ body: `formToken=${token()}&name=Pat&name=Other&email[]=x&email=p@x.com&zipCode[a]=1&zipCode=28801` }),
        [303, 400],
      ],
      [
        "fields far over their limits (within the body limit)",
        () => ({ body: `formToken=${token()}&name=${"N".repeat(20_000)}&email=${"e".repeat(20_000)}@x.com&zipCode=${"9".repeat(20_000)}` }),
        [400],
      ],
      [
        "hidden fields over their limits",
        () => ({
          body: `formToken=${token()}&name=Pat%20Smith&email=p@x.com&zipCode=28801&landingPage=${"/".repeat(3000)}&website=${"w".repeat(600)}`,
        }),
        [303, 400],
      ],
      ["a body over 64 KB", () => ({ body: `name=${"x".repeat(70 * 1024)}` }), [413]],
      ["more fields than a form has", () => ({ body: Array.from({ length: 500 }, (_, i) => `f${i}=1`).join("&") }), [413]],
      ["JSON", () => ({ body: JSON.stringify({ name: "Pat" }), headers: { "content-type": "application/json" } }), [415]],
      [
        "multipart",
        () => ({
          body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nPat\r\n--x--\r\n',
          headers: { "content-type": "multipart/form-data; boundary=x" },
        }),
        [415],
      ],
      ["no content type", () => ({ body: "name=Pat", headers: { "content-type": "" } }), [415]],
      [
        "an unsupported charset",
        () => ({ body: "name=Pat", headers: { "content-type": "application/x-www-form-urlencoded; charset=koi8-r" } }),
        [415],
      ],
      [
        "a gzip body",
        () => ({
          body: gzipSync(`formToken=${token()}&name=Pat%20Smith&email=gz@x.com&zipCode=28801`),
          headers: { "content-encoding": "gzip" },
        }),
        [303],
      ],
      ["a body claimed gzip that is not", () => ({ body: "name=Pat", headers: { "content-encoding": "gzip" } }), [400]],
      ["an unknown content encoding", () => ({ body: "name=Pat", headers: { "content-encoding": "zstd-x" } }), [415]],
      [
        "script in every field",
        () => ({
          body: new URLSearchParams({
            formToken: token(),
            name: "</script><script>globalThis.pwned=1</script>",
            email: '"><img src=x onerror=alert(1)>',
            zipCode: "<!--",
          }).toString(),
        }),
        [400],
      ],
    ];

    it.each(cases)("%s", async (_label, make, statuses) => {
      const { body, headers } = make();
      const res = await post("/contact", body, { headers: headers ?? {} });
      expect(statuses).toContain(res.status);
      if (res.status !== 303) {
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        expect(formTag(res.html)).toContain('action="/contact#contact-form"');
      }
      // Typed text is never markup: not in the page, not in the router's state script.
      expect(res.html).not.toContain("<script>globalThis.pwned");
      expect(res.html).not.toContain("<img src=x");
    });

    it("the page after all that still works", async () => {
      const fields = person();
      expect((await post("/contact", { ...fields, formToken: shownAgo(10_000) })).status).toBe(303);
      expect(await stored(fields.email!)).toHaveLength(1);
    });
  });

  it("only the pages with a form take posts; other paths are untouched", async () => {
    const res = await post("/about", { ...person(), formToken: shownAgo(10_000) });
    expect(res.status).toBe(404);
    const trailing = await post("/contact/", { ...person(), formToken: shownAgo(10_000) });
    expect(trailing.status).toBe(404);
  });

  it("the body limit is 413 with the page and a notice", async () => {
    const res = await post("/", `name=${"x".repeat(65 * 1024)}`);
    expect(res.status).toBe(413);
    expect(res.html).toContain(FORM_TOO_LARGE_MESSAGE);
  });
});

/** A stand-in for Cloudflare's siteverify: "good" passes, anything else fails. */
async function startFakeSiteverify() {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const token = new URLSearchParams(body).get("response");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(token === "good" ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/siteverify`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("contact forms without JavaScript when Turnstile is configured", () => {
  let srv: TestServer;
  let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
  beforeAll(async () => {
    siteverify = await startFakeSiteverify();
    srv = await startTestServer(
      {
        TURNSTILE_SITE_KEY: "site-key",
        TURNSTILE_SECRET_KEY: "test-secret",
        TURNSTILE_VERIFY_URL: siteverify.url,
        CONTACT_FORM_SECRET: SECRET,
      },
      { withWeb: true },
    );
  });
  afterAll(async () => {
    await srv?.stop();
    await siteverify?.close();
  });

  const send = (fields: Record<string, string>) =>
    fetch(`${srv.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ ...fields, formToken: shownAgo(10_000) }).toString(),
      redirect: "manual",
    });

  it("without the widget's token (it needs script) the bot check fails: 400, the notice, values kept", async () => {
    const fields = person();
    const res = await send(fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Bot verification failed. Please try again.");
    expect(valueOf(html, "email")).toBe(fields.email);
  });

  it("with the widget's token (cf-turnstile-response) it is verified and stored", async () => {
    const fields = person();
    const res = await send({ ...fields, "cf-turnstile-response": "good" });
    expect(res.status).toBe(303);
    const [row] = await srv.running.db.sql`SELECT count(*)::int AS n FROM contact_submissions WHERE email = ${fields.email!}`;
    expect(row?.n).toBe(1);
  });
});
