import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.js";

describe("redactUrl", () => {
  it("replaces the values of password and invitation parameters, in any case or encoding", () => {
    expect(redactUrl("/auth?email=a%40b.c&password=hunter2&x=1")).toBe("/auth?email=a%40b.c&password=[REDACTED]&x=1");
    expect(redactUrl("/auth?invite=abc123")).toBe("/auth?invite=[REDACTED]");
    expect(redactUrl("/auth?PassWord=1&pass%77ord=2&password&inviteToken=t")).toBe(
      "/auth?PassWord=[REDACTED]&pass%77ord=[REDACTED]&password=[REDACTED]&inviteToken=[REDACTED]",
    );
    expect(redactUrl("/auth?password=a&password=b#frag")).toBe("/auth?password=[REDACTED]&password=[REDACTED]#frag");
  });

  it("replaces the token of a quote's link and of its calls", () => {
    const token = "Zx8_k2-abcdefghijklmnopqrstuvwxyz0123456789A";
    expect(redactUrl(`/quote/${token}`)).toBe("/quote/[REDACTED]");
    expect(redactUrl(`/quote/${token}?changes=sent`)).toBe("/quote/[REDACTED]?changes=sent");
    expect(redactUrl(`/api/client/quotes/${token}/approve`)).toBe("/api/client/quotes/[REDACTED]/approve");
    expect(redactUrl("/api/quotes/2f7e3c1a-9b4d-4e6f-8a2b-1c3d5e7f9a0b/pdf")).toBe("/api/quotes/2f7e3c1a-9b4d-4e6f-8a2b-1c3d5e7f9a0b/pdf");
  });

  it("leaves other URLs as they are", () => {
    for (const url of ["/", "/auth", "/api/leads?status=new", "/x?%E0%A4%A=1", "/x?passwords=1"]) expect(redactUrl(url)).toBe(url);
  });
});
