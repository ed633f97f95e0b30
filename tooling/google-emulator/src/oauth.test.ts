import { CodeChallengeMethod } from "google-auth-library";
import { afterEach, describe, expect, it } from "vitest";
import { startGoogleEmulator, type GoogleEmulator, type GoogleEmulatorOptions } from "./emulator.js";
import { CALENDAR_EVENTS_SCOPE, EMAIL_SCOPE } from "./scopes.js";
import { REDIRECT_URI, authorize, calendarApi, connect, oauthClient, rejection } from "./test-helpers.js";

describe("OAuth 2.0 emulation", () => {
  let emulator: GoogleEmulator;
  const start = async (options: GoogleEmulatorOptions = {}) => (emulator = await startGoogleEmulator(options));
  afterEach(() => emulator.close());

  const post = (path: string, form: Record<string, string>) =>
    fetch(`${emulator.url}${path}`, { method: "POST", body: new URLSearchParams(form) });

  it("runs the authorization code flow with google-auth-library; codes are single-use", async () => {
    await start();
    const client = oauthClient(emulator);
    const params = await authorize(client, { access_type: "offline", scope: [CALENDAR_EVENTS_SCOPE, "email"], state: "csrf-1" });
    expect(params.get("state")).toBe("csrf-1");
    expect(params.get("scope")).toBe(`${CALENDAR_EVENTS_SCOPE} ${EMAIL_SCOPE}`);
    const code = params.get("code")!;

    const { tokens } = await client.getToken(code);
    expect(tokens).toMatchObject({ token_type: "Bearer", scope: `${CALENDAR_EVENTS_SCOPE} ${EMAIL_SCOPE}` });
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(tokens.expiry_date! - Date.now()).toBeGreaterThan(3590_000);

    expect(await rejection(client.getToken(code))).toMatchObject({ status: 400, data: { error: "invalid_grant" } });
  });

  it("sends a refresh token on first consent, then only with prompt=consent", async () => {
    await start();
    const first = await connect(emulator);
    const client = oauthClient(emulator);
    const again = await authorize(client, { access_type: "offline", scope: [CALENDAR_EVENTS_SCOPE, "email"] });
    const { tokens: second } = await client.getToken(again.get("code")!);
    expect(second.access_token).toBeTruthy();
    expect(second.refresh_token).toBeUndefined();

    const consent = await authorize(client, { access_type: "offline", prompt: "consent", scope: [CALENDAR_EVENTS_SCOPE] });
    const { tokens: third } = await client.getToken(consent.get("code")!);
    expect(third.refresh_token).toMatch(/^1\/\//);
    expect(third.refresh_token).not.toBe(first.tokens.refresh_token);

    const online = await authorize(client, { prompt: "consent", scope: [CALENDAR_EVENTS_SCOPE] });
    expect((await client.getToken(online.get("code")!)).tokens.refresh_token).toBeUndefined();
  });

  it("refreshes after the access token expires: no refresh_token in the answer, the client keeps its own", async () => {
    await start();
    const { client, tokens } = await connect(emulator, undefined, { forceRefreshOnFailure: true });
    const seen: { refresh_token?: string | null }[] = [];
    client.on("tokens", (t) => seen.push({ ...t })); // copied: the client adds its refresh_token to this object afterwards
    expect(emulator.expireAccessTokens()).toBe(1);

    // The client still believes its token is valid: it gets a 401, refreshes and retries.
    await calendarApi(emulator, client).events.list({ calendarId: "primary" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty("refresh_token");
    expect(client.credentials.refresh_token).toBe(tokens.refresh_token);
    expect(client.credentials.access_token).not.toBe(tokens.access_token);

    const raw = await post("/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      client_id: "emulator-client-id",
      client_secret: "emulator-client-secret",
    });
    expect(Object.keys((await raw.json()) as object).sort()).toEqual(["access_token", "expires_in", "scope", "token_type"]);
  });

  it("without forceRefreshOnFailure, an access token expired early surfaces as 401", async () => {
    await start();
    const { client } = await connect(emulator);
    emulator.expireAccessTokens();
    const failed = await rejection(calendarApi(emulator, client).events.list({ calendarId: "primary" }));
    expect(failed).toMatchObject({ status: 401, data: { error: { code: 401, errors: [{ reason: "authError" }] } } });
  });

  it("expires access tokens after accessTokenTtlSeconds and codes after codeTtlSeconds", async () => {
    await start({ accessTokenTtlSeconds: 0.05, codeTtlSeconds: 0 });
    const client = oauthClient(emulator);
    const params = await authorize(client, { access_type: "offline", scope: [CALENDAR_EVENTS_SCOPE] });
    expect(await rejection(client.getToken(params.get("code")!))).toMatchObject({ status: 400, data: { error: "invalid_grant" } });
    await emulator.close();

    await start({ accessTokenTtlSeconds: 0.05 });
    const { tokens } = await connect(emulator);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const res = await fetch(`${emulator.url}/calendar/v3/calendars/primary/events`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(401);
  });

  it("authenticates the client and binds codes to their redirect_uri", async () => {
    await start();
    const code = async () => (await authorize(oauthClient(emulator), { scope: [CALENDAR_EVENTS_SCOPE] })).get("code")!;
    const wrongSecret = oauthClient(emulator, { clientSecret: "not-the-secret" });
    expect(await rejection(wrongSecret.getToken(await code()))).toMatchObject({ status: 401, data: { error: "invalid_client" } });

    const otherRedirect = await oauthClient(emulator)
      .getToken({ code: await code(), redirect_uri: "http://127.0.0.1:9/elsewhere" })
      .catch((e) => e);
    expect(otherRedirect.response).toMatchObject({ status: 400, data: { error: "redirect_uri_mismatch" } });

    const unknownClient = await fetch(
      `${emulator.url}/o/oauth2/v2/auth?client_id=nope&redirect_uri=${REDIRECT_URI}&response_type=code&scope=email`,
      { redirect: "manual" },
    );
    expect(unknownClient.status).toBe(401);
    expect(await unknownClient.text()).toContain("invalid_client");

    const unknownGrant = await post("/token", {
      grant_type: "password",
      client_id: "emulator-client-id",
      client_secret: "emulator-client-secret",
    });
    expect(await unknownGrant.json()).toEqual({ error: "unsupported_grant_type", error_description: "Invalid grant_type: password" });
  });

  it("rejects malformed authorization requests with Google's error page", async () => {
    await start({ clients: [{ clientId: "web", clientSecret: "s", redirectUris: [REDIRECT_URI] }] });
    const ask = async (query: string) => {
      const res = await fetch(`${emulator.url}/o/oauth2/v2/auth?${query}`, { redirect: "manual" });
      return { status: res.status, text: await res.text() };
    };
    const base = `client_id=web&response_type=code&scope=email`;
    expect(await ask(`${base}`)).toMatchObject({ status: 400, text: expect.stringContaining("Missing required parameter: redirect_uri") });
    expect(await ask(`${base}&redirect_uri=http://evil.test/cb`)).toMatchObject({
      status: 400,
      text: expect.stringContaining("redirect_uri_mismatch"),
    });
    expect(await ask(`client_id=web&response_type=code&scope=calendar&redirect_uri=${REDIRECT_URI}`)).toMatchObject({
      status: 400,
      text: expect.stringContaining("invalid_scope"),
    });
    expect((await ask(`${base}&redirect_uri=${REDIRECT_URI}`)).status).toBe(302);
  });

  it("revokes the whole grant: refresh is invalid_grant, calendar calls 401, the next consent gives a new refresh token", async () => {
    await start();
    const { client, tokens } = await connect(emulator);
    await client.revokeToken(tokens.refresh_token!);

    expect(await rejection(client.refreshAccessToken())).toMatchObject({ status: 400, data: { error: "invalid_grant" } });
    const res = await fetch(`${emulator.url}/calendar/v3/calendars/primary/events`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(401);
    expect(emulator.state().tokens.refresh.every((t) => !t.active)).toBe(true);
    expect(await rejection(client.revokeToken(tokens.refresh_token!))).toMatchObject({ status: 400, data: { error: "invalid_token" } });
    // Only the successful revocation is recorded, with the token presented and the grant it ended.
    expect(emulator.state().revocations).toEqual([
      {
        token: tokens.refresh_token,
        kind: "refresh",
        clientId: "emulator-client-id",
        account: "office@crawlguard.test",
        at: expect.any(String),
      },
    ]);

    const reconnected = await connect(emulator);
    expect(reconnected.tokens.refresh_token).toMatch(/^1\/\//);
  });

  it("signs in as another account on request: its grant is separate, and revoking one leaves the other", async () => {
    await start();
    const first = await connect(emulator);
    emulator.signInAs("second@example.test");
    const second = await connect(emulator);
    await first.client.revokeToken(first.tokens.access_token!);
    expect(emulator.state().revocations).toMatchObject([{ kind: "access", account: "office@crawlguard.test" }]);
    expect(emulator.state().tokens.refresh.map((t) => [t.account, t.active])).toEqual([
      ["office@crawlguard.test", false],
      ["second@example.test", true],
    ]);
    expect((await second.client.refreshAccessToken()).credentials.access_token).toBeTruthy();
    emulator.reset();
    expect(emulator.state().revocations).toEqual([]);
  });

  it("tells which account is connected through userinfo and tokeninfo, with the email scope only", async () => {
    await start({ accountEmail: "owner@example.test" });
    const { client, tokens } = await connect(emulator);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };

    const userinfo = (await (await fetch(`${emulator.url}/oauth2/v3/userinfo`, { headers: bearer })).json()) as { sub: string };
    expect(userinfo).toEqual({ sub: expect.stringMatching(/^\d{21}$/), email: "owner@example.test", email_verified: true });

    const tokeninfo = (await (await fetch(`${emulator.url}/oauth2/v3/tokeninfo?access_token=${tokens.access_token}`)).json()) as Record<
      string,
      string
    >;
    expect(tokeninfo).toMatchObject({
      aud: "emulator-client-id",
      email: "owner@example.test",
      scope: `${CALENDAR_EVENTS_SCOPE} ${EMAIL_SCOPE}`,
      access_type: "offline",
    });
    expect(Number(tokeninfo.expires_in)).toBeGreaterThan(3500);

    const info = await client.getTokenInfo(tokens.access_token!);
    expect(info).toMatchObject({ email: "owner@example.test", scopes: [CALENDAR_EVENTS_SCOPE, EMAIL_SCOPE] });

    const calendarOnly = await connect(emulator, [CALENDAR_EVENTS_SCOPE], {});
    const bare = await fetch(`${emulator.url}/oauth2/v3/userinfo`, {
      headers: { authorization: `Bearer ${calendarOnly.tokens.access_token}` },
    });
    expect(await bare.json()).toEqual({ sub: userinfo.sub });

    expect((await fetch(`${emulator.url}/oauth2/v3/userinfo`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
    expect(await (await fetch(`${emulator.url}/oauth2/v3/tokeninfo?access_token=nope`)).json()).toEqual({
      error: "invalid_token",
      error_description: "Invalid Value",
    });
  });

  it("shows an accessible consent page when not auto-approving; Allow gives a code, Deny access_denied", async () => {
    await start({ autoApprove: false });
    const client = oauthClient(emulator);
    const open = async () => {
      const res = await fetch(client.generateAuthUrl({ scope: [CALENDAR_EVENTS_SCOPE], state: "st", prompt: "consent" }));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
      expect(html).toMatch(/<button type="submit" name="decision" value="deny">Deny<\/button>/);
      expect(html).toContain("office@crawlguard.test");
      return /name="request" value="([^"]+)"/.exec(html)![1]!;
    };
    const answer = (request: string, decision: string) =>
      fetch(`${emulator.url}/o/oauth2/v2/auth/consent`, {
        method: "POST",
        body: new URLSearchParams({ request, decision }),
        redirect: "manual",
      });

    const allowed = await open();
    const allow = await answer(allowed, "allow");
    expect(allow.status).toBe(302);
    const back = new URL(allow.headers.get("location")!);
    expect(back.searchParams.get("state")).toBe("st");
    expect((await client.getToken(back.searchParams.get("code")!)).tokens.access_token).toBeTruthy();
    expect((await answer(allowed, "allow")).status).toBe(400);

    // Consent given: Google skips the screen next time unless prompt=consent.
    const skipped = await fetch(client.generateAuthUrl({ scope: [CALENDAR_EVENTS_SCOPE] }), { redirect: "manual" });
    expect(skipped.headers.get("location")).toMatch(/^http:\/\/127\.0\.0\.1:5173\/api\/google\/callback\?code=/);

    const deny = await answer(await open(), "deny");
    expect(deny.headers.get("location")).toBe(`${REDIRECT_URI}?state=st&error=access_denied`);
  });

  it("answers access_denied while denyConsent is set", async () => {
    await start();
    emulator.faults.set({ denyConsent: true });
    const res = await fetch(oauthClient(emulator).generateAuthUrl({ scope: [CALENDAR_EVENTS_SCOPE], state: "x" }), { redirect: "manual" });
    expect(res.headers.get("location")).toBe(`${REDIRECT_URI}?state=x&error=access_denied`);
  });

  it("checks the PKCE code verifier", async () => {
    await start();
    const client = oauthClient(emulator);
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const options = { scope: [CALENDAR_EVENTS_SCOPE], code_challenge: codeChallenge!, code_challenge_method: CodeChallengeMethod.S256 };
    const wrong = (await authorize(client, options)).get("code")!;
    expect(await rejection(client.getToken({ code: wrong, codeVerifier: "x".repeat(43) }))).toMatchObject({
      data: { error: "invalid_grant" },
    });
    const right = (await authorize(client, options)).get("code")!;
    expect((await client.getToken({ code: right, codeVerifier })).tokens.access_token).toBeTruthy();
  });
});
