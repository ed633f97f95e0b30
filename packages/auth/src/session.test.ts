import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@crawlguard/db";
import { createTestDatabase, type TestDatabase } from "@crawlguard/db/testing";
import { hashPassword, verifyPassword } from "./password.js";
import { createAuth, SESSION_ABSOLUTE_MS, sessionIdFromToken } from "./session.js";

describe("passwords", () => {
  it("hashes with argon2id at the chosen cost and verifies", async () => {
    const h = await hashPassword("correct horse");
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, "correct horse")).toBe(true);
    expect(await verifyPassword(h, "wrong horse")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});

describe("sessions", () => {
  let testDb: TestDatabase;
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const [u] = await db.sql<{ id: string }[]>`INSERT INTO users (username, email, password) VALUES ('sam', 'sam@x.co', 'h') RETURNING id`;
    userId = u!.id;
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  it("stores only the token's SHA-256 and validates the token", async () => {
    const auth = createAuth({ sql: db.sql, secure: true });
    const { token, cookie } = await auth.createSession(userId);
    expect(cookie.value).toBe(token);
    const header = cookie.serialize();
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).toMatch(/Secure/);
    expect(header).toMatch(/Path=\//);
    const rows = await db.sql<{ id: string }[]>`SELECT id FROM sessions WHERE user_id = ${userId}`;
    expect(rows.map((r) => r.id)).toContain(sessionIdFromToken(token));
    expect(rows.map((r) => r.id)).not.toContain(token);
    const valid = await auth.validate(token);
    expect(valid?.user).toMatchObject({ id: userId, username: "sam", isAdmin: false });
    expect(await auth.validate(sessionIdFromToken(token))).toBeNull();
    await auth.invalidate(valid!.session.id);
    expect(await auth.validate(token)).toBeNull();
  });

  it("ends a session past its absolute lifetime even if recently extended", async () => {
    const auth = createAuth({ sql: db.sql, secure: false });
    const { token } = await auth.createSession(userId);
    const old = new Date(Date.now() - SESSION_ABSOLUTE_MS - 60_000);
    await db.sql`UPDATE sessions SET created_at = ${old} WHERE id = ${sessionIdFromToken(token)}`;
    expect(await auth.validate(token)).toBeNull();
    const [row] = await db.sql`SELECT 1 FROM sessions WHERE id = ${sessionIdFromToken(token)}`;
    expect(row).toBeUndefined();
  });

  it("extends a session in the second half of its idle window (sliding expiry)", async () => {
    const auth = createAuth({ sql: db.sql, secure: false });
    const { token } = await auth.createSession(userId);
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await db.sql`UPDATE sessions SET expires_at = ${soon} WHERE id = ${sessionIdFromToken(token)}`;
    const valid = await auth.validate(token);
    expect(valid?.cookie?.value).toBe(token);
    const [row] = await db.sql<{ expiresAt: Date }[]>`SELECT expires_at FROM sessions WHERE id = ${sessionIdFromToken(token)}`;
    expect(row!.expiresAt.getTime()).toBeGreaterThan(soon.getTime());
  });

  it("reads the token from a Cookie header even when another cookie has malformed percent-encoding", () => {
    const auth = createAuth({ sql: db.sql, secure: false });
    expect(auth.readToken("theme=dark; crawlguard_session=abc123")).toBe("abc123");
    // lucia's parser throws a URIError on "%E0%A4%A" or a stray "%": that was a 500 on every call.
    expect(auth.readToken("tracking=50%; crawlguard_session=abc123")).toBe("abc123");
    expect(auth.readToken("crawlguard_session=abc123; x=%E0%A4%A")).toBe("abc123");
    expect(auth.readToken("crawlguard_session=%E0%A4%A")).toBeNull();
    expect(auth.readToken("crawlguard_session; ;=; x=%")).toBeNull();
    expect(auth.readToken("crawlguard_session=first; y=%; crawlguard_session=last")).toBe("last");
  });
});
