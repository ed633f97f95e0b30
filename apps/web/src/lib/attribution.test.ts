import { describe, expect, it } from "vitest";
import { ATTRIBUTION_KEY, attributionOf, captureAttribution, readAttribution } from "./attribution";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("attributionOf", () => {
  it("reads the UTM parameters, the landing page and an external referrer", () => {
    expect(
      attributionOf(
        "https://crawlguard.example/services?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=crawl%20space&utm_content=ad1",
        "https://www.google.com/",
      ),
    ).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "spring",
      utmTerm: "crawl space",
      utmContent: "ad1",
      referrer: "https://www.google.com/",
      landingPage: "/services?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=crawl%20space&utm_content=ad1",
    });
  });

  it("ignores a referrer from the site itself and blank parameters", () => {
    expect(attributionOf("https://crawlguard.example/?utm_source=", "https://crawlguard.example/about")).toEqual({
      landingPage: "/?utm_source=",
    });
  });

  it("ignores a referrer that is not a URL", () => {
    expect(attributionOf("https://crawlguard.example/contact", "not a url")).toEqual({ landingPage: "/contact" });
  });
});

describe("captureAttribution", () => {
  it("keeps the first page view of the visit", () => {
    const storage = memoryStorage();
    captureAttribution(storage, "https://crawlguard.example/gallery?utm_source=facebook", "https://facebook.com/");
    captureAttribution(storage, "https://crawlguard.example/contact?utm_source=other", "");
    expect(readAttribution(storage)).toEqual({
      utmSource: "facebook",
      referrer: "https://facebook.com/",
      landingPage: "/gallery?utm_source=facebook",
    });
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(() => captureAttribution(broken, "https://crawlguard.example/", "")).not.toThrow();
    expect(readAttribution(broken)).toEqual({});
  });
});

describe("readAttribution", () => {
  it("drops unknown and non-string fields", () => {
    const storage = memoryStorage({
      [ATTRIBUTION_KEY]: JSON.stringify({ utmSource: "google", landingPage: 5, extra: "x" }),
    });
    expect(readAttribution(storage)).toEqual({ utmSource: "google" });
  });

  it("returns nothing for corrupt data", () => {
    expect(readAttribution(memoryStorage({ [ATTRIBUTION_KEY]: "{" }))).toEqual({});
  });
});
