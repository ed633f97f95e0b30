import { describe, expect, it } from "vitest";
import { MAX_RETRY_DELAY_SECONDS, retryDelaySeconds } from "./jobs.js";

describe("retryDelaySeconds", () => {
  it("backs off 10 s, 30 s, 1 min, 2 min, ... capped at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelaySeconds(n, 10))).toEqual([10, 30, 60, 120, 240, 480, 960, 1920, 3600]);
    expect(retryDelaySeconds(500, 10)).toBe(MAX_RETRY_DELAY_SECONDS);
    expect(retryDelaySeconds(1, 1)).toBe(1);
  });
});
