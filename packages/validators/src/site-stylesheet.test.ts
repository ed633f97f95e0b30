import { describe, expect, it } from "vitest";
import { SITE_STYLESHEET_COOKIE, siteStylesheetCookieOf, siteStylesheetHashOf } from "./site-stylesheet.js";

describe("the site stylesheet's cookie (ADR 032)", () => {
  it("takes the hash from the stylesheet's URL only", () => {
    expect(siteStylesheetHashOf("/assets/site-vlN6Ro9ohI.css")).toBe("vlN6Ro9ohI");
    expect(siteStylesheetHashOf("https://crawlguard.example/assets/site-ab_c-1.css")).toBe("ab_c-1");
    for (const other of ["", "/assets/index-abc.js", "/assets/site-.css", "/assets/site-a b.css", "/x/assets/site-abc.css"]) {
      expect(siteStylesheetHashOf(other), other).toBeUndefined();
    }
  });

  it("reads its own cookie among others, and nothing that only looks like it", () => {
    expect(SITE_STYLESHEET_COOKIE).toBe("cg_sheet");
    expect(siteStylesheetCookieOf("cg_sheet=abc123")).toBe("abc123");
    expect(siteStylesheetCookieOf("a=1; cg_sheet=abc123; b=2")).toBe("abc123");
    expect(siteStylesheetCookieOf("a=1;cg_sheet=abc-_9")).toBe("abc-_9");
    for (const header of [undefined, "", "xcg_sheet=abc", "cg_sheet=", "cg_sheet=a%20b", "cg_sheetx=abc", "a=cg_sheet=abc"]) {
      expect(siteStylesheetCookieOf(header), String(header)).toBeUndefined();
    }
  });
});
