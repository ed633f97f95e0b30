import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./open.js";
import { readdir } from "node:fs/promises";
import { migrate, migrationsDir } from "./migrate.js";
import { createSql } from "./sql.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";

describe("migrations", () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  it("creates every docs/product.md entity with its defaults", async () => {
    expect(db.applied).toContain("0001_init.sql");
    const tables = await db.sql<{ tableName: string }[]>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`;
    const names = tables.map((t) => t.tableName);
    for (const t of ["users", "sessions", "contact_submissions", "leads", "working_hours", "time_blocks", "gallery_images"]) {
      expect(names).toContain(t);
    }
    const [lead] = await db.sql`INSERT INTO leads (name, email, service) VALUES ('A', 'a@b.co', 'crawl-space') RETURNING *`;
    expect(lead).toMatchObject({ status: "new", priority: "medium", source: "website" });
    const [user] = await db.sql`INSERT INTO users (username, email, password) VALUES ('u', 'U@x.co', 'h') RETURNING *`;
    expect(user?.isAdmin).toBe(false);
    const [block] = await db.sql`INSERT INTO time_blocks (user_id, title, start_date_time, end_date_time)
      VALUES (${user!.id}, 'Lunch', now(), now() + interval '1 hour') RETURNING *`;
    expect(block).toMatchObject({ blockType: "personal", isRecurring: false, color: "#ef4444" });
    const [image] = await db.sql`INSERT INTO gallery_images (alt_text) VALUES ('x') RETURNING *`;
    expect(image).toMatchObject({ category: "general", isPublished: false, displayOrder: "0" });
  });

  it("enforces uniqueness and constraints", async () => {
    await expect(db.sql`INSERT INTO users (username, email, password) VALUES ('v', 'u@X.CO', 'h')`).rejects.toThrow(/users_email_key/);
    const [user] = await db.sql`SELECT id FROM users LIMIT 1`;
    await db.sql`INSERT INTO working_hours (user_id, day_of_week) VALUES (${user!.id}, '1')`;
    await expect(db.sql`INSERT INTO working_hours (user_id, day_of_week) VALUES (${user!.id}, '1')`).rejects.toThrow(
      /working_hours_user_day_key/,
    );
    await expect(db.sql`INSERT INTO leads (name, email, service, status) VALUES ('A', 'a@b.co', 'x', 'bogus')`).rejects.toThrow();
  });

  it("is idempotent and safe when two migrators race", async () => {
    const target = db.mode === "postgres" ? { url: testDb.databaseUrl! } : null;
    // In embedded mode, reuse the open client twice; on PostgreSQL use two independent clients.
    const a = target ? createSql(target) : db.sql;
    const b = target ? createSql(target) : db.sql;
    const results = await Promise.all([migrate(a), migrate(b)]);
    expect(results.flat()).toEqual([]);
    const rows = await db.sql`SELECT name FROM schema_migrations ORDER BY name`;
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith(".sql")).sort();
    expect(files[0]).toBe("0001_init.sql");
    expect(rows.map((r) => r.name)).toEqual(files);
    if (target) await Promise.all([a.end(), b.end()]);
  });
});
