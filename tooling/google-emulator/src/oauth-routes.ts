import { type ServerResponse } from "node:http";
import { type EmulatorCore } from "./core.js";
import { HttpError, oauthError } from "./errors.js";
import { authErrorPage, consentPage } from "./html.js";
import { bearerToken, readParams, redirect, sendHtml, sendJson, type RequestContext } from "./http.js";
import { accountSubject } from "./ids.js";
import { type AuthorizationRequest, type OAuthClient } from "./oauth-store.js";
import { EMAIL_SCOPE, parseScopes } from "./scopes.js";

const PROMPTS: readonly string[] = ["none", "consent", "select_account"];
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

function pageError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, authErrorPage(status, error, description));
}

/** Validates a /o/oauth2/v2/auth request; problems Google shows as an error page (it does not redirect) throw. */
function readAuthorizationRequest(core: EmulatorCore, query: URLSearchParams): AuthorizationRequest {
  const clientId = query.get("client_id");
  if (!clientId) throw pageError(400, "invalid_request", "Missing required parameter: client_id");
  const client = core.oauth.client(clientId);
  if (!client) throw pageError(401, "invalid_client", "The OAuth client was not found.");
  const redirectUri = query.get("redirect_uri");
  if (!redirectUri) throw pageError(400, "invalid_request", "Missing required parameter: redirect_uri");
  if (!URL.canParse(redirectUri) || (client.redirectUris && !client.redirectUris.includes(redirectUri))) {
    throw pageError(
      400,
      "redirect_uri_mismatch",
      `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. redirect_uri=${redirectUri}`,
    );
  }
  const responseType = query.get("response_type");
  if (!responseType) throw pageError(400, "invalid_request", "Missing required parameter: response_type");
  if (responseType !== "code") throw pageError(400, "unsupported_response_type", `Invalid response_type: ${responseType}`);
  const { scopes, invalid } = parseScopes(query.get("scope") ?? "");
  if (scopes.length === 0) throw pageError(400, "invalid_request", "Missing required parameter: scope");
  if (invalid.length > 0) throw pageError(400, "invalid_scope", `Some requested scopes were invalid. {invalid=[${invalid.join(", ")}]}`);
  const accessType = query.get("access_type") ?? "online";
  if (accessType !== "online" && accessType !== "offline") throw pageError(400, "invalid_request", `Invalid access_type: ${accessType}`);
  const prompt = (query.get("prompt") ?? "").split(" ").filter(Boolean);
  if (prompt.some((p) => !PROMPTS.includes(p)) || (prompt.includes("none") && prompt.length > 1)) {
    throw pageError(400, "invalid_request", `Invalid prompt: ${prompt.join(" ")}`);
  }
  const challenge = query.get("code_challenge");
  const method = query.get("code_challenge_method") ?? "plain";
  if (challenge && method !== "S256" && method !== "plain")
    throw pageError(400, "invalid_request", `Invalid code_challenge_method: ${method}`);
  return {
    clientId,
    redirectUri,
    account: core.accountEmail,
    scopes,
    accessType,
    prompt,
    state: query.get("state"),
    ...(challenge ? { codeChallenge: { value: challenge, method: method as "S256" | "plain" } } : {}),
  };
}

/** Sends the browser back to the app, as Google does: `redirect_uri?state=…&code=…&scope=…` or `?error=…`. */
function redirectBack(res: ServerResponse, request: AuthorizationRequest, params: Record<string, string>): void {
  const target = new URL(request.redirectUri);
  if (request.state !== null) target.searchParams.set("state", request.state);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  redirect(res, target.href);
}

function approve(core: EmulatorCore, res: ServerResponse, request: AuthorizationRequest, consentShown: boolean): void {
  const code = core.oauth.approve(request, consentShown);
  redirectBack(res, request, { code, scope: request.scopes.join(" ") });
}

/**
 * GET /o/oauth2/v2/auth: the consent screen. Approves at once in autoApprove mode, or when the
 * account already granted these scopes and `prompt=consent` was not asked for (as Google skips
 * the screen); otherwise shows the consent page.
 */
export function authorize(core: EmulatorCore, ctx: RequestContext): void {
  const request = readAuthorizationRequest(core, ctx.url.searchParams);
  const needsConsent = core.oauth.needsConsent(request);
  if (core.faults.get().denyConsent) return redirectBack(ctx.res, request, { error: "access_denied" });
  if (request.prompt.includes("none")) {
    if (needsConsent) return redirectBack(ctx.res, request, { error: "consent_required" });
    return approve(core, ctx.res, request, false);
  }
  if (core.autoApprove || !needsConsent) return approve(core, ctx.res, request, needsConsent);
  const requestId = core.oauth.holdForConsent(request);
  sendHtml(ctx.res, 200, consentPage({ requestId, clientId: request.clientId, account: request.account, scopes: request.scopes }));
}

/** POST /o/oauth2/v2/auth/consent: the consent page's Allow / Deny buttons. */
export async function answerConsent(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const params = await readParams(ctx);
  const request = core.oauth.takeConsent(params.get("request") ?? "");
  if (!request) throw pageError(400, "invalid_request", "This consent request was already answered or is unknown.");
  if (params.get("decision") !== "allow" || core.faults.get().denyConsent)
    return redirectBack(ctx.res, request, { error: "access_denied" });
  approve(core, ctx.res, request, true);
}

/** The client a token request authenticates as: HTTP Basic or client_id/client_secret parameters. */
function authenticateClient(core: EmulatorCore, ctx: RequestContext, params: URLSearchParams): OAuthClient {
  let clientId = params.get("client_id");
  let clientSecret = params.get("client_secret");
  const basic = /^Basic\s+(\S+)$/i.exec(ctx.req.headers.authorization ?? "");
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], "base64").toString();
    const colon = decoded.indexOf(":");
    if (colon < 0) throw oauthError(401, "invalid_client", "Unauthorized");
    clientId = decoded.slice(0, colon);
    clientSecret = decoded.slice(colon + 1);
  }
  if (!clientId) throw oauthError(400, "invalid_request", "Could not determine client ID from request.");
  const client = core.oauth.client(clientId);
  if (!client) throw oauthError(401, "invalid_client", "The OAuth client was not found.");
  if (clientSecret !== client.clientSecret) throw oauthError(401, "invalid_client", "Unauthorized");
  return client;
}

/** POST /token: the authorization_code and refresh_token grants. */
export async function issueToken(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const params = await readParams(ctx);
  const client = authenticateClient(core, ctx, params);
  const grantType = params.get("grant_type");
  if (grantType === "authorization_code") {
    const tokens = core.oauth.exchangeCode(client.clientId, params.get("code"), params.get("redirect_uri"), params.get("code_verifier"));
    return sendJson(ctx.res, 200, tokens, NO_STORE);
  }
  if (grantType === "refresh_token") {
    if (core.faults.get().invalidGrant) throw oauthError(400, "invalid_grant", "Token has been expired or revoked.");
    return sendJson(ctx.res, 200, core.oauth.refresh(client.clientId, params.get("refresh_token")), NO_STORE);
  }
  throw oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType ?? ""}`);
}

/** POST /revoke?token=… (or a form body): revokes the token and the grant behind it. */
export async function revokeToken(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const token = (await readParams(ctx)).get("token");
  if (!token) throw oauthError(400, "invalid_request", "Missing required parameter: token");
  if (!core.oauth.revoke(token)) throw oauthError(400, "invalid_token", "Token expired or revoked");
  sendJson(ctx.res, 200, {});
}

/** The access token of a userinfo/tokeninfo request: `access_token` parameter or Bearer header. */
async function presentedToken(ctx: RequestContext): Promise<string | undefined> {
  return (await readParams(ctx)).get("access_token") ?? bearerToken(ctx.req);
}

function hasEmail(scopes: string[]): boolean {
  return scopes.includes(EMAIL_SCOPE);
}

/** GET|POST /oauth2/v3/userinfo: `{ sub }`, plus `email` and `email_verified` when the token has the email scope. */
export async function userinfo(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const token = core.oauth.authenticate(await presentedToken(ctx));
  if (!token) {
    throw oauthError(401, "invalid_request", "Invalid Credentials", {
      "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
    });
  }
  const email = hasEmail(token.scopes) ? { email: token.account, email_verified: true } : {};
  sendJson(ctx.res, 200, { sub: accountSubject(token.account), ...email });
}

/**
 * GET|POST /oauth2/v3/tokeninfo (also /tokeninfo, google-auth-library's default path): what
 * Google says about an access token, numbers as strings as Google sends them; `email` only with
 * the email scope.
 */
export async function tokeninfo(core: EmulatorCore, ctx: RequestContext): Promise<void> {
  const token = core.oauth.authenticate(await presentedToken(ctx));
  if (!token) throw oauthError(400, "invalid_token", "Invalid Value");
  const email = hasEmail(token.scopes) ? { email: token.account, email_verified: "true" } : {};
  sendJson(ctx.res, 200, {
    azp: token.clientId,
    aud: token.clientId,
    sub: accountSubject(token.account),
    scope: token.scopes.join(" "),
    exp: String(Math.floor(token.expiresAt / 1000)),
    expires_in: String(Math.max(0, Math.floor((token.expiresAt - Date.now()) / 1000))),
    ...email,
    access_type: token.accessType,
  });
}
