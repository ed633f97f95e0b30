import { createHash, randomBytes } from "node:crypto";
import { PostgresJsAdapter } from "@lucia-auth/adapter-postgresql";
import { Lucia, TimeSpan, type Cookie, type Session, type User } from "lucia";
import { withSnakeCaseRows, type Sql } from "@crawlguard/db";

/** Idle timeout: lucia extends a session used within the second half of this span (sliding). */
export const SESSION_IDLE = new TimeSpan(14, "d");
/** Absolute lifetime: after this, a session ends however active it is. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE_NAME = "crawlguard_session";

export interface SessionUser {
  id: string;
  username: string;
  email: string | null;
  isAdmin: boolean;
  /** admin, office or crew (docs/product.md "Roles and permissions"); isAdmin is role === "admin". */
  role: "admin" | "office" | "crew";
  createdAt: Date;
}

interface DatabaseUserAttributes {
  username: string;
  email: string | null;
  is_admin: boolean;
  role: "admin" | "office" | "crew";
  created_at: Date;
}
interface DatabaseSessionAttributes {
  created_at: Date;
}

function createLucia(sql: Sql, secure: boolean) {
  // The adapter reads raw column names (user_id, expires_at); our client returns camelCase.
  const raw = withSnakeCaseRows(sql) as unknown as ConstructorParameters<typeof PostgresJsAdapter>[0];
  const adapter = new PostgresJsAdapter(raw, { user: "users", session: "sessions" });
  return new Lucia(adapter, {
    sessionExpiresIn: SESSION_IDLE,
    sessionCookie: { name: SESSION_COOKIE_NAME, expires: true, attributes: { secure, sameSite: "lax", path: "/" } },
    getUserAttributes: (a) => ({
      username: a.username,
      email: a.email,
      isAdmin: a.is_admin,
      role: a.role,
      createdAt: new Date(a.created_at),
    }),
    getSessionAttributes: (a) => ({ createdAt: new Date(a.created_at) }),
  });
}

declare module "lucia" {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseUserAttributes: DatabaseUserAttributes;
    DatabaseSessionAttributes: DatabaseSessionAttributes;
  }
}

/** The session id stored in the database: SHA-256 of the cookie's token, so a leaked table
 * cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser;
  /** A cookie to send back when the session was extended. */
  cookie: Cookie | null;
}

export interface Auth {
  /** Reads the session token from a Cookie header. */
  readToken(cookieHeader: string | undefined): string | null;
  createSession(userId: string): Promise<{ token: string; cookie: Cookie }>;
  validate(token: string): Promise<ValidatedSession | null>;
  invalidate(sessionId: string): Promise<void>;
  invalidateUserSessions(userId: string): Promise<void>;
  blankCookie(): Cookie;
  deleteExpiredSessions(): Promise<void>;
}

/**
 * lucia decodes every cookie of the header with decodeURIComponent and throws on malformed
 * percent-encoding in any of them (another site's cookie with a stray "%" would make every call
 * a 500). Such a header is read pair by pair instead; an undecodable session cookie is no session.
 */
function readSessionCookie(lucia: Pick<ReturnType<typeof createLucia>, "readSessionCookie">, header: string): string | null {
  try {
    return lucia.readSessionCookie(header);
  } catch {
    // Like lucia, the last cookie of that name wins.
    let token: string | null = null;
    for (const pair of header.split(";")) {
      const eq = pair.indexOf("=");
      if (eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE_NAME) continue;
      try {
        token = decodeURIComponent(pair.slice(eq + 1).trim()) || null;
      } catch {
        token = null;
      }
    }
    return token;
  }
}

export function createAuth({ sql, secure }: { sql: Sql; secure: boolean }): Auth {
  const lucia = createLucia(sql, secure);
  return {
    readToken: (header) => (header ? readSessionCookie(lucia, header) : null),
    async createSession(userId) {
      const token = randomBytes(32).toString("base64url");
      await lucia.createSession(userId, { created_at: new Date() }, { sessionId: sessionIdFromToken(token) });
      return { token, cookie: lucia.createSessionCookie(token) };
    },
    async validate(token) {
      const sessionId = sessionIdFromToken(token);
      const { session, user } = await lucia.validateSession(sessionId);
      if (!session || !user) return null;
      if (Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS) {
        await lucia.invalidateSession(sessionId);
        return null;
      }
      // lucia would put the session id in the cookie; ours holds the token.
      return { session, user: { ...user }, cookie: session.fresh ? lucia.createSessionCookie(token) : null };
    },
    invalidate: (sessionId) => lucia.invalidateSession(sessionId),
    invalidateUserSessions: (userId) => lucia.invalidateUserSessions(userId),
    blankCookie: () => lucia.createBlankSessionCookie(),
    deleteExpiredSessions: () => lucia.deleteExpiredSessions(),
  };
}

export type { Cookie, Session, User };
