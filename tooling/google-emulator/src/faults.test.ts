import { type calendar_v3 } from "@googleapis/calendar";
import { type OAuth2Client } from "google-auth-library";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGoogleEmulator, type GoogleEmulator } from "./emulator.js";
import { calendarApi, connect, rejection } from "./test-helpers.js";

describe("fault switches", () => {
  let emulator: GoogleEmulator;
  let client: OAuth2Client;
  let api: calendar_v3.Calendar;

  beforeEach(async () => {
    emulator = await startGoogleEmulator();
    ({ client } = await connect(emulator));
    api = calendarApi(emulator, client);
  });
  afterEach(() => emulator.close());

  const list = () => api.events.list({ calendarId: "primary" });
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${emulator.url}/__emulator/${path}`, {
      method: body === undefined && path === "state" ? "GET" : "POST",
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };

  it("fails the next N calendar calls with Google's backendError, then recovers", async () => {
    emulator.faults.set({ calendarFailure: { status: 503, count: 1 } });
    expect(await rejection(list())).toMatchObject({
      status: 503,
      data: { error: { code: 503, status: "UNAVAILABLE", errors: [{ domain: "global", reason: "backendError" }] } },
    });
    expect((await list()).status).toBe(200);
    expect(emulator.faults.get().calendarFailure).toBeNull();
  });

  it("fails every calendar call until cleared, set over HTTP", async () => {
    expect(await control("faults", { calendarFailure: 500 })).toEqual({
      status: 200,
      body: { calendarFailure: { status: 500, remaining: null }, latencyMs: 0, invalidGrant: false, denyConsent: false },
    });
    expect(await rejection(list())).toMatchObject({
      status: 500,
      data: { error: { errors: [{ reason: "backendError", message: "Backend Error" }] } },
    });
    expect((await rejection(list())).status).toBe(500);
    await control("faults", { calendarFailure: 429 });
    expect(await rejection(list())).toMatchObject({
      status: 429,
      data: { error: { errors: [{ domain: "usageLimits", reason: "rateLimitExceeded" }] } },
    });
    await control("faults", { calendarFailure: null });
    expect((await list()).status).toBe(200);

    expect(await control("faults", { calendarFailure: 418 })).toMatchObject({ status: 400, body: { error: "invalid_fault" } });
    expect(await control("faults", { slow: true })).toMatchObject({ status: 400 });
  });

  it("slows calendar calls down by latencyMs", async () => {
    emulator.faults.set({ latencyMs: 150 });
    const started = performance.now();
    await list();
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it("answers every refresh with invalid_grant while invalidGrant is set", async () => {
    emulator.faults.set({ invalidGrant: true });
    expect(await rejection(client.refreshAccessToken())).toMatchObject({
      status: 400,
      data: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
    emulator.faults.set({ invalidGrant: false });
    expect((await client.refreshAccessToken()).credentials.access_token).toBeTruthy();
  });

  it("reports state, expires tokens and resets over HTTP", async () => {
    await api.events.insert({
      calendarId: "primary",
      requestBody: { id: "state0001", start: { date: "2030-01-01" }, end: { date: "2030-01-02" } },
    });
    const { body: state } = await control("state");
    expect(state).toMatchObject({
      accountEmail: "office@crawlguard.test",
      events: [{ calendarId: "office@crawlguard.test", sendUpdates: null, event: { id: "state0001", status: "confirmed" } }],
      tokens: { access: [{ active: true, clientId: "emulator-client-id" }], refresh: [{ active: true }] },
    });

    expect(await control("expire-tokens")).toEqual({ status: 200, body: { expired: 1 } });
    expect((await rejection(list())).status).toBe(401);
    expect(emulator.state().tokens.access[0]?.active).toBe(false);

    emulator.faults.set({ latencyMs: 5 });
    expect((await control("reset")).status).toBe(204);
    expect(emulator.state()).toMatchObject({ events: [], tokens: { access: [], refresh: [] }, faults: { latencyMs: 0 } });
    expect(await rejection(client.refreshAccessToken())).toMatchObject({ data: { error: "invalid_grant" } });
  });
});
