import { company, galleryFilters, galleryItems, getServiceDetail, pageSeo, serviceAreas, serviceIds, services } from "@crawlguard/content";
import type { Page } from "@playwright/test";
import { collectPageErrors, expect, test, waitForHydration } from "./fixtures";

type PublicPage = {
  path: string;
  title: string;
  h1: string;
  /** The header link that is the current page. */
  nav: string;
  /** Texts of docs/product.md "Screens and routes" the page shows. */
  texts: string[];
};

const pages: PublicPage[] = [
  {
    path: "/",
    title: pageSeo["/"].title,
    h1: "Expert Crawl Space Waterproofing in Asheville, NC",
    nav: "Home",
    texts: ["Request Your Inspection", "What Our Customers Say", "Proudly Serving Western North Carolina"],
  },
  {
    path: "/services",
    title: pageSeo["/services"].title,
    h1: "Crawl Space & Basement Waterproofing Services",
    nav: "Services",
    texts: ["Free Inspection", "Custom Solution", "Professional Installation", "Why Homeowners Choose CrawlGuard"],
  },
  {
    path: "/about",
    title: pageSeo["/about"].title,
    h1: `About ${company.name}`,
    nav: "About",
    texts: ["500+", "100%", "24hr", "Vapor Barrier Installation", "Integrity"],
  },
  {
    path: "/contact",
    title: pageSeo["/contact"].title,
    h1: "Contact Us for a Free Inspection",
    nav: "Contact",
    texts: ["Send Us a Message", "Contact Information", company.hours.weekdays, "Water Emergency?"],
  },
  {
    path: "/gallery",
    title: pageSeo["/gallery"].title,
    h1: "Project Gallery",
    nav: "Gallery",
    texts: ["The Difference a Dry Home Makes", ...galleryFilters.map((filter) => filter.label)],
  },
  ...serviceIds.map((id): PublicPage => {
    const detail = getServiceDetail(id);
    if (!detail) throw new Error(`no detail for ${id}`);
    return {
      path: `/services/${id}`,
      title: `${detail.headline} | CrawlGuard`,
      h1: detail.headline,
      nav: "Services",
      texts: [`Benefits of ${detail.name}`, `Signs You Need ${detail.name}`, "Related Services", detail.processSteps[0].title],
    };
  }),
];

/** JSON-LD objects of the page's head. */
async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const scripts = await page.locator('head script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

test.describe("public pages", () => {
  for (const spec of pages) {
    test(`${spec.path} renders on the server, hydrates cleanly and has its head data`, async ({ page, baseURL }) => {
      const errors = collectPageErrors(page);
      const response = await page.goto(spec.path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);

      await expect(page).toHaveTitle(spec.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
      for (const text of spec.texts) await expect(page.getByText(text).first()).toBeAttached();

      // Head data: description, canonical, social tags, structured data.
      const url = new URL(spec.path, baseURL).href;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", spec.title);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const types = (await jsonLd(page)).map((data) => data["@type"]);
      expect(types).toContain("HomeAndConstructionBusiness");
      if (spec.path.startsWith("/services/")) expect(types).toEqual(expect.arrayContaining(["Service", "BreadcrumbList"]));

      // The header marks the current page (on phones inside the menu).
      if (isPhone(page)) {
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Menu" });
        await expect(menu.getByRole("link", { name: spec.nav, exact: true })).toHaveAttribute("aria-current", "page");
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
      } else {
        const nav = page.getByRole("navigation", { name: "Main" });
        await expect(nav.getByRole("link", { name: spec.nav, exact: true })).toHaveAttribute("aria-current", "page");
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      }

      // Footer: the services, the first six areas, contact, hours, social link, copyright.
      const footer = page.getByRole("contentinfo");
      // Each to its part of /services (so none reads as the current page there).
      for (const service of services)
        await expect(footer.getByRole("link", { name: service.name })).toHaveAttribute("href", `/services#${service.id}`);
      for (const area of serviceAreas.slice(0, 6)) await expect(footer.getByText(`${area}, NC`, { exact: true })).toBeAttached();
      await expect(footer.getByText(`${serviceAreas[6]}, NC`, { exact: true })).toHaveCount(0);
      await expect(footer.getByRole("link", { name: company.phone.display })).toHaveAttribute("href", company.phone.href);
      await expect(footer.getByRole("link", { name: company.email })).toHaveAttribute("href", company.emailHref);
      await expect(footer.getByText(company.hours.weekdays)).toBeAttached();
      await expect(footer.getByRole("link", { name: "Follow us on Facebook" })).toHaveAttribute("href", company.socialMedia.facebook);
      await expect(footer).toContainText("© 2025");

      expect(errors).toEqual([]);
    });
  }

  test("the server HTML of a service page has its heading, title, canonical link and structured data", async ({ request }) => {
    const response = await request.get("/services/basement-waterproofing");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const detail = getServiceDetail("basement-waterproofing");
    expect(html).toMatch(new RegExp(`<h1[^>]*>${detail?.headline.replace(/&/g, "&amp;")}</h1>`));
    expect(html).toContain(`<title>${detail?.headline} | CrawlGuard</title>`);
    expect(html).toMatch(/<link [^>]*rel="canonical" href="http:\/\/[^"]+\/services\/basement-waterproofing">/);
    const scripts = [...html.matchAll(/<script [^>]*type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse((match[1] ?? "").replace(/\\u003c/g, "<")) as { "@type": string },
    );
    expect(scripts.map((data) => data["@type"])).toEqual(
      expect.arrayContaining(["HomeAndConstructionBusiness", "Service", "BreadcrumbList"]),
    );
  });

  test("the home page links each service, lists the areas and its calls to action", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const main = page.getByRole("main");
    for (const service of services) {
      await expect(main.getByRole("link", { name: `Learn More about ${service.name}` })).toHaveAttribute("href", `/services/${service.id}`);
    }
    for (const area of serviceAreas) await expect(main.getByText(area, { exact: true }).first()).toBeAttached();
    await expect(main.getByRole("link", { name: "Get Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Schedule Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: `Call ${company.phone.display}` }).first()).toHaveAttribute("href", company.phone.href);
    const reviews = main.getByRole("link", { name: "Read Verified Reviews" });
    await expect(reviews).toHaveAttribute("href", company.reviewsUrl);
    await expect(reviews).toHaveAttribute("target", "_blank");
    // Testimonials: the rating with one decimal.
    await expect(main.getByRole("figure").getByRole("img", { name: "Rated 5.0 out of 5 stars" })).toHaveCount(3);
    // The location section: the OpenStreetMap embed (lazy) and the larger map in a new tab.
    const map = main.locator("iframe");
    await expect(map).toHaveAttribute("src", company.map.embedUrl);
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(main.getByRole("link", { name: "View larger map" })).toHaveAttribute("target", "_blank");
  });

  test("navigating scrolls to the top, and the service pages link to each other", async ({ page }) => {
    await page.goto("/services");
    await waitForHydration(page);
    const link = page.getByRole("link", { name: "View detailed service for Sump Pump Installation" });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page).toHaveURL(/\/services\/sump-pump$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(getServiceDetail("sump-pump")?.headline ?? "");
    await expect(page).toHaveTitle(`${getServiceDetail("sump-pump")?.headline} | CrawlGuard`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crawl Space & Basement Waterproofing Services");
  });

  test("a visitor who scrolled before the app started stays where they scrolled, and a tap there lands", async ({ page }) => {
    // The app's chunk waits until the visitor has scrolled: a slow phone, where the page is read
    // (and scrolled) long before React hydrates it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/client-app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/services");
    const link = page.getByRole("link", { name: "View detailed service for Sump Pump Installation" });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, "the link is below the first screen").toBeGreaterThan(100);
    await expect(page.locator("html[data-app-hydrated]")).toHaveCount(0);

    release();
    await waitForHydration(page);
    // Two frames after hydration: the router's reset came in the frame after its first render.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await link.click();
    await expect(page).toHaveURL(/\/services\/sump-pump$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the footer's services open their part of /services, and none reads as the current page there", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    const mold = footer.getByRole("link", { name: "Mold Remediation" });
    await mold.scrollIntoViewIfNeeded();
    await mold.click();
    await expect(page).toHaveURL(/\/services#mold-remediation$/);
    await expect(page.locator("article#mold-remediation")).toBeInViewport();

    await page.goto("/services");
    await waitForHydration(page);
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole("link", { name: "Mold Remediation" })).toBeVisible();
    await expect(footer.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test("the rating block lines up: centred in one column on a phone, side by side on a desktop", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const summary = page.getByText(/^5\.0 out of 5 from \d+ reviews$/);
    await summary.scrollIntoViewIfNeeded();
    const figure = page.getByText("5.0", { exact: true });
    const stars = page.getByRole("img", { name: "Rated 5.0 out of 5 stars" }).last();
    const [f, t, st] = await Promise.all([figure.boundingBox(), summary.boundingBox(), stars.boundingBox()]);
    const centre = (b: { x: number; width: number }) => b.x + b.width / 2;
    if ((page.viewportSize()?.width ?? 0) < 480) {
      expect(Math.abs(centre(f!) - centre(t!))).toBeLessThan(3);
      expect(Math.abs(centre(f!) - centre(st!))).toBeLessThan(3);
      expect(t!.y).toBeGreaterThan(f!.y + f!.height - 1);
    } else {
      expect(t!.x).toBeGreaterThan(f!.x + f!.width);
      expect(Math.abs(t!.x - st!.x)).toBeLessThan(3);
    }
  });

  test("an unknown service shows 'Service Not Found' with status 404", async ({ page }) => {
    const errors = collectPageErrors(page, [{ status: 404, url: /\/services\/no-such-service$/ }]);
    const response = await page.goto("/services/no-such-service");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page).toHaveTitle("Service Not Found");
    await expect(page.getByRole("heading", { level: 1, name: "Service not found" })).toBeVisible();
    await expect(page.getByText("We couldn't locate that service...")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.getByRole("link", { name: "View all services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    expect(errors).toEqual([]);
  });

  test("an unknown path answers 404 inside the site header and footer", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 Page Not Found");
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2025");
  });
});

test.describe("mobile menu", () => {
  // The menu button shows below the lg breakpoint only.
  test("opens, navigates and closes @phone-only", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Open menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Free Estimate" })).toHaveAttribute("href", "/contact");
    await expect(menu.getByRole("link", { name: `Call ${company.phone.display}` })).toHaveAttribute("href", company.phone.href);

    await menu.getByRole("link", { name: "Gallery", exact: true }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Project Gallery" })).toBeVisible();

    // The close button closes it too, and the menu marks the new current page.
    await button.click();
    await expect(menu.getByRole("link", { name: "Gallery", exact: true })).toHaveAttribute("aria-current", "page");
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("gallery", () => {
  test("filters by category and opens a project in a modal", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/gallery");
    await waitForHydration(page);
    const grid = page.getByRole("list", { name: "Projects" });
    await expect(grid.getByRole("listitem")).toHaveCount(galleryItems.length);
    await expect(page.getByRole("button", { name: "All Projects" })).toHaveAttribute("aria-pressed", "true");

    await page.getByRole("button", { name: "Basement", exact: true }).click();
    await expect(page.getByRole("button", { name: "Basement", exact: true })).toHaveAttribute("aria-pressed", "true");
    const basement = galleryItems.filter((item) => item.category === "basement");
    await expect(grid.getByRole("listitem")).toHaveCount(basement.length);
    for (const item of basement) await expect(grid.getByRole("button", { name: item.title })).toBeVisible();

    // Lazy images (but the first row) with their size given, so nothing moves as they load.
    await page.getByRole("button", { name: "All Projects" }).click();
    const images = grid.getByRole("img");
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.last()).toHaveAttribute("loading", "lazy");
    await expect(images.last()).toHaveAttribute("width", "1200");
    await expect(images.last()).toHaveAttribute("height", "800");
    await page.getByRole("button", { name: "Basement", exact: true }).click();

    const first = basement[0];
    if (!first) throw new Error("no basement project");
    await grid.getByRole("button", { name: first.title }).click();
    const dialog = page.getByRole("dialog", { name: first.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(first.description)).toBeVisible();
    await expect(dialog.getByRole("img", { name: first.alt })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await grid.getByRole("button", { name: first.title }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "All Projects" }).click();
    await expect(grid.getByRole("listitem")).toHaveCount(galleryItems.length);
    await expect(page.getByRole("link", { name: "View More Projects" })).toHaveAttribute("href", "/contact");
    expect(errors).toEqual([]);
  });
});

test.describe("deferred parts", () => {
  test("the footer and the home page's lower sections hydrate when scrolled to", async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    // A full page load would drop this marker; a client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // A click before a part has hydrated is an ordinary link (a full page load), so wait for it.
    const learnMore = page.getByRole("link", { name: "Learn More about French Drain Systems" });
    await learnMore.scrollIntoViewIfNeeded();
    await expect(page.locator("[data-hydrated]").filter({ has: learnMore })).toBeAttached();
    await learnMore.click();
    await expect(page).toHaveURL(/\/services\/french-drain$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Mold Remediation" });
    await footerLink.scrollIntoViewIfNeeded();
    await expect(page.locator("[data-hydrated]").filter({ has: footerLink })).toBeAttached();
    await footerLink.click();
    await expect(page).toHaveURL(/\/services#mold-remediation$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** Every <style> the page gains after the HTML, every one moved, and every rule the app inserts (window.styleLog). */
async function logAddedStyles(page: Page) {
  await page.addInitScript(() => {
    const log: string[] = [];
    const diagnosis: string[] = [];
    Object.assign(window, { styleLog: log, styleDiagnosis: diagnosis });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node.nodeName === "STYLE" && document.readyState !== "loading") log.push((node as Element).outerHTML.slice(0, 80));
        }
      }
    }).observe(document, { childList: true, subtree: true });
    // Emotion fills its tags with insertRule (they look empty): log the rules too, so a failure
    // names what the app added.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the sheet as `this`
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      if (document.readyState !== "loading") {
        log.push(`rule: ${rule.slice(0, 160)}`);
        // Where it came from, and whether the server's tag named it (a failure's diagnosis).
        const name = /^\.cg-([\w-]+)/.exec(rule)?.[1];
        const server = [...document.querySelectorAll('style[data-emotion^="cg-server "]')]
          .map((tag) => tag.getAttribute("data-emotion"))
          .join(" ");
        diagnosis.push(
          `${rule.slice(0, 40)} listed by the server: ${name ? server.split(" ").includes(name) : "-"}; stack: ${new Error().stack}`,
        );
      }
      return insertRule.call(this, rule, index);
    };
  });
}

const styleLogOf = (page: Page) =>
  page.evaluate(() => {
    const { styleLog, styleDiagnosis } = window as unknown as { styleLog: string[]; styleDiagnosis: string[] };
    return { styleLog: [...styleLog], styleDiagnosis: [...styleDiagnosis] };
  });

/** The cg- classes on the page that no rule of any stylesheet defines (and how many there are). */
const unstyledClasses = (page: Page) =>
  page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ("cssRules" in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const defined = new Set(selectors.flatMap((selector) => selector.match(/\.cg-[\w-]+/g) ?? []));
    const used = new Set(
      [...document.querySelectorAll("[class]")].flatMap((node) => [...node.classList].filter((c) => c.startsWith("cg-"))),
    );
    return { used: used.size, missing: [...used].filter((name) => !defined.has(`.${name}`)) };
  });

/** The bytes the page's fetch of `url` took over the network (0: from the browser's cache), or undefined when it did not fetch it. */
const transferSizeOf = (page: Page, url: string) =>
  page.evaluate(
    (href) => (performance.getEntriesByName(new URL(href, location.href).href)[0] as PerformanceResourceTiming | undefined)?.transferSize,
    url,
  );

/** Goes to `path` as a link of this site would (Sec-Fetch-Site: same-origin), not as a typed address. */
async function navigateWithinSite(page: Page, path: string) {
  await page.evaluate((to) => window.location.assign(to), path);
  await page.waitForURL((url) => url.pathname === path);
  await page.waitForLoadState("load");
}

test.describe("styles", () => {
  test("a first visit paints from the page's own inline CSS, adds none of it again, and fetches the stylesheet for the next pages", async ({
    page,
  }) => {
    await logAddedStyles(page);
    // page.goto is a typed address (Sec-Fetch-Site: none): a browser that may not have the stylesheet.
    const answer = await page.goto("/");
    expect((await answer!.request().allHeaders())["sec-fetch-site"]).toBe("none");
    await waitForHydration(page);
    // Chakra's global CSS and the page's styles are in the page; nothing render-blocking to fetch.
    await expect(page.locator("style[data-chakra-global]")).toHaveCount(1);
    await expect(page.locator('style[data-emotion^="cg-server "]')).not.toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const prefetch = page.locator('link[rel="prefetch"]');
    await expect(prefetch).toHaveAttribute("href", /^\/assets\/site-[\w-]{10}\.css$/);
    const href = (await prefetch.getAttribute("href"))!;
    // The app adopts the server's styles in place: it adds none of them and moves no <style>.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(page.locator("[data-hydrated]")).toHaveCount(2);
    const logged = await styleLogOf(page);
    expect(logged.styleLog, logged.styleDiagnosis.join("\n")).toEqual([]);
    const cta = page.getByRole("main").getByRole("link", { name: "Get Free Estimate" });
    await expect(cta).toHaveCSS("background-color", "rgb(194, 65, 12)");
    await expect(page.locator("body")).toHaveCSS("margin", "0px");
    expect(await unstyledClasses(page)).toMatchObject({ missing: [] });

    // A client-side navigation adds the styles of what it renders (they are not in this page).
    await cta.click();
    const heading = page.getByRole("heading", { level: 1, name: "Contact Us for a Free Inspection" });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveCSS("font-weight", "600");
    const contact = await unstyledClasses(page);
    expect(contact.used).toBeGreaterThan(20);
    expect(contact.missing).toEqual([]);

    // The prefetched stylesheet is in the browser's cache: the next page of this site links it and
    // takes it from there, without asking the server.
    await expect.poll(() => page.evaluate((url) => performance.getEntriesByName(new URL(url, location.href).href).length, href)).toBe(1);
    await navigateWithinSite(page, "/services");
    await expect(page.locator("link[data-cg-sheet]")).toHaveAttribute("href", href);
    await expect(page.locator("style[data-chakra-global]")).toHaveCount(0);
    expect(await transferSizeOf(page, href)).toBe(0); // no bytes came over the network
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "600");

    // The page told the server that this browser holds the file (a cookie naming its hash, the same
    // for everyone), so a return by bookmark or search result gets the linked page too.
    const hash = /site-([\w-]+)\.css$/.exec(href)![1];
    const cookie = (await page.context().cookies()).find((c) => c.name === "cg_sheet");
    expect(cookie).toMatchObject({ value: hash, path: "/", sameSite: "Lax" });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(360 * 24 * 3600);
    const back = await page.goto("/gallery");
    expect((await back!.request().allHeaders())["sec-fetch-site"]).toBe("none");
    await expect(page.locator("link[data-cg-sheet]")).toHaveAttribute("href", href);
    await expect(page.locator("style[data-chakra-global]")).toHaveCount(0);
    expect(await transferSizeOf(page, href)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "600");
  });

  test("a page of this site links the stylesheet; the app keeps the server's styles where they are and adds none it already has", async ({
    page,
  }) => {
    await logAddedStyles(page);
    // The server renders every page in one process: pages rendered before must not change the
    // home page's class names (its spinner styles the same props in another order; see
    // src/ssr-class-names.test.tsx).
    for (const url of ["/admin", "/auth"]) expect((await page.request.get(url)).status()).toBe(200);
    await page.goto("/about");
    await navigateWithinSite(page, "/");
    await waitForHydration(page);
    // Every style of the home page comes with the site stylesheet: none inline.
    await expect(page.locator('link[rel="stylesheet"][data-cg-sheet]')).toHaveCount(1);
    await expect(page.locator('style[data-emotion^="cg-server"]')).toHaveCount(0);
    // The lower sections and the footer hydrate too, when scrolled to: they add none either.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(page.locator("[data-hydrated]")).toHaveCount(2);
    const styles = await styleLogOf(page);
    expect(styles.styleLog, styles.styleDiagnosis.join("\n")).toEqual([]);

    // Chakra's global CSS comes with the site stylesheet (no inline copy): tokens and the brand palette apply.
    await expect(page.locator("style[data-chakra-global]")).toHaveCount(0);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute("href", /^\/assets\/site-[\w-]{10}\.css$/);
    const cta = page.getByRole("main").getByRole("link", { name: "Get Free Estimate" });
    await expect(cta).toHaveCSS("background-color", "rgb(194, 65, 12)");
    await expect(page.locator("body")).toHaveCSS("margin", "0px");

    // A client-side navigation renders new components: their styles are added then.
    await cta.click();
    await expect(page).toHaveURL(/\/contact$/);
    // The URL changes first; the home page's heading stays until the contact page has rendered.
    const heading = page.getByRole("heading", { level: 1, name: "Contact Us for a Free Inspection" });
    await expect(heading).toBeVisible();
    // The heading recipe (semibold) reaches a heading the browser rendered.
    await expect(heading).toHaveCSS("font-weight", "600");
    // The stylesheet holds every public page's styles: the app added none for the contact page
    // either, and every class on the page has its rule.
    expect((await styleLogOf(page)).styleLog).toEqual([]);
    const unstyled = await unstyledClasses(page);
    expect(unstyled.used).toBeGreaterThan(20);
    expect(unstyled.missing).toEqual([]);
  });
});
