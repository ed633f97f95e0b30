import { describe, expect, it } from "vitest";
import { rateLimitHeaders, rateLimitHeadersOf, DomainError } from "../errors.js";
import { backoffMs, describeWait, LOGIN_LIMITS, throttleDecision, tooManyAttempts, type ThrottleState } from "./login-throttle.js";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const ago = (ms: number) => NOW - ms;

function state(overrides: Partial<ThrottleState> = {}): ThrottleState {
  return { now: NOW, pair: { count: 0, last: null }, accountCount: 0, address: { count: 0, last: null }, known: false, ...overrides };
}

describe("backoffMs", () => {
  it("is free below the free count, then 1 s doubling, capped at 15 minutes", () => {
    expect(backoffMs(4, 5)).toBe(0);
    expect([5, 6, 7, 8, 9].map((n) => backoffMs(n, 5))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(backoffMs(14, 5)).toBe(512_000);
    expect(backoffMs(15, 5)).toBe(LOGIN_LIMITS.maxDelayMs);
    expect(backoffMs(10_000, 5)).toBe(LOGIN_LIMITS.maxDelayMs);
  });
});

describe("throttleDecision", () => {
  it("lets a pair try five times, then makes it wait from its last failure", () => {
    expect(throttleDecision(state({ pair: { count: 4, last: ago(0) } }))).toBeNull();
    expect(throttleDecision(state({ pair: { count: 5, last: ago(200) } }))).toMatchObject({
      waitMs: 800,
      policy: { policy: "login-account-address", quota: 5, windowSeconds: 86400 },
    });
    expect(throttleDecision(state({ pair: { count: 5, last: ago(1000) } }))).toBeNull();
    expect(throttleDecision(state({ pair: { count: 7, last: ago(1000) } }))?.waitMs).toBe(3000);
  });

  it("under attack, gives an address the account never signed in from one try, then 15 minutes", () => {
    const underAttack = { accountCount: LOGIN_LIMITS.accountCeiling };
    expect(throttleDecision(state(underAttack))).toBeNull(); // a fresh address (the owner at a hotel) always gets its try
    expect(throttleDecision(state({ ...underAttack, pair: { count: 1, last: ago(60_000) } }))).toMatchObject({
      waitMs: LOGIN_LIMITS.maxDelayMs - 60_000,
      policy: { policy: "login-account", quota: 20, windowSeconds: 900 },
    });
    // A known address is judged by its own failures only.
    expect(throttleDecision(state({ ...underAttack, known: true, pair: { count: 1, last: ago(0) } }))).toBeNull();
    expect(throttleDecision(state({ accountCount: 19, pair: { count: 1, last: ago(0) } }))).toBeNull();
  });

  it("slows down an address past 20 failures across accounts, except for an account known there", () => {
    const spraying = { address: { count: 22, last: ago(1000) } };
    expect(throttleDecision(state(spraying))).toMatchObject({
      waitMs: 3000,
      policy: { policy: "login-address", quota: 20, windowSeconds: 900 },
    });
    expect(throttleDecision(state({ ...spraying, known: true }))).toBeNull();
    expect(throttleDecision(state({ address: { count: 19, last: ago(0) } }))).toBeNull();
  });

  it("answers the longest of several waits", () => {
    const refusal = throttleDecision(state({ pair: { count: 6, last: ago(0) }, accountCount: 30, address: { count: 25, last: ago(0) } }));
    expect(refusal).toMatchObject({ waitMs: LOGIN_LIMITS.maxDelayMs, policy: { policy: "login-account" } });
  });
});

describe("the refusal", () => {
  it("says how long to wait in seconds or whole minutes", () => {
    expect([1, 999, 1000, 1001, 59_000, 59_001, 60_000, 61_000, 900_000].map(describeWait)).toEqual([
      "1 second",
      "1 second",
      "1 second",
      "2 seconds",
      "59 seconds",
      "1 minute",
      "1 minute",
      "2 minutes",
      "15 minutes",
    ]);
  });

  it("is a rate-limited DomainError whose headers carry the wait and the policy", () => {
    const error = tooManyAttempts({ waitMs: 1500, policy: { policy: "login-account-address", quota: 5, windowSeconds: 86400 } });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe("rate-limited");
    expect(error.message).toBe("Too many failed login attempts. Please wait 2 seconds and try again.");
    expect(rateLimitHeadersOf({ code: "TOO_MANY_REQUESTS", cause: error })).toEqual({
      "Retry-After": "2",
      "RateLimit-Policy": '"login-account-address";q=5;w=86400',
      RateLimit: '"login-account-address";r=0;t=2',
    });
  });

  it("gives a 429 that named no wait a default one, and no headers to other errors", () => {
    expect(rateLimitHeaders(undefined)["Retry-After"]).toBe("60");
    expect(rateLimitHeadersOf({ code: "TOO_MANY_REQUESTS", cause: new DomainError("rate-limited", "Slow down") })).toMatchObject({
      "Retry-After": "60",
    });
    expect(rateLimitHeadersOf({ code: "NOT_FOUND", cause: new DomainError("not-found", "Lead not found") })).toBeNull();
    expect(rateLimitHeadersOf(undefined)).toBeNull();
  });
});
