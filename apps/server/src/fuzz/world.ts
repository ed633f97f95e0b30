/**
 * The fuzz run's cast and records: an admin, two staff members, accounts to log in as and
 * accounts to delete, leads created by each, contact submissions; the sessions each role uses;
 * and every secret an answer must not contain. Built through the public API only.
 */
import { createHash, randomBytes } from "node:crypto";
import { endpointOf, headerAll, send, type Endpoint } from "./http.js";
import type { Inspector } from "./inspect.js";
import type { Role } from "./spec.js";
import type { RefPools } from "./values.js";

/** Pending invitations kept for fuzzed registrations to use. */
const INVITATION_POOL = 3;

export const SESSION_COOKIE = "crawlguard_session";

export interface Account {
  username: string;
  email: string;
  password: string;
  id: string;
  /** The session token this run uses for the account (null when it has none). */
  token: string | null;
}

export interface Secrets {
  /** Every session token seen (cookie values), with the account it belongs to. */
  tokens: Map<string, string>;
  /** Stored session ids (SHA-256 of tokens): never sent anywhere. */
  sessionIds: Set<string>;
  passwordHashes: Set<string>;
  /** Lower-cased email → user id, for the accounts the fuzzer registered itself (see learnUser). */
  userEmails: Map<string, string>;
  userIds: Set<string>;
  /** Ids of every other record (leads, submissions...): never shown to an anonymous client. */
  recordIds: Set<string>;
  /** Distinctive strings stored in the seeded leads and submissions. */
  markers: string[];
  /** Configuration secrets (database URL with password, Turnstile secret...). */
  config: string[];
}

export interface ApiAnswer {
  status: number;
  text: string;
  json: unknown;
  token: string | null | undefined;
}

export function sessionIdOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The session token a response sets: a string, null when it clears the cookie, undefined when silent. */
export function tokenFromSetCookie(lines: string[]): string | null | undefined {
  for (const line of lines) {
    const m = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (m) return m[1] ? m[1] : null;
  }
  return undefined;
}

const tag = () => randomBytes(4).toString("hex");

/** A 1 × 1 PNG: the smallest real image the gallery takes. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

export interface WorldOptions {
  /** Credentials of an existing admin, for a server whose first account is already taken. */
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  /** Values that must never appear in an answer (e.g. the database URL). */
  configSecrets?: string[];
}

export class World {
  readonly endpoint: Endpoint;
  readonly origin: string;
  readonly accounts = {} as Record<"admin" | "staff", Account>;
  /** Accounts whose sessions are never used: their tokens must not reach anyone. */
  readonly bystanders: Account[] = [];
  /** Accounts the fuzzer logs in as (the "account" refs). */
  readonly logins: Account[] = [];
  readonly secrets: Secrets;
  pools: RefPools = { ids: {}, account: [] };
  /** The collections ids are picked from (listings the admin can read). */
  collections: string[] = ["/api/users", "/api/leads", "/api/contact-submissions"];
  private ipCounter = 0;
  /** True when this run registered the first account (so it knows the admin's password). */
  registeredAdmin = false;

  constructor(
    readonly baseUrl: string,
    private readonly options: WorldOptions = {},
  ) {
    this.endpoint = endpointOf(baseUrl);
    this.origin = new URL(baseUrl).origin;
    this.secrets = {
      tokens: new Map(),
      sessionIds: new Set(),
      passwordHashes: new Set(),
      userEmails: new Map(),
      userIds: new Set(),
      recordIds: new Set(),
      markers: [],
      config: (options.configSecrets ?? []).filter((s) => s.length >= 6),
    };
  }

  get host(): string {
    return new URL(this.baseUrl).host;
  }

  /** A fresh client address for setup calls (the fuzzed requests get their own). */
  private setupIp(): string {
    this.ipCounter += 1;
    return `192.0.2.${(this.ipCounter % 250) + 1}`;
  }

  /** A REST call as the given token (or anonymous), JSON in and out. */
  async api(method: string, path: string, body?: unknown, token?: string | null): Promise<ApiAnswer> {
    const headers: [string, string][] = [
      ["Host", this.host],
      ["Connection", "close"],
      ["Origin", this.origin],
      ["X-Forwarded-For", this.setupIp()],
    ];
    if (token) headers.push(["Cookie", `${SESSION_COOKIE}=${token}`]);
    const bytes = body === undefined ? null : Buffer.from(JSON.stringify(body));
    if (bytes) headers.push(["Content-Type", "application/json"], ["Content-Length", String(bytes.length)]);
    const res = await send(this.endpoint, { method, target: path, headers, body: bytes });
    if (res.failure && res.status === 0) throw new Error(`${method} ${path}: no answer (${res.failure})`);
    let json: unknown;
    try {
      json = res.text ? JSON.parse(res.text) : undefined;
    } catch {
      json = undefined;
    }
    const newToken = tokenFromSetCookie(headerAll(res, "set-cookie"));
    if (newToken) this.learnToken(newToken, (json as { id?: string } | undefined)?.id ?? "unknown");
    return { status: res.status, text: res.text, json, token: newToken };
  }

  learnToken(token: string, owner: string): void {
    this.secrets.tokens.set(token, owner);
    this.secrets.sessionIds.add(sessionIdOf(token));
  }

  /** A new invitation made by the admin (after the first account, nobody registers without one). */
  private async newInvitation(): Promise<{ id: string; token: string }> {
    const res = await this.api("POST", "/api/users/invitations", {}, this.accounts.admin?.token ?? null);
    const { id, token } = (res.json ?? {}) as { id?: string; token?: string };
    if (res.status !== 200 || !id || !token) throw new Error(`Inviting answered ${res.status}: ${res.text.slice(0, 300)}`);
    return { id, token };
  }

  private async invite(): Promise<string> {
    return (await this.newInvitation()).token;
  }

  /** Pending invitations' codes by id, for the fuzzed registrations (the "invitation" refs). */
  private readonly invitationCodes = new Map<string, string>();

  /** Keeps a few pending invitations in the pool: used, revoked or expired ones drop out. */
  private async topUpInvitations(pendingIds: readonly string[]): Promise<void> {
    const pending = new Set(pendingIds);
    for (const id of [...this.invitationCodes.keys()]) if (!pending.has(id)) this.invitationCodes.delete(id);
    try {
      while (this.invitationCodes.size < INVITATION_POOL) {
        const { id, token } = await this.newInvitation();
        this.invitationCodes.set(id, token);
      }
    } catch {
      // The admin's session is being replaced (ensureRoles): the pool fills at the next refresh.
    }
    this.pools.invitations = [...this.invitationCodes.values()];
  }

  /** Registers an account through an admin's invitation (after the first account, nobody registers without one). */
  private async register(prefix: string): Promise<Account & { isAdmin: boolean }> {
    const registered = await this.signUp(prefix, await this.invite());
    if (!registered) throw new Error(`Registering ${prefix} was refused`);
    return registered;
  }

  /** Registers without an invitation, as the very first account does; null when the server refuses (it has accounts). */
  private registerFirst(prefix: string): Promise<(Account & { isAdmin: boolean }) | null> {
    return this.signUp(prefix);
  }

  private async signUp(prefix: string, inviteToken?: string): Promise<(Account & { isAdmin: boolean }) | null> {
    const t = tag();
    const account = { username: `${prefix}${t}`, email: `fz-${prefix}-${t}@example.com`, password: `pw-${prefix}-${t}-${tag()}` };
    const res = await this.api("POST", "/api/register", inviteToken ? { ...account, inviteToken } : account);
    if (!inviteToken && res.status === 403) return null;
    if (res.status !== 200 || !res.token) throw new Error(`Registering ${prefix} answered ${res.status}: ${res.text.slice(0, 300)}`);
    const user = res.json as { id: string; isAdmin: boolean };
    this.secrets.userEmails.set(account.email.toLowerCase(), user.id);
    this.secrets.userIds.add(user.id);
    return { ...account, id: user.id, token: res.token, isAdmin: user.isAdmin };
  }

  private async login(account: Account): Promise<boolean> {
    const res = await this.api("POST", "/api/login", { email: account.email, password: account.password });
    if (res.status !== 200 || !res.token) return false;
    account.token = res.token;
    return true;
  }

  /** Registers the cast and seeds records owned or created by each. */
  async setup(): Promise<void> {
    const first = await this.registerFirst("admin");
    if (first?.isAdmin) {
      this.accounts.admin = first;
      this.registeredAdmin = true;
    } else {
      if (!this.options.adminEmail || !this.options.adminPassword) {
        throw new Error(
          "This server already has an admin: pass its credentials (--admin-email/--admin-password, or FUZZ_ADMIN_EMAIL/FUZZ_ADMIN_PASSWORD).",
        );
      }
      if (first) this.bystanders.push(first);
      const admin: Account = {
        username: "admin",
        email: this.options.adminEmail,
        password: this.options.adminPassword,
        id: "",
        token: null,
      };
      if (!(await this.login(admin))) throw new Error("Could not log in with the admin credentials given");
      const me = await this.api("GET", "/api/user", undefined, admin.token);
      admin.id = (me.json as { id: string }).id;
      admin.username = (me.json as { username: string }).username;
      this.accounts.admin = admin;
    }
    this.accounts.staff = await this.register("staff");
    this.bystanders.push(await this.register("other"));
    for (let i = 0; i < 3; i++) this.logins.push(await this.register("login"));
    for (let i = 0; i < 3; i++) this.bystanders.push(await this.register("victim"));

    // Leads created by the admin and by the staff member, with strings no other record has.
    for (const [who, account] of [
      ["admin", this.accounts.admin],
      ["staff", this.accounts.staff],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const mark = `fzmark${tag()}`;
        this.secrets.markers.push(mark);
        const res = await this.api(
          "POST",
          "/api/leads",
          {
            name: `Seed ${who} ${mark}`,
            email: `${mark}@lead.example.net`,
            zipCode: "28801",
            service: "crawl-space",
            notes: `private note ${mark}`,
            phone: "(828) 555-0100",
          },
          account.token,
        );
        if (res.status !== 200) throw new Error(`Seeding a lead answered ${res.status}: ${res.text.slice(0, 300)}`);
      }
    }
    // Contact submissions from visitors; the first one becomes a lead.
    const submitted: string[] = [];
    for (let i = 0; i < 4; i++) {
      const mark = `fzmark${tag()}`;
      this.secrets.markers.push(mark);
      const res = await this.api("POST", "/api/contact", {
        name: `Visitor ${mark}`,
        email: `${mark}@visitor.example.net`,
        zipCode: "28803",
        phone: "(828) 555-0199",
        message: `Water in the basement ${mark}`,
        elapsedMs: 60_000,
      });
      if (res.status !== 200) throw new Error(`Seeding a submission answered ${res.status}: ${res.text.slice(0, 300)}`);
      submitted.push(mark);
    }
    // Gallery images (drafts) made through the whole upload flow, so their calls reach real records.
    for (let i = 0; i < 2; i++) await this.seedGalleryImage(`Seed photo ${i}`);
    await this.refresh();
    const firstSubmission = this.pools.ids["/api/contact-submissions"]?.[0];
    if (firstSubmission)
      await this.api("POST", `/api/contact-submissions/${firstSubmission}/convert-to-lead`, undefined, this.accounts.admin.token);
    await this.refresh();
  }

  inspector?: Inspector;

  private async seedGalleryImage(title: string): Promise<void> {
    const token = this.accounts.staff.token;
    const ticket = await this.api("POST", "/api/admin/gallery/upload", { fileName: "seed.png", size: TINY_PNG.length }, token);
    const { uploadURL, uploadId } = ticket.json as { uploadURL: string; uploadId: string };
    const put = await fetch(uploadURL, { method: "PUT", body: TINY_PNG });
    const done = put.ok ? await this.api("POST", `/api/admin/gallery/upload/${uploadId}/complete`, undefined, token) : null;
    const imageUrl = (done?.json as { imageUrl?: string } | undefined)?.imageUrl;
    const created = imageUrl ? await this.api("POST", "/api/admin/gallery", { title, altText: title, imageUrl }, token) : null;
    if (created?.status !== 200)
      throw new Error(
        `Seeding a gallery image failed: ${put.status} ${done?.text.slice(0, 200) ?? ""} ${created?.text.slice(0, 200) ?? ""}`,
      );
  }

  /** Re-reads ids (the admin's listings) and secrets (the database, when at hand). */
  async refresh(): Promise<void> {
    const ids: Record<string, string[]> = {};
    for (const collection of this.collections) {
      const res = await this.api("GET", collection, undefined, this.accounts.admin.token);
      const rows = res.status === 200 && Array.isArray(res.json) ? (res.json as { id?: unknown }[]) : [];
      ids[collection] = rows.flatMap((r) => (typeof r?.id === "string" ? [r.id] : []));
      // Accounts live under .../users; everything else is business data, but for gallery images,
      // whose ids the public gallery shows once they are published.
      if (collection.endsWith("/gallery")) continue;
      for (const id of ids[collection]) (collection.endsWith("/users") ? this.secrets.userIds : this.secrets.recordIds).add(id);
    }
    this.pools.ids = ids;
    const live = new Set(Object.entries(ids).flatMap(([c, list]) => (c.endsWith("/users") ? list : [])));
    this.pools.account = this.logins.filter((a) => live.has(a.id));
    await this.topUpInvitations(ids["/api/users/invitations"] ?? []);
    if (!this.inspector) return;
    const snap = await this.inspector.snapshot();
    for (const id of snap.userIds) this.learnUser(id);
    for (const h of snap.passwordHashes) this.secrets.passwordHashes.add(h);
    for (const s of snap.sessionIds) this.secrets.sessionIds.add(s);
  }

  /**
   * Learns the id of an account. Emails are only watched for the cast's own accounts: those of
   * accounts the fuzz registered come from the same generator as lead emails, so a lead may
   * legitimately carry one.
   */
  learnUser(id: string): void {
    this.secrets.userIds.add(id);
  }

  accountOf(role: Role): Account | null {
    return role === "anonymous" ? null : this.accounts[role];
  }

  /** A password the fuzzer set with a successful reset: later logins need it. */
  passwordChanged(userId: string, password: string): void {
    for (const a of [this.accounts.admin, this.accounts.staff, ...this.logins, ...this.bystanders]) {
      if (a.id === userId) a.password = password;
    }
  }

  /**
   * Makes sure the admin and staff roles still have working sessions (a fuzzed logout, login,
   * password reset or account deletion can end them): logs in again, or registers a new staff
   * member if the old one is gone.
   */
  async ensureRoles(): Promise<string[]> {
    const notes: string[] = [];
    for (const role of ["admin", "staff"] as const) {
      const account = this.accounts[role];
      const me = await this.api("GET", "/api/user", undefined, account.token);
      const ok =
        me.status === 200 &&
        (me.json as { id?: string; isAdmin?: boolean }).id === account.id &&
        (me.json as { isAdmin?: boolean }).isAdmin === (role === "admin");
      if (ok) continue;
      if (await this.login(account)) {
        notes.push(`${role}: session ended, logged in again`);
        continue;
      }
      if (role === "admin") throw new Error(`The admin session ended and logging in again failed (password changed to something unknown?)`);
      this.accounts.staff = await this.register("staff");
      notes.push("staff: account gone, registered a new staff member");
    }
    return notes;
  }

  cookieFor(role: Role): string | null {
    const token = this.accountOf(role)?.token;
    return token ? `${SESSION_COOKIE}=${token}` : null;
  }

  sessionIdFor(role: Role): string | null {
    const token = (this.accountOf(role) ?? this.bystanders[0])?.token;
    return token ? sessionIdOf(token) : null;
  }
}
