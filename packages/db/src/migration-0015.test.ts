import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsDir } from "./migrate.js";
import { openDatabase, type Database } from "./open.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";

/** Migration 0015 (ADR 026): display names and colours of staff accounts. */
describe("migration 0015: display name and colour", () => {
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

  it("gives the accounts that existed distinct palette colours, in the order they were made", async () => {
    for (const [i, name] of ["first", "second", "third"].entries()) {
      await db.sql`INSERT INTO users (username, email, password, created_at)
        VALUES (${name}, ${`${name}@x.co`}, 'h', now() - make_interval(days => ${10 - i}))`;
    }
    // The backfill as it ran on a database that had these accounts before the columns existed.
    const text = await readFile(path.join(migrationsDir, "0015_user_display_name_color.sql"), "utf8");
    const backfill = text.slice(text.indexOf("UPDATE users u"));
    await db.sql`UPDATE users SET color = NULL`;
    await db.sql.unsafe(backfill);
    const rows = await db.sql<{ username: string; color: string; displayName: string | null }[]>`
      SELECT username, color, display_name FROM users ORDER BY created_at`;
    expect(rows).toEqual([
      { username: "first", color: "#1d4ed8", displayName: null },
      { username: "second", color: "#047857", displayName: null },
      { username: "third", color: "#b45309", displayName: null },
    ]);
  });

  it("refuses a colour not written #rrggbb (lowercase) and a blank or overlong display name", async () => {
    const [user] = await db.sql<{ id: string }[]>`SELECT id FROM users LIMIT 1`;
    await expect(db.sql`UPDATE users SET color = 'red' WHERE id = ${user!.id}`).rejects.toThrow(/users_color_check/);
    await expect(db.sql`UPDATE users SET color = '#ABCDEF' WHERE id = ${user!.id}`).rejects.toThrow(/users_color_check/);
    await expect(db.sql`UPDATE users SET display_name = '  ' WHERE id = ${user!.id}`).rejects.toThrow(/users_display_name_check/);
    await expect(db.sql`UPDATE users SET display_name = ${"x".repeat(61)} WHERE id = ${user!.id}`).rejects.toThrow(
      /users_display_name_check/,
    );
    await db.sql`UPDATE users SET display_name = 'Sam Lee', color = '#0e7490' WHERE id = ${user!.id}`;
  });
});
