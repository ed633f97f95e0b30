import { randomBytes } from "node:crypto";
import { DEFAULT_CLIENT, startGoogleEmulator, type GoogleEmulator } from "@crawlguard/google-emulator";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, newAccount } from "@crawlguard/testing/harness";
import { imageOf } from "@crawlguard/testing/images";
import { spawnServer, type ServerProcess } from "@crawlguard/testing/spawn-server";

/*
 * A real server process logging at debug level runs the flows that carry secrets
 * (Google's OAuth code and state on the popup's landing page, an upload link, invitation and
 * password parameters, tRPC inputs in URLs, Google's tokens and client secret), then its whole
 * captured log is searched for every one of them.
 */

const PASSWORD_IN_URL = `pw-${randomBytes(6).toString("hex")}`;
const INVITE = `inv-${randomBytes(12).toString("base64url")}`;
const INVITE_TOKEN = `invt-${randomBytes(12).toString("base64url")}`;
const TRPC_SECRET = `trpc-${randomBytes(8).toString("hex")}`;

describe("what the server logs", () => {
  let google: GoogleEmulator;
  let testDb: TestDatabase;
  let server: ServerProcess;
  const secrets: Record<string, string> = {
    "password in a query": PASSWORD_IN_URL,
    "invitation link": INVITE,
    "inviteToken parameter": INVITE_TOKEN,
    "tRPC input": TRPC_SECRET,
    "Google client secret": DEFAULT_CLIENT.clientSecret,
  };

  beforeAll(async () => {
    google = await startGoogleEmulator({ port: 0 });
    testDb = await createTestDatabase();
    server = await spawnServer({
      dataDir: testDb.dataDir,
      databaseUrl: testDb.databaseUrl,
      env: {
        LOG_LEVEL: "debug",
        REGISTRATION: "open",
        GOOGLE_CLIENT_ID: DEFAULT_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
        GOOGLE_API_BASE_URL: google.url,
        ...(testDb.databaseUrl ? { GOOGLE_TOKEN_KEY: randomBytes(32).toString("base64") } : {}),
      },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    await google?.close();
  });

  it("runs the flows that carry secrets, and its log holds none of them", async () => {
    const admin = new ApiClient(server.url);
    const account = newAccount("admin");
    expect((await admin.call("rest", "auth.register", account)).status).toBe(200);
    secrets["account password"] = account.password;

    // A sign-in form sent as a GET, invitation links and parameters, a tRPC query with secrets in its input.
    await admin.raw("GET", `/auth?email=${encodeURIComponent(account.email)}&password=${PASSWORD_IN_URL}`);
    await admin.raw("GET", `/auth?invite=${INVITE}&tab=register`);
    await new ApiClient(server.url).raw("POST", `/api/register?inviteToken=${INVITE_TOKEN}`, {
      ...newAccount("x"),
      inviteToken: INVITE_TOKEN,
    });
    await admin.raw("GET", `/trpc/leads.list?input=${encodeURIComponent(JSON.stringify({ password: TRPC_SECRET, code: TRPC_SECRET }))}`);

    // A real invitation: its link opened, then used to register (the code in a URL and in a body).
    const invitation = await admin.call("trpc", "invitations.create", { isAdmin: false });
    expect(invitation.status).toBe(200);
    secrets["invitation token"] = invitation.body.token as string;
    const link = new URL(invitation.body.url as string);
    await new ApiClient(server.url).raw("GET", `${link.pathname}${link.search}`);
    const invited = new ApiClient(server.url);
    const invitedAccount = newAccount("invited");
    secrets["invited account's password"] = invitedAccount.password;
    expect((await invited.call("rest", "auth.register", { ...invitedAccount, inviteToken: invitation.body.token })).status).toBe(200);
    // Used again: refused (a 400 the log records).
    await new ApiClient(server.url).call("trpc", "auth.register", { ...newAccount("again"), inviteToken: invitation.body.token });

    // Google: the consent's code and state arrive in the landing page's URL; the wrong code is refused.
    for (const door of ["trpc", "rest"] as const) {
      const { body } = await admin.call(door, "googleCalendar.authUrl");
      const consent = await fetch(body.authUrl as string, { redirect: "manual" });
      const location = new URL(consent.headers.get("location")!);
      const code = location.searchParams.get("code")!;
      const state = location.searchParams.get("state")!;
      secrets[`OAuth code (${door})`] = code;
      secrets[`OAuth state (${door})`] = state;
      if (door === "trpc") {
        expect((await admin.raw("GET", `${location.pathname}${location.search}`)).status).toBe(200);
      } else {
        // The opener finishes it, first with a wrong code (Google refuses it: an error that carries the request).
        await admin.call(door, "googleCalendar.callback", { code: `${code}x`, state });
        const fresh = await fetch((await admin.call(door, "googleCalendar.authUrl")).body.authUrl as string, { redirect: "manual" });
        const again = new URL(fresh.headers.get("location")!);
        secrets["OAuth code (again)"] = again.searchParams.get("code")!;
        secrets["OAuth state (again)"] = again.searchParams.get("state")!;
        const res = await admin.call(door, "googleCalendar.callback", {
          code: again.searchParams.get("code"),
          state: again.searchParams.get("state"),
        });
        expect(res.status).toBe(200);
      }
    }
    for (const t of google.state().tokens.refresh) secrets[`refresh token ${t.token.slice(0, 8)}`] = t.token;
    for (const t of google.state().tokens.access) secrets[`access token ${t.token.slice(0, 8)}`] = t.token;

    // An upload link carries its token in the path.
    const bytes = await imageOf("jpeg");
    const ticket = await admin.call("rest", "gallery.upload", { fileName: "p.jpg", size: bytes.length });
    expect(ticket.status).toBe(200);
    const uploadToken = new URL(ticket.body.uploadURL as string).pathname.split("/").pop()!;
    secrets["upload token"] = uploadToken;
    const put = await fetch(ticket.body.uploadURL as string, { method: "PUT", body: bytes, headers: ticket.body.headers });
    expect(put.status).toBe(200);
    // Used again: refused, and logged as a warning.
    await fetch(ticket.body.uploadURL as string, { method: "PUT", body: bytes, headers: ticket.body.headers });

    // Let the last request lines reach the log.
    await new Promise((r) => setTimeout(r, 500));
    const log = server.output();
    // The flows were logged: their URLs are there, redacted (so this test can fail).
    expect(log).toContain("/oauth/google/callback?state=[REDACTED]&code=[REDACTED]");
    expect(log).toContain("/uploads/[REDACTED]");
    expect(log).toContain("password=[REDACTED]");
    expect(log).toContain("invite=[REDACTED]");
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(5);
      expect(log.includes(secret), `${what} in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret)), `${what} (URL-encoded) in the log`).toBe(false);
    }
  }, 120_000);
});
