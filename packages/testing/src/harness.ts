import { appRouter } from "@crawlguard/api";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { loadEnv } from "@crawlguard/server/env";
import { startServer, type RunningServer } from "@crawlguard/server/server";

/** The running server and the environment reader, for tests that start or configure one themselves. */
export { loadEnv, type RunningServer };

/** Where a test server keeps its data: its DATA_DIR, and the PostgreSQL database when there is one. */
export interface ServerTarget {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** The environment of every test server on `target`, with `env` on top. */
export function testServerEnv(target: ServerTarget, env: Record<string, string> = {}) {
  return loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: target.dataDir,
    CONTACT_MIN_SUBMIT_MS: "0",
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  });
}

/** A server on an existing database: a second instance behind a load balancer, or the next start after a stop. */
export function startServerOn(target: ServerTarget, env: Record<string, string> = {}, { withWeb = false } = {}): Promise<RunningServer> {
  return startServer({ withWeb, env: testServerEnv(target, env) });
}

export type Door = "rest" | "trpc";
export const doors: Door[] = ["rest", "trpc"];

export interface TestServer {
  url: string;
  running: RunningServer;
  testDb: TestDatabase;
  stop(): Promise<void>;
}

/**
 * A real server on a random port over a fresh database (PostgreSQL when TEST_DATABASE_URL is set).
 * `withWeb` also serves the built web app (apps/web/dist: `npm run build -w @crawlguard/web`).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  { withWeb = false }: { withWeb?: boolean } = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const running = await startServerOn(testDb, env, { withWeb });
  return {
    url: running.url,
    running,
    testDb,
    async stop() {
      // Every request of the test has been answered: nobody will send on an idle keep-alive
      // connection, so the drain need not wait the 4–7 s for the client's pool to let it go (ADR 021).
      running.server.closeIdleConnections();
      await running.stop();
      await testDb.drop();
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

interface OpenApiMetaShape {
  openapi?: { method: string; path: string };
}

type ProcedureDef = { _def: { meta?: OpenApiMetaShape; type: "query" | "mutation" } };

function procedureDef(name: string): ProcedureDef {
  const proc = (appRouter._def.procedures as unknown as Record<string, ProcedureDef>)[name];
  if (!proc) throw new Error(`No procedure ${name}`);
  return proc;
}

/**
 * A client that keeps cookies like a browser and sends the same-site Origin header.
 * `call` reaches a procedure through either door: REST at its documented path, or tRPC.
 */
export class ApiClient {
  cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    /** `headers` go with every request (e.g. X-Forwarded-For, to stand for another visitor). */
    readonly options: { origin?: string | null; headers?: Record<string, string> } = {},
  ) {}

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { ...this.options.headers };
    if (json) h["content-type"] = "application/json";
    const origin = this.options.origin === undefined ? this.baseUrl : this.options.origin;
    if (origin) h.origin = origin;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return h;
  }

  private keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const value = rest.join("=");
      if (value) this.cookies.set(name.trim(), value);
      else this.cookies.delete(name.trim());
    }
  }

  async raw(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<ApiResponse> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { ...this.headers(body !== undefined), ...extraHeaders },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    this.keepCookies(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
  async call<T = any>(door: Door, name: string, input?: Record<string, unknown>): Promise<ApiResponse<T>> {
    const def = procedureDef(name)._def;
    if (door === "trpc") {
      if (def.type === "query") {
        const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
        return unwrapTrpc(await this.raw("GET", `/trpc/${name}${qs}`));
      }
      return unwrapTrpc(await this.raw("POST", `/trpc/${name}`, input));
    }
    const meta = def.meta?.openapi;
    if (!meta) throw new Error(`${name} has no REST path`);
    const rest = { ...(input ?? {}) };
    const path = meta.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
      const value = rest[key];
      delete rest[key];
      return encodeURIComponent(String(value));
    });
    if (meta.method === "GET" || meta.method === "DELETE") {
      const qs = new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)])).toString();
      return (await this.raw(meta.method, path + (qs ? `?${qs}` : ""))) as ApiResponse<T>;
    }
    return (await this.raw(meta.method, path, Object.keys(rest).length || input ? rest : undefined)) as ApiResponse<T>;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
function unwrapTrpc(res: ApiResponse): ApiResponse<any> {
  const body = res.body as { result?: { data: unknown }; error?: { message: string; code: number; data?: { code: string } } };
  if (body?.result) return { ...res, body: body.result.data };
  if (body?.error) return { ...res, body: { ...body.error, code: body.error.data?.code ?? body.error.code } };
  return res;
}

let counter = 0;
/** Unique account details for a test. */
export function newAccount(prefix = "user") {
  counter += 1;
  const id = `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
  return { username: id, email: `${id}@example.com`, password: "correct-horse-battery" };
}

/**
 * Creates an account the way a person joins after the first one: `admin` (signed in as an admin)
 * invites it, and `client` registers with the invitation's code through `door`, which signs
 * `client` in. `isAdmin` makes it an admin invitation, `role` one of that role (admin, office or
 * crew; office when neither is given). Answers the registration's response.
 */
export async function registerInvited(
  admin: ApiClient,
  client: ApiClient,
  door: Door,
  account: { username: string; email: string; password: string } = newAccount("staff"),
  { isAdmin = false, role }: { isAdmin?: boolean; role?: "admin" | "office" | "crew" } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
): Promise<ApiResponse<any>> {
  const invitation = await admin.call(door, "invitations.create", role ? { role } : { isAdmin });
  if (invitation.status !== 200) throw new Error(`invitation answered ${invitation.status}: ${JSON.stringify(invitation.body)}`);
  return client.call(door, "auth.register", { ...account, inviteToken: (invitation.body as { token: string }).token });
}

let clientCounter = 0;
/** Unique client details for a booking (the Schedule Appointment modal's fields). */
export function newClient(overrides: Record<string, unknown> = {}) {
  clientCounter += 1;
  const n = `${clientCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    clientName: `Casey Client ${n}`,
    email: `casey${n}@example.com`,
    phone: "(828) 555-0147",
    address: "12 Merrimon Ave, Asheville, NC 28801",
    service: "crawl-space-encapsulation",
    ...overrides,
  };
}
