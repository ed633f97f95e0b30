import { describe, expect, it } from "vitest";
import { attributionOf } from "./attribution";

const none = { utmSource: null, utmMedium: null, utmCampaign: null, referrer: null };

describe("attributionOf", () => {
  it("shows UTM source, medium and campaign", () => {
    expect(attributionOf({ ...none, utmSource: "google", utmMedium: "cpc", utmCampaign: "spring-crawl" })).toBe(
      "google / cpc · Campaign: spring-crawl",
    );
    expect(attributionOf({ ...none, utmCampaign: "mailer" })).toBe("Campaign: mailer");
  });

  it("falls back to the referring site", () => {
    expect(attributionOf({ ...none, referrer: "https://www.facebook.com/some/post" })).toBe("Referred by facebook.com");
    expect(attributionOf({ ...none, referrer: "not a url" })).toBeNull();
    expect(attributionOf(none)).toBeNull();
  });
});
