import { describe, expect, it } from "vitest";
import { failureReasons } from "./openapi.js";

const kinds = (facts: Parameters<typeof failureReasons>[0]) => [...failureReasons(facts).keys()].sort();

describe("error statuses derived from how a procedure is built", () => {
  it("gives a staff mutation with a body every edge and access failure without declaring any", () => {
    expect(kinds({ access: "staff", method: "PATCH", takesInput: true, declared: {} })).toEqual(
      ["bad-input", "forbidden", "payload-too-large", "rate-limited", "unauthorized", "unsupported-media-type"].sort(),
    );
  });

  it("gives an admin query 401 and 403, and 400 for an unknown query parameter; no key limit, as a key is refused first", () => {
    expect(kinds({ access: "admin", method: "GET", takesInput: false, declared: {} })).toEqual(["bad-input", "forbidden", "unauthorized"]);
    expect(failureReasons({ access: "admin", method: "GET", takesInput: false, declared: {} }).get("bad-input")).toEqual([
      expect.stringMatching(/^A query parameter the operation does not take/),
    ]);
    const withInput = failureReasons({ access: "admin", method: "GET", takesInput: true, declared: {} });
    expect(withInput.get("bad-input")).toEqual([
      expect.stringMatching(/^The input is invalid/),
      expect.stringMatching(/^A query parameter/),
    ]);
  });

  it("gives account and sign-in operations the 403 of an API key, never a read key's or the key limit", () => {
    const account = failureReasons({ access: "account", method: "GET", takesInput: false, declared: {} });
    expect([...account.keys()].sort()).toEqual(["bad-input", "forbidden", "unauthorized"]);
    expect(account.get("forbidden")).toEqual([expect.stringMatching(/^Made with an API key/)]);
    const signIn = failureReasons({ access: "sign-in", method: "POST", takesInput: true, declared: {} });
    expect(signIn.get("forbidden")).toEqual([expect.stringMatching(/^Made with an API key/), expect.stringMatching(/^Cross-site/)]);
    // Nobody needs to be signed in to sign in: the only 401 is a bad key's.
    expect(signIn.get("unauthorized")).toEqual([expect.stringMatching(/API key/)]);
    expect(signIn.has("rate-limited")).toBe(false);
  });

  it("gives a DELETE the cross-site 403 but no body failures", () => {
    expect(kinds({ access: "staff", method: "DELETE", takesInput: true, declared: {} })).toEqual([
      "bad-input",
      "forbidden",
      "rate-limited",
      "unauthorized",
    ]);
  });

  it("adds what the meta declares after the derived reasons", () => {
    const reasons = failureReasons({
      access: "admin",
      method: "DELETE",
      takesInput: true,
      declared: { forbidden: "Admins cannot be deleted.", "not-found": "No such account." },
    });
    expect(reasons.get("forbidden")?.at(-1)).toBe("Admins cannot be deleted.");
    // Not an admin, an API key, cross-site, then the declared reason.
    expect(reasons.get("forbidden")).toHaveLength(4);
    expect(reasons.get("not-found")).toEqual(["No such account."]);
  });

  it("gives a public query without input only the refusals of an API key sent with it (ADR 029)", () => {
    expect(kinds({ access: "public", method: "GET", takesInput: false, declared: {} })).toEqual([
      "bad-input",
      "rate-limited",
      "unauthorized",
    ]);
  });
});
