import { describe, expect, it } from "vitest";
import { failureReasons } from "./openapi.js";

const kinds = (facts: Parameters<typeof failureReasons>[0]) => [...failureReasons(facts).keys()].sort();

describe("error statuses derived from how a procedure is built", () => {
  it("gives a staff mutation with a body every edge and access failure without declaring any", () => {
    expect(kinds({ access: "staff", method: "PATCH", takesInput: true, declared: {} })).toEqual(
      ["bad-input", "forbidden", "payload-too-large", "rate-limited", "unauthorized", "unsupported-media-type"].sort(),
    );
  });

  it("gives an admin query 401 and 403, and 400 only when it takes input", () => {
    expect(kinds({ access: "admin", method: "GET", takesInput: false, declared: {} })).toEqual([
      "forbidden",
      "rate-limited",
      "unauthorized",
    ]);
    expect(kinds({ access: "admin", method: "GET", takesInput: true, declared: {} })).toEqual([
      "bad-input",
      "forbidden",
      "rate-limited",
      "unauthorized",
    ]);
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
    // Not an admin, a read-only API key, cross-site, then the declared reason.
    expect(reasons.get("forbidden")).toHaveLength(4);
    expect(reasons.get("not-found")).toEqual(["No such account."]);
  });

  it("gives a public query without input only the refusals of an API key sent with it (ADR 029)", () => {
    expect(kinds({ access: "public", method: "GET", takesInput: false, declared: {} })).toEqual(["rate-limited", "unauthorized"]);
  });
});
