import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { redactingLoggerOptions, serializeError } from "./log-redaction.js";
import { redactText, redactUrl } from "./redact-url.js";

const CODE = "4/0AQlEd8x-SECRETCODE";
const STATE = "c3RhdGUtc2VjcmV0LXZhbHVlLTEyMzQ1Njc4OTA";
const UPLOAD_TOKEN = "uP1oAdT0kEnSecretValue_0123456789abcdefXYZ";

describe("redactUrl", () => {
  it("drops the OAuth code and state of the popup's landing page, and any token parameter", () => {
    expect(redactUrl(`/oauth/google/callback?state=${STATE}&code=${encodeURIComponent(CODE)}&scope=email`)).toBe(
      "/oauth/google/callback?state=[REDACTED]&code=[REDACTED]&scope=email",
    );
    expect(redactUrl("/x?access_token=ya29.a&refresh_token=1//0b&client_secret=s&token=t")).toBe(
      "/x?access_token=[REDACTED]&refresh_token=[REDACTED]&client_secret=[REDACTED]&token=[REDACTED]",
    );
  });

  it("drops the token of a filesystem upload link, with or without a query", () => {
    expect(redactUrl(`/uploads/${UPLOAD_TOKEN}`)).toBe("/uploads/[REDACTED]");
    expect(redactUrl(`/uploads/${UPLOAD_TOKEN}?x=1`)).toBe("/uploads/[REDACTED]?x=1");
    // Other paths that merely contain "uploads" keep their ids (they are not secrets).
    expect(redactUrl("/api/admin/gallery/upload/0f8fad5b-d9cb-469f-a165-70867728950e/complete")).toBe(
      "/api/admin/gallery/upload/0f8fad5b-d9cb-469f-a165-70867728950e/complete",
    );
  });

  it("drops secret fields inside a tRPC query's JSON input", () => {
    const input = encodeURIComponent(JSON.stringify({ inviteToken: "inv-secret", password: "hunter2", status: "new" }));
    const logged = redactUrl(`/trpc/auth.me?input=${input}`);
    const decoded = decodeURIComponent(logged.slice(logged.indexOf("input=") + 6));
    expect(JSON.parse(decoded)).toEqual({ inviteToken: "[REDACTED]", password: "[REDACTED]", status: "new" });
    expect(redactUrl("/trpc/leads.list?input=%7B%7D")).toBe("/trpc/leads.list?input=%7B%7D");
  });
});

describe("redactText", () => {
  it("drops secrets from JSON, form bodies and upload links in free text", () => {
    const text = `request to http://g/token failed: {"code":"${CODE}","state":"${STATE}"} body code=${CODE}&client_secret=shh PUT /uploads/${UPLOAD_TOKEN}`;
    const out = redactText(text);
    for (const secret of [CODE, STATE, UPLOAD_TOKEN, "shh"]) expect(out).not.toContain(secret);
    expect(out).toContain("request to http://g/token failed");
  });
});

describe("the logger", () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    return { logger: pino({ level: "trace", ...redactingLoggerOptions }, stream), text: () => lines.join("") };
  }

  it("censors secret fields passed by name", () => {
    const { logger, text } = capture();
    logger.info({ password: "hunter2", user: { inviteToken: "inv-1", name: "kept" }, state: STATE, input: { code: CODE } }, "x");
    for (const secret of ["hunter2", "inv-1", STATE, CODE]) expect(text()).not.toContain(secret);
    expect(text()).toContain("kept");
  });

  it("logs an HTTP client's error without its request (URL, body with the code and client secret) or response", () => {
    const { logger, text } = capture();
    // What gaxios throws when Google's token endpoint refuses a code.
    const err = Object.assign(new Error(`invalid_grant for code=${CODE}`), {
      config: { url: "https://oauth2.googleapis.com/token", data: `code=${CODE}&client_secret=topsecret&redirect_uri=x` },
      response: { status: 400, config: { data: `code=${CODE}` }, data: { error: "invalid_grant" } },
      status: 400,
    });
    logger.error({ err }, "Google Calendar authorization failed");
    const line = JSON.parse(text()) as { err: Record<string, unknown> };
    expect(line.err.type).toBe("Error");
    expect(line.err.status).toBe(400);
    expect(line.err.message).toBe("invalid_grant for code=[REDACTED]");
    expect(line.err).not.toHaveProperty("config");
    expect(line.err).not.toHaveProperty("response");
    for (const secret of [CODE, "topsecret"]) expect(text()).not.toContain(secret);
  });

  it("also cleans an error pino-http has already serialized", () => {
    const out = serializeError({ type: "Error", message: `PUT /uploads/${UPLOAD_TOKEN} failed`, stack: "s", config: { data: "x" } });
    expect(out).toEqual({ type: "Error", message: "PUT /uploads/[REDACTED] failed", stack: "s" });
  });
});
