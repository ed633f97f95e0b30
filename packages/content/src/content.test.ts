import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  adminGalleryCategories,
  bookingServiceFor,
  bookingServiceOptions,
  catalogueServiceOf,
  serviceCatalogue,
  brandImages,
  buildBreadcrumbJsonLd,
  buildLocalBusinessJsonLd,
  buildServiceJsonLd,
  company,
  contactServiceOptions,
  customModalServiceOptions,
  defaultLeadService,
  defaultSeo,
  formatPhone,
  galleryFilters,
  galleryItems,
  getService,
  getServiceDetail,
  getServiceLabel,
  isServiceId,
  leadServiceFor,
  leadServiceOptions,
  modalServiceFor,
  pageSeo,
  serviceAreas,
  serviceCounties,
  serviceDetailSeo,
  serviceDetails,
  serviceEmoji,
  serviceIds,
  services,
  testimonials,
  type ImageAsset,
} from "./index";

const publicDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/web/public");
const publicFile = (src: string) => resolve(publicDir, src.replace(/^\//, ""));

function expectSvgFile(image: Pick<ImageAsset, "src" | "width" | "height">, maxBytes: number) {
  const file = publicFile(image.src);
  expect(existsSync(file), `${image.src} exists`).toBe(true);
  expect(statSync(file).size, `${image.src} size`).toBeLessThan(maxBytes);
  const svg = readFileSync(file, "utf8");
  const root = svg.match(/<svg\b[^>]*>/)?.[0] ?? "";
  expect(root).toContain(`width="${image.width}"`);
  expect(root).toContain(`height="${image.height}"`);
  expect(svg).not.toMatch(/<image\b|xlink:href|href="http|<text\b|@import|url\((?!#)/);
}

describe("company", () => {
  it("has the brand, contact and claim facts", () => {
    expect(company.name).toContain("CrawlGuard");
    expect(company.phone.display).toBe("(828) 555-0142");
    expect(company.phone.digits).toMatch(/^828\d{7}$/);
    expect(company.phone.href).toBe(`tel:+1${company.phone.digits}`);
    expect(company.address.city).toBe("Asheville");
    expect(company.address.state).toBe("NC");
    expect(company.address.full).toContain("Asheville, NC");
    expect(company.geo).toEqual({ latitude: 35.5951, longitude: -82.5515 });
    expect(company.serviceArea.radiusMeters).toBe(50000);
    expect(company.hours).toEqual({
      weekdays: "Monday - Friday: 9:00 AM - 5:00 PM",
      weekends: "Saturday - Sunday: Closed",
    });
    expect(company.foundedYear).toBe(2008);
    expect(company.copyrightYear).toBe(2025);
    expect(company.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 50 });
    expect(company.stats.map((s) => s.value)).toEqual(["500+", "100%", "24hr"]);
    expect(company.map.embedUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/);
  });

  it("formats phone numbers as (xxx) xxx-xxxx", () => {
    expect(formatPhone("8285550142")).toBe("(828) 555-0142");
    expect(formatPhone("+1 828.555.0142")).toBe("(828) 555-0142");
    expect(formatPhone("828-555-0142")).toBe("(828) 555-0142");
    expect(formatPhone("12345")).toBe("12345");
    expect(formatPhone("")).toBe("");
  });
});

describe("services", () => {
  it("lists the six services in order with valid icons", () => {
    expect(services.map((s) => s.id)).toEqual([
      "crawl-space-encapsulation",
      "basement-waterproofing",
      "mold-remediation",
      "sump-pump",
      "french-drain",
      "insulation-dehumidification",
    ]);
    expect(serviceIds).toEqual(services.map((s) => s.id));
    for (const service of services) {
      expect(["home", "droplets", "shield-check", "zap", "trending-down", "sun"]).toContain(service.icon);
      expect(service.checklist).toHaveLength(4);
      expect(service.description.length).toBeGreaterThan(40);
    }
    expect(getService("sump-pump")?.name).toBe("Sump Pump Installation");
    expect(getService("nope")).toBeUndefined();
    expect(isServiceId("french-drain")).toBe(true);
    expect(isServiceId("other")).toBe(false);
  });

  it("has a complete detail page for every service", () => {
    expect(serviceDetails).toHaveLength(services.length);
    for (const service of services) {
      const detail = getServiceDetail(service.id);
      expect(detail, service.id).toBeDefined();
      if (!detail) continue;
      expect(detail.name).toBe(service.name);
      expect(detail.metaDescription.length).toBeLessThanOrEqual(160);
      expect(detail.benefits.length).toBeGreaterThanOrEqual(6);
      expect(detail.warningSigns.length).toBeGreaterThanOrEqual(5);
      expect(detail.processSteps).toHaveLength(3);
      expect(detail.relatedServices.length).toBeGreaterThanOrEqual(2);
      expect(detail.relatedServices.length).toBeLessThanOrEqual(3);
      for (const related of detail.relatedServices) {
        expect(isServiceId(related)).toBe(true);
        expect(related).not.toBe(detail.id);
      }
      expect(detail.serviceType).not.toBe("");
      expect(JSON.stringify(detail)).not.toMatch(/lorem|ipsum/i);
    }
  });

  it("returns undefined for an unknown service detail", () => {
    expect(getServiceDetail("does-not-exist")).toBeUndefined();
  });

  it("states the 45-55% dehumidifier humidity target", () => {
    const detail = getServiceDetail("insulation-dehumidification");
    expect(detail?.intro).toContain("45-55%");
    expect(getService("insulation-dehumidification")?.description).toContain("45-55%");
    expect(getServiceDetail("crawl-space-encapsulation")?.intro).toContain("45-55%");
  });

  it("has illustrations on disk for every service", () => {
    for (const service of services) expectSvgFile(service.image, 10 * 1024);
  });
});

describe("service areas", () => {
  it("lists the 24 towns in the documented order", () => {
    expect(serviceAreas).toEqual([
      "Asheville",
      "Arden",
      "Biltmore Forest",
      "Black Mountain",
      "Candler",
      "Canton",
      "Enka",
      "Fairview",
      "Fletcher",
      "Flat Rock",
      "Hendersonville",
      "Hot Springs",
      "Lake Lure",
      "Leicester",
      "Maggie Valley",
      "Mars Hill",
      "Marshall",
      "Mills River",
      "Montreat",
      "Skyland",
      "Swannanoa",
      "Waynesville",
      "Weaverville",
      "Woodfin",
    ]);
    expect(serviceCounties).toEqual(["Buncombe", "Henderson", "Haywood", "Madison"]);
  });
});

describe("testimonials", () => {
  it("has three five-star reviews from service-area towns", () => {
    expect(testimonials).toHaveLength(3);
    for (const t of testimonials) {
      expect(t.rating).toBe(5);
      expect(t.text.length).toBeGreaterThan(50);
      const town = t.location.replace(/, NC$/, "");
      expect(t.location).toMatch(/, NC$/);
      expect(serviceAreas as readonly string[]).toContain(town);
    }
  });
});

describe("gallery", () => {
  it("has ten items with ids 1-10 covering all four categories", () => {
    expect(galleryItems.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(galleryItems.map((item) => item.category))).toEqual(new Set(["crawl-space", "basement", "foundation", "drainage"]));
    expect(galleryFilters.map((f) => f.label)).toEqual(["All Projects", "Crawl Space", "Basement", "Foundation", "Drainage"]);
    expect(adminGalleryCategories).toEqual(["general", "crawl-space", "waterproofing", "encapsulation", "basement", "before-after"]);
  });

  it("has an illustration file for every item", () => {
    for (const item of galleryItems) {
      expect(item.alt.length).toBeGreaterThan(10);
      expectSvgFile(item, 12 * 1024);
    }
  });

  it("has the hero, logo and favicon on disk", () => {
    expectSvgFile(brandImages.hero, 15 * 1024);
    expectSvgFile(brandImages.logo, 3 * 1024);
    expectSvgFile(brandImages.favicon, 3 * 1024);
  });
});

describe("option lists", () => {
  it("match the documented values", () => {
    expect(leadServiceOptions.map((o) => o.value)).toEqual([
      "crawl-space",
      "basement",
      "foundation",
      "mold-remediation",
      "sump-pump",
      "french-drain",
      "consultation",
    ]);
    expect(defaultLeadService).toBe("crawl-space");
    expect(bookingServiceOptions.map((o) => o.value)).toEqual([
      "crawl-space-encapsulation",
      "vapor-barriers",
      "basement-waterproofing",
      "mold-remediation",
      "insulation-dehumidification",
      "consultation",
    ]);
    expect(customModalServiceOptions.map((o) => o.value)).toEqual([
      "crawl-space-encapsulation",
      "basement-waterproofing",
      "mold-remediation",
      "vapor-barrier-installation",
      "sump-pump-installation",
      "french-drain-installation",
      "foundation-repair",
      "dehumidification",
      "consultation",
    ]);
    expect(contactServiceOptions.map((o) => o.value)).toEqual([...serviceIds, "other"]);
  });
});

describe("the service catalogue", () => {
  it("is the six services, a consultation and other, each with one label", () => {
    expect(serviceCatalogue.map((entry) => entry.id)).toEqual([...serviceIds, "consultation", "other"]);
    expect(serviceCatalogue.map((entry) => entry.label)).toEqual([...services.map((s) => s.name), "Consultation", "Other"]);
  });

  it("gives every value of every form's list one of them, and its label", () => {
    const forms = [contactServiceOptions, leadServiceOptions, bookingServiceOptions, customModalServiceOptions];
    const ids = new Set<string>(serviceCatalogue.map((entry) => entry.id));
    for (const option of forms.flat()) {
      expect(ids.has(catalogueServiceOf(option.value)), option.value).toBe(true);
      expect(getServiceLabel(option.value)).toBe(serviceCatalogue.find((entry) => entry.id === catalogueServiceOf(option.value))!.label);
    }
    expect(
      Object.fromEntries(
        [
          "crawl-space",
          "vapor-barriers",
          "vapor-barrier-installation",
          "basement",
          "foundation",
          "foundation-repair",
          "sump-pump-installation",
          "french-drain-installation",
          "dehumidification",
          "consultation",
          "other",
        ].map((value) => [value, getServiceLabel(value)]),
      ),
    ).toEqual({
      "crawl-space": "Crawl Space Encapsulation",
      "vapor-barriers": "Crawl Space Encapsulation",
      "vapor-barrier-installation": "Crawl Space Encapsulation",
      basement: "Basement Waterproofing",
      foundation: "Basement Waterproofing",
      "foundation-repair": "Basement Waterproofing",
      "sump-pump-installation": "Sump Pump Installation",
      "french-drain-installation": "French Drain Systems",
      dehumidification: "Insulation & Dehumidification",
      consultation: "Consultation",
      other: "Other",
    });
  });

  it("reads free text (sent through the API) by the work it names, anything else as other", () => {
    expect(getServiceLabel("french-drain-systems")).toBe("French Drain Systems");
    expect(getServiceLabel(" Crawl Space Encapsulation ")).toBe("Crawl Space Encapsulation");
    expect(getServiceLabel("Free inspection")).toBe("Consultation");
    expect(getServiceLabel("something-else")).toBe("Other");
    expect(getServiceLabel("")).toBe("Other");
    expect(getServiceLabel(null)).toBe("Other");
    expect(catalogueServiceOf("MOLD")).toBe("mold-remediation");
  });
});

describe("seo", () => {
  it("has a default title about expert crawl space and basement waterproofing in Asheville, NC", () => {
    expect(defaultSeo.title).toMatch(/expert crawl space/i);
    expect(defaultSeo.title).toMatch(/basement waterproofing/i);
    expect(defaultSeo.title).toContain("Asheville, NC");
    expect(defaultSeo.description.length).toBeLessThanOrEqual(160);
  });

  it("has head data for every public page", () => {
    for (const path of ["/", "/services", "/about", "/contact", "/gallery"] as const) {
      const seo = pageSeo[path];
      expect(seo.path).toBe(path);
      expect(seo.title).not.toBe("");
      expect(seo.description.length).toBeGreaterThan(50);
      expect(seo.description.length).toBeLessThanOrEqual(160);
      expect(seo.keywords.length).toBeGreaterThan(2);
    }
    const detail = getServiceDetail("french-drain");
    expect(detail && serviceDetailSeo(detail).path).toBe("/services/french-drain");
  });

  it("builds the LocalBusiness JSON-LD", () => {
    const ld = buildLocalBusinessJsonLd("https://crawlguard.example/");
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("HomeAndConstructionBusiness");
    expect(ld.name).toBe(company.name);
    expect(ld.url).toBe("https://crawlguard.example/");
    expect(ld.telephone).toBe("+1-828-555-0142");
    expect(ld.email).toBe(company.email);
    expect(ld.image).toBe("https://crawlguard.example/images/hero.svg");
    expect(ld.address).toMatchObject({ "@type": "PostalAddress", addressLocality: "Asheville", addressRegion: "NC" });
    expect(ld.geo).toEqual({ "@type": "GeoCoordinates", latitude: 35.5951, longitude: -82.5515 });
    const cities = ld.areaServed.filter((a) => a["@type"] === "City").map((a) => ("name" in a ? a.name : ""));
    expect(cities).toEqual([...serviceAreas]);
    expect(ld.areaServed[0]).toMatchObject({ "@type": "GeoCircle", geoRadius: 50000 });
    expect(ld.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    ]);
    expect(ld.aggregateRating).toMatchObject({ ratingValue: "5.0", reviewCount: 50, bestRating: 5 });
    expect(ld.sameAs).toEqual([company.socialMedia.facebook]);
    expect(ld.priceRange).not.toBe("");
    expect(ld.foundingDate).toBe("2008");
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });

  it("builds the Service JSON-LD", () => {
    const detail = getServiceDetail("sump-pump");
    expect(detail).toBeDefined();
    if (!detail) return;
    const ld = buildServiceJsonLd(detail, "https://crawlguard.example");
    expect(ld["@type"]).toBe("Service");
    expect(ld.serviceType).toBe(detail.serviceType);
    expect(ld.url).toBe("https://crawlguard.example/services/sump-pump");
    expect(ld.provider).toMatchObject({ "@type": "HomeAndConstructionBusiness", name: company.name });
    expect(ld.areaServed.length).toBe(serviceAreas.length + 1);
  });

  it("builds the BreadcrumbList JSON-LD", () => {
    const ld = buildBreadcrumbJsonLd(
      [
        { name: "Home", path: "/" },
        { name: "Services", path: "/services" },
        { name: "French Drain Systems", path: "/services/french-drain" },
      ],
      "https://crawlguard.example/",
    );
    expect(ld["@type"]).toBe("BreadcrumbList");
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://crawlguard.example/" },
      { "@type": "ListItem", position: 2, name: "Services", item: "https://crawlguard.example/services" },
      {
        "@type": "ListItem",
        position: 3,
        name: "French Drain Systems",
        item: "https://crawlguard.example/services/french-drain",
      },
    ]);
  });
});

describe("the service taxonomy", () => {
  it("turns a contact form's service into the lead form's (a consultation when it has no word for it)", () => {
    expect(contactServiceOptions.map((o) => [o.value, leadServiceFor(o.value)])).toEqual([
      ["crawl-space-encapsulation", "crawl-space"],
      ["basement-waterproofing", "basement"],
      ["mold-remediation", "mold-remediation"],
      ["sump-pump", "sump-pump"],
      ["french-drain", "french-drain"],
      ["insulation-dehumidification", "crawl-space"],
      ["other", "consultation"],
    ]);
    expect(leadServiceFor(" Basement-Waterproofing ")).toBe("basement");
    expect(leadServiceFor("vapor-barriers")).toBe("consultation");
    expect(leadServiceFor(null)).toBe("consultation");
    for (const option of leadServiceOptions) expect(leadServiceFor(option.value)).toBe(option.value);
  });

  it("names a lead's service as the booking dialog and the modal do, keeping one they do not list", () => {
    expect(leadServiceOptions.map((o) => [o.value, bookingServiceFor(o.value), modalServiceFor(o.value)])).toEqual([
      ["crawl-space", "crawl-space-encapsulation", "crawl-space-encapsulation"],
      ["basement", "basement-waterproofing", "basement-waterproofing"],
      ["foundation", "foundation", "foundation-repair"],
      ["mold-remediation", "mold-remediation", "mold-remediation"],
      ["sump-pump", "sump-pump", "sump-pump-installation"],
      ["french-drain", "french-drain", "french-drain-installation"],
      ["consultation", "consultation", "consultation"],
    ]);
    expect(modalServiceFor("vapor-barriers")).toBe("vapor-barrier-installation");
    expect(modalServiceFor("insulation-dehumidification")).toBe("dehumidification");
    expect(modalServiceFor("")).toBe("");
    expect(bookingServiceFor("something else")).toBe("something else");
    for (const option of bookingServiceOptions) expect(bookingServiceFor(option.value)).toBe(option.value);
    for (const option of customModalServiceOptions) expect(modalServiceFor(option.value)).toBe(option.value);
  });

  it("gives every listed service an emoji, and 🔧 to work of no known kind", () => {
    expect(serviceEmoji("crawl-space")).toBe("🏠");
    expect(serviceEmoji("mold-remediation")).toBe("🧫");
    expect(serviceEmoji("something-else")).toBe("🔧");
    const listed = [...contactServiceOptions, ...leadServiceOptions, ...bookingServiceOptions, ...customModalServiceOptions].filter(
      (o) => o.value !== "other",
    );
    for (const option of listed) expect(serviceEmoji(option.value), option.value).not.toBe("🔧");
  });
});
