import { describe, expect, it } from "vitest";
import { initialsOf, staffColors, userProfileSchema } from "./auth.js";

describe("staff members (ADR 026)", () => {
  it("draws initials from the first and last words, or a single word's first two letters", () => {
    expect(initialsOf("Sam Lee")).toBe("SL");
    expect(initialsOf("Ana María Ruiz")).toBe("AR");
    expect(initialsOf("jo")).toBe("JO");
    expect(initialsOf("tech-42ab")).toBe("T4");
    expect(initialsOf("Émile")).toBe("ÉM");
    expect(initialsOf("  ")).toBe("?");
  });

  it("offers eight distinct #rrggbb colours", () => {
    expect(new Set(staffColors).size).toBe(8);
    for (const color of staffColors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("takes a display name up to 60 characters and a #rrggbb colour, nothing else", () => {
    expect(userProfileSchema.parse({ displayName: " Sam ", color: "#AABBCC" })).toEqual({ displayName: "Sam", color: "#AABBCC" });
    expect(userProfileSchema.parse({ displayName: null })).toEqual({ displayName: null });
    expect(userProfileSchema.safeParse({ displayName: "x".repeat(61) }).success).toBe(false);
    expect(userProfileSchema.safeParse({ color: "red" }).success).toBe(false);
    expect(userProfileSchema.safeParse({ color: "#abc" }).success).toBe(false);
  });
});
