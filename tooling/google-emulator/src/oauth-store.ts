import { createHash } from "node:crypto";
import { oauthError } from "./errors.js";
import { randomToken } from "./ids.js";

/** An OAuth client registered with the emulator (a Google Cloud "Web application" client). */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** When given, the only redirect URIs the client may use (redirect_uri_mismatch otherwise). */
  redirectUris?: string[];
}

/** A validated request to /o/oauth2/v2/auth. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  account: string;
  scopes: string[];
  accessType: "online" | "offline";
  prompt: string[];
  state: string | null;
  codeChallenge?: { value: string; method: "S256" | "plain" };
}

interface AuthorizationCode extends AuthorizationRequest {
  /** The user saw (and accepted) the consent screen: only then does an offline grant get a refresh token. */
  consentShown: boolean;
  expiresAt: number;
  used: boolean;
}

interface IssuedToken {
  token: string;
  clientId: string;
  account: string;
  scopes: string[];
  revoked: boolean;
}

/** A live or dead access token. */
export interface AccessToken extends IssuedToken {
  accessType: "online" | "offline";
  expiresAt: number;
}

/** The JSON Google's token endpoint answers with. */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: "Bearer";
}

/** A token as the emulator's state report shows it. */
export interface TokenSummary {
  token: string;
  clientId: string;
  account: string;
  scope: string;
  /** Access tokens only: when it expires (ISO 8601). */
  expiresAt?: string;
  /** Neither revoked nor expired. */
  active: boolean;
}

/** A successful call of the revoke endpoint, as the emulator's state report shows it. */
export interface Revocation {
  /** The token the caller presented. */
  token: string;
  kind: "access" | "refresh";
  clientId: string;
  account: string;
  /** When (ISO 8601). */
  at: string;
}

export interface OAuthStoreOptions {
  clients: OAuthClient[];
  accessTokenTtlSeconds: number;
  codeTtlSeconds: number;
}

const REVOKED = "Token has been expired or revoked.";

function grantKey(clientId: string, account: string): string {
  return `${clientId}\n${account}`;
}

function verifierMatches(challenge: NonNullable<AuthorizationRequest["codeChallenge"]>, verifier: string): boolean {
  const derived = challenge.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
  return derived === challenge.value;
}

/**
 * Google's authorization server state: clients, consents given (grants), authorization codes,
 * refresh and access tokens. In memory: it is a test double.
 */
export class OAuthStore {
  readonly #clients: Map<string, OAuthClient>;
  readonly #options: OAuthStoreOptions;
  /** Scopes each account granted each client (what makes Google skip the consent screen). */
  #grants = new Map<string, Set<string>>();
  #pendingConsents = new Map<string, AuthorizationRequest>();
  #codes = new Map<string, AuthorizationCode>();
  #refreshTokens = new Map<string, IssuedToken>();
  #accessTokens = new Map<string, AccessToken>();
  #revocations: Revocation[] = [];

  constructor(options: OAuthStoreOptions) {
    this.#options = options;
    this.#clients = new Map(options.clients.map((c) => [c.clientId, c]));
  }

  /** The registered client with this id. */
  client(clientId: string): OAuthClient | undefined {
    return this.#clients.get(clientId);
  }

  /** Whether Google would show the consent screen: asked for, or scopes the account has not granted this client yet. */
  needsConsent(request: AuthorizationRequest): boolean {
    const granted = this.#grants.get(grantKey(request.clientId, request.account));
    return request.prompt.includes("consent") || !granted || request.scopes.some((s) => !granted.has(s));
  }

  /** Keeps a request while the consent page is shown; returns the id the page's form posts back. */
  holdForConsent(request: AuthorizationRequest): string {
    const id = randomToken(16);
    this.#pendingConsents.set(id, request);
    return id;
  }

  /** The request a consent form answers, once. */
  takeConsent(id: string): AuthorizationRequest | undefined {
    const request = this.#pendingConsents.get(id);
    this.#pendingConsents.delete(id);
    return request;
  }

  /** Records the account's consent and issues a single-use authorization code for it. */
  approve(request: AuthorizationRequest, consentShown: boolean): string {
    const key = grantKey(request.clientId, request.account);
    this.#grants.set(key, new Set([...(this.#grants.get(key) ?? []), ...request.scopes]));
    const code = `4/0A${randomToken()}`;
    const expiresAt = Date.now() + this.#options.codeTtlSeconds * 1000;
    this.#codes.set(code, { ...request, consentShown, expiresAt, used: false });
    return code;
  }

  /**
   * Redeems an authorization code (grant_type=authorization_code). A refresh token comes with it
   * only for access_type=offline when the consent screen was shown, as with Google.
   */
  exchangeCode(clientId: string, code: string | null, redirectUri: string | null, codeVerifier: string | null): TokenResponse {
    if (!code) throw oauthError(400, "invalid_request", "Missing required parameter: code");
    const record = this.#codes.get(code);
    if (!record || record.clientId !== clientId) throw oauthError(400, "invalid_grant", "Malformed auth code.");
    if (record.used || record.expiresAt <= Date.now()) throw oauthError(400, "invalid_grant", "Bad Request");
    if (redirectUri !== record.redirectUri) throw oauthError(400, "redirect_uri_mismatch", "Bad Request");
    if (record.codeChallenge) {
      if (!codeVerifier) throw oauthError(400, "invalid_grant", "Missing code verifier.");
      if (!verifierMatches(record.codeChallenge, codeVerifier)) throw oauthError(400, "invalid_grant", "Invalid code verifier.");
    }
    record.used = true;
    const grant = { clientId, account: record.account, scopes: record.scopes, revoked: false };
    const refresh = record.accessType === "offline" && record.consentShown ? { ...grant, token: `1//0${randomToken()}` } : undefined;
    if (refresh) this.#refreshTokens.set(refresh.token, refresh);
    const access = this.#issueAccess(grant, record.accessType);
    return { ...access, ...(refresh ? { refresh_token: refresh.token } : {}) };
  }

  /** A new access token for a refresh token (grant_type=refresh_token); Google sends no new refresh token. */
  refresh(clientId: string, refreshToken: string | null): TokenResponse {
    if (!refreshToken) throw oauthError(400, "invalid_request", "Missing required parameter: refresh_token");
    const record = this.#refreshTokens.get(refreshToken);
    if (!record || record.revoked) throw oauthError(400, "invalid_grant", REVOKED);
    if (record.clientId !== clientId) throw oauthError(400, "unauthorized_client", "Unauthorized");
    return this.#issueAccess(record, "offline");
  }

  #issueAccess(grant: Omit<IssuedToken, "token">, accessType: "online" | "offline"): TokenResponse {
    const ttl = this.#options.accessTokenTtlSeconds;
    const token: AccessToken = {
      ...grant,
      token: `ya29.a0${randomToken(48)}`,
      accessType,
      expiresAt: Date.now() + ttl * 1000,
      revoked: false,
    };
    this.#accessTokens.set(token.token, token);
    return { access_token: token.token, expires_in: Math.round(ttl), scope: grant.scopes.join(" "), token_type: "Bearer" };
  }

  /**
   * Revokes an access or refresh token and, as Google does, the whole grant behind it: every
   * token of that client for that account, and the consent (the next authorization shows the
   * consent screen again). False when the token is unknown, expired or already revoked.
   */
  revoke(token: string): boolean {
    const access = this.authenticate(token);
    const record = access ?? this.#refreshTokens.get(token);
    if (!record || record.revoked) return false;
    const { clientId, account } = record;
    this.#revocations.push({ token, kind: access ? "access" : "refresh", clientId, account, at: new Date().toISOString() });
    for (const t of [...this.#accessTokens.values(), ...this.#refreshTokens.values()]) {
      if (t.clientId === clientId && t.account === account) t.revoked = true;
    }
    for (const code of this.#codes.values()) if (code.clientId === clientId && code.account === account) code.used = true;
    this.#grants.delete(grantKey(clientId, account));
    return true;
  }

  /** The access token if it is live (known, not expired, not revoked). */
  authenticate(token: string | undefined | null): AccessToken | undefined {
    const record = token ? this.#accessTokens.get(token) : undefined;
    return record && !record.revoked && record.expiresAt > Date.now() ? record : undefined;
  }

  /** Expires every live access token now; returns how many. Refresh tokens keep working. */
  expireAccessTokens(): number {
    const now = Date.now();
    let count = 0;
    for (const token of this.#accessTokens.values()) {
      if (token.expiresAt > now) {
        token.expiresAt = now;
        count += 1;
      }
    }
    return count;
  }

  /** Every successful revocation so far, oldest first. */
  revocations(): Revocation[] {
    return this.#revocations.map((r) => ({ ...r }));
  }

  /** The tokens issued so far, live and dead. */
  summary(): { access: TokenSummary[]; refresh: TokenSummary[] } {
    const now = Date.now();
    const base = (t: IssuedToken) => ({ token: t.token, clientId: t.clientId, account: t.account, scope: t.scopes.join(" ") });
    return {
      access: [...this.#accessTokens.values()].map((t) => ({
        ...base(t),
        expiresAt: new Date(t.expiresAt).toISOString(),
        active: !t.revoked && t.expiresAt > now,
      })),
      refresh: [...this.#refreshTokens.values()].map((t) => ({ ...base(t), active: !t.revoked })),
    };
  }

  /** Forgets every grant, code and token (the clients stay). */
  reset(): void {
    this.#grants = new Map();
    this.#pendingConsents = new Map();
    this.#codes = new Map();
    this.#refreshTokens = new Map();
    this.#accessTokens = new Map();
    this.#revocations = [];
  }
}
