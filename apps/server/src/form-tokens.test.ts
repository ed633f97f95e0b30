import { describe, expect, it } from "vitest";
import { createFormTokens } from "./form-tokens.js";

const SECRET = "form-tokens-test-secret-0123456789abcdef";

describe("form tokens", () => {
  const tokens = createFormTokens(SECRET);
  const now = Date.UTC(2026, 4, 1, 12);

  it("verifies its own token with its age", () => {
    const token = tokens.issue("contact-form-shown", now - 4_000);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    expect(tokens.verify("contact-form-shown", token, 60_000, now)).toEqual({ ok: true, ageMs: 4_000 });
  });

  it("another instance with the same secret agrees; another secret or a random key does not", () => {
    const token = tokens.issue("contact-form-shown", now);
    expect(createFormTokens(SECRET).verify("contact-form-shown", token, 60_000, now).ok).toBe(true);
    expect(createFormTokens(`${SECRET}x`).verify("contact-form-shown", token, 60_000, now)).toEqual({ ok: false, reason: "forged" });
    expect(createFormTokens().verify("contact-form-shown", token, 60_000, now)).toEqual({ ok: false, reason: "forged" });
  });

  it("a token is bound to its purpose", () => {
    const sent = tokens.issue("contact-form-sent", now);
    expect(tokens.verify("contact-form-shown", sent, 60_000, now)).toEqual({ ok: false, reason: "forged" });
  });

  it("an edited time fails the signature", () => {
    const [issued, signature] = tokens.issue("contact-form-shown", now).split(".");
    const older = `${(parseInt(issued!, 36) - 60_000).toString(36)}.${signature}`;
    expect(tokens.verify("contact-form-shown", older, 600_000, now)).toEqual({ ok: false, reason: "forged" });
  });

  it("too old or from the future (beyond a little clock skew) is expired", () => {
    expect(tokens.verify("contact-form-shown", tokens.issue("contact-form-shown", now - 61_000), 60_000, now)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(tokens.verify("contact-form-shown", tokens.issue("contact-form-shown", now + 60_000), 60_000, now)).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(tokens.verify("contact-form-shown", tokens.issue("contact-form-shown", now + 2_000), 60_000, now)).toEqual({
      ok: true,
      ageMs: 0,
    });
  });

  it.each([
    undefined,
    "",
    "x",
    "abc.def",
    "zzzzzzzzzzzz.AAAAAAAAAAAAAAAAAAAAAA",
    "1.AAAAAAAAAAAAAAAAAAAAA\u0000",
    "1.AAAAAAAAAAAAAAAAAAAAAé",
  ])("refuses %j without throwing", (token) => {
    expect(tokens.verify("contact-form-shown", token, 60_000, now).ok).toBe(false);
  });
});
