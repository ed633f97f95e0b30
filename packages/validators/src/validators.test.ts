import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_FIELDS,
  attributionSchema,
  contactSchema,
  leadCreateSchema,
  parseEstimatedValue,
  referrerHost,
  registerSchema,
  resetPasswordFormSchema,
} from "./index.js";

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe('contact form (docs/product.md "Validation rules")', () => {
  it("uses the docs/product.md messages", () => {
    const r = contactSchema.safeParse({ name: "A", email: "nope", zipCode: "123" });
    expect(messages(r)).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      zipCode: "Zip code must be at least 5 characters",
    });
  });
  it("accepts a minimal valid submission with empty optional fields", () => {
    const r = contactSchema.safeParse({ name: "Jo", email: "jo@example.com", zipCode: "28801", phone: "", message: "" });
    expect(r.success).toBe(true);
  });
});

describe("lead form", () => {
  it("applies the docs/product.md defaults", () => {
    const lead = leadCreateSchema.parse({ name: "A", email: "a@b.co", zipCode: "28801", service: "crawl-space" });
    expect(lead).toMatchObject({ status: "new", priority: "medium", source: "website" });
  });
  it("rejects an unknown status and a negative value", () => {
    const r = leadCreateSchema.safeParse({
      name: "A",
      email: "a@b.co",
      zipCode: "28801",
      service: "x",
      status: "bogus",
      estimatedValue: "-5",
    });
    expect(Object.keys(messages(r)).sort()).toEqual(["estimatedValue", "status"]);
  });
  it("parses estimated values with a fallback of 0", () => {
    expect(parseEstimatedValue("1500")).toBe(1500);
    expect(parseEstimatedValue("abc")).toBe(0);
    expect(parseEstimatedValue(null)).toBe(0);
  });
});

describe("accounts", () => {
  it("requires an 8-character password at registration", () => {
    expect(messages(registerSchema.safeParse({ username: "sam", email: "s@x.co", password: "short" }))).toEqual({
      password: "Password must be at least 8 characters",
    });
  });
  it("reports mismatched reset passwords on the confirmation field", () => {
    expect(messages(resetPasswordFormSchema.safeParse({ newPassword: "abcdefgh", confirmPassword: "abcdefgi" }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});

describe("referrerHost", () => {
  it("names the referring site without www.", () => {
    expect(referrerHost("https://www.google.com/search?q=crawl+space")).toBe("google.com");
    expect(referrerHost("https://l.facebook.com/")).toBe("l.facebook.com");
  });

  it("is null without a referrer or for one that is not a URL", () => {
    expect(referrerHost(null)).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
    expect(referrerHost("")).toBeNull();
    expect(referrerHost("not a url")).toBeNull();
  });
});

describe("attribution", () => {
  it("lists, without zod, exactly the fields the schema checks", () => {
    expect([...ATTRIBUTION_FIELDS].sort()).toEqual(Object.keys(attributionSchema.shape).sort());
  });
});
