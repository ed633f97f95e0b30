import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  blankToNull,
  contactRequestSchema,
  DISALLOWED_CHARACTERS_MESSAGE,
  INSTANT_RANGE_MESSAGE,
  isCleanText,
  isoInstant,
  leadCreateSchema,
  leadDuplicatesQuerySchema,
  leadUpdateSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "./index.js";

describe("isCleanText", () => {
  it("allows ordinary text, tabs, line breaks, accents and emoji", () => {
    for (const ok of ["José Ortiz", "line one\r\nline two\ttabbed", "Crawl space 😀", "", "Ünïcödé — “quotes”"]) {
      expect(isCleanText(ok)).toBe(true);
    }
  });
  it("refuses NUL, other C0 controls, DEL, C1 controls and lone surrogates", () => {
    for (const bad of [
      "a\0b",
      "\x01",
      "\x08",
      "\x0B",
      "\x0C",
      "\x1B[31m",
      "\x7F",
      "\u0085",
      "\u009F",
      "\uD800",
      "x\uDC00",
      "\uDBFF\uDBFF",
    ]) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

/** A valid input per schema, and the string fields every one of them must guard. */
const cases: { name: string; schema: z.ZodType; valid: Record<string, unknown>; fields: string[] }[] = [
  {
    name: "contact request",
    schema: contactRequestSchema,
    valid: { name: "Pat", email: "pat@example.com", zipCode: "28801" },
    fields: [
      "name",
      "email",
      "phone",
      "address",
      "zipCode",
      "service",
      "message",
      "utmSource",
      "utmMedium",
      "utmCampaign",
      "utmTerm",
      "utmContent",
      "referrer",
      "landingPage",
      "botTrap",
      "turnstileToken",
    ],
  },
  {
    name: "lead create",
    schema: leadCreateSchema,
    valid: { name: "Pat", email: "pat@example.com", zipCode: "28801", service: "sump-pump" },
    fields: ["name", "email", "phone", "address", "zipCode", "service", "notes"],
  },
  {
    name: "lead update",
    schema: leadUpdateSchema,
    valid: {},
    fields: ["name", "email", "phone", "address", "zipCode", "service", "notes"],
  },
  { name: "duplicate check", schema: leadDuplicatesQuerySchema, valid: {}, fields: ["email", "phone"] },
  {
    name: "register",
    schema: registerSchema,
    valid: { username: "pat", email: "pat@example.com", password: "long enough pw" },
    fields: ["username", "email", "password"],
  },
  { name: "login", schema: loginSchema, valid: { email: "pat@example.com", password: "pw" }, fields: ["email", "password"] },
  { name: "reset password", schema: resetPasswordSchema, valid: { password: "long enough pw" }, fields: ["password"] },
];

describe.each(cases)("$name: every text field refuses control characters, naming the field", ({ schema, valid, fields }) => {
  it("accepts the valid input", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });
  it.each(fields)("%s", (field) => {
    for (const bad of ["Pat\0son@example.com", "Pat\uD800son", "Pat\x07son"]) {
      const result = schema.safeParse({ ...valid, [field]: bad });
      expect(result.success).toBe(false);
      const issue = result.error?.issues.find((i) => i.path.join(".") === field && i.message === DISALLOWED_CHARACTERS_MESSAGE);
      // The email check may also object; the control-character issue must be there either way.
      expect(issue, `${field}: ${JSON.stringify(bad)}`).toBeDefined();
    }
  });
});

describe("isoInstant", () => {
  const schema = isoInstant();
  it("accepts instants with an offset inside 2000–2099", () => {
    for (const ok of ["2026-05-01T14:00:00Z", "2026-05-01T14:00:00.000-04:00", "2000-01-01T00:00:00Z", "2099-12-31T23:59:59Z"]) {
      expect(schema.safeParse(ok).success, ok).toBe(true);
    }
  });
  it("refuses year 0000, far-future years and out-of-range instants with the range message", () => {
    for (const bad of ["0000-01-01T00:00:00Z", "1999-12-31T23:59:59Z", "2100-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]) {
      const result = schema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INSTANT_RANGE_MESSAGE);
    }
  });
  it("refuses expanded years, missing offsets and non-dates", () => {
    for (const bad of ["+010000-01-01T00:00:00Z", "2026-05-01T14:00:00", "2026-13-01T00:00:00Z", "NaN", "", "2026-05-01"]) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
  });
  it("is used for a lead's scheduledDate", () => {
    const r = leadUpdateSchema.safeParse({ scheduledDate: "0000-01-01T00:00:00Z" });
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["scheduledDate"]);
  });
});

describe("blankToNull", () => {
  it("turns missing, empty and whitespace-only text into null", () => {
    for (const blank of [undefined, null, "", " ", "\t\r\n ", "\u00A0"]) {
      expect(blankToNull(blank), JSON.stringify(blank)).toBeNull();
    }
  });
  it("trims any other text, and keeps what is inside", () => {
    expect(blankToNull("  828 555 0100 ")).toBe("828 555 0100");
    expect(blankToNull("line one\n\nline two\n")).toBe("line one\n\nline two");
    expect(blankToNull("x")).toBe("x");
  });
  it("changes nothing the schemas let through: they trim optional text already", () => {
    const lead = leadUpdateSchema.parse({ phone: "  828 555 0100  ", address: " 1 Main St ", notes: "   " });
    expect(blankToNull(lead.phone)).toBe(lead.phone);
    expect(blankToNull(lead.address)).toBe(lead.address);
    expect(lead.notes).toBe("");
    expect(blankToNull(lead.notes)).toBeNull();
  });
});
