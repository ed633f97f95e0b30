import { describe, expect, it } from "vitest";
import { fieldErrors, hasErrors } from "./form-errors";

describe("fieldErrors", () => {
  it("keeps the first message of each field", () => {
    const errors = fieldErrors({
      success: false,
      error: {
        issues: [
          { path: ["email"], message: "Please enter a valid email address" },
          { path: ["email"], message: "Too long" },
          { path: ["password"], message: "Password must be at least 8 characters" },
          { path: [], message: "Form-level" },
        ],
      },
    });
    expect(errors).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it("is empty for a successful parse", () => {
    expect(fieldErrors({ success: true })).toEqual({});
    expect(hasErrors({})).toBe(false);
  });
});
