import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./open.js";
import { createTestDatabase, type TestDatabase } from "./testing.js";

// Database.listen and migration 0013's triggers (ADR 024): what public pages read from
// the gallery announces each committed change on 'crawlguard_public_pages'. Runs on the embedded
// database, and on PostgreSQL with TEST_DATABASE_URL.

const CHANNEL = "crawlguard_public_pages";

describe("public pages' change notifications", () => {
  let testDb: TestDatabase;
  let db: Database;
  const heard: string[] = [];
  let listens = 0;
  let listening: { unlisten(): Promise<void> };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    listening = await db.listen(
      CHANNEL,
      (payload) => heard.push(payload),
      () => (listens += 1),
    );
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  /**
   * What arrives for `change`: a marker NOTIFY sent after it, from the same session, arrives after
   * everything the change raised (PostgreSQL delivers in commit order), so waiting for the marker
   * is waiting for all of it, however slow the delivery.
   */
  async function heardAfter(change: () => Promise<unknown>): Promise<string[]> {
    heard.length = 0;
    await change();
    await db.sql`SELECT pg_notify(${CHANNEL}, 'marker')`;
    await db.sql`SELECT 1`; // the embedded session hands notifications over with an answer
    const until = Date.now() + 5_000;
    while (!heard.includes("marker") && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    return heard.filter((payload) => payload !== "marker");
  }

  const newUpload = async () => {
    const id = randomUUID();
    await db.sql`INSERT INTO gallery_uploads (id, token_hash, link_expires_at) VALUES (${id}, ${randomUUID()}, now() + interval '1 hour')`;
    return id;
  };

  it("says it listens, and hears every committed change of gallery_images", async () => {
    expect(listens).toBe(1);
    const id = randomUUID();
    expect(await heardAfter(() => db.sql`INSERT INTO gallery_images (id, title, alt_text) VALUES (${id}, 'A', 'a')`)).toEqual([
      "gallery_images",
    ]);
    expect(await heardAfter(() => db.sql`UPDATE gallery_images SET is_published = true WHERE id = ${id}`)).toEqual(["gallery_images"]);
    expect(await heardAfter(() => db.sql`DELETE FROM gallery_images WHERE id = ${id}`)).toEqual(["gallery_images"]);
  });

  it("says nothing for a rolled-back change, and once for a transaction's many statements", async () => {
    const rolledBack = await heardAfter(() =>
      db.sql
        .begin(async (tx) => {
          await tx`INSERT INTO gallery_images (title, alt_text) VALUES ('B', 'b')`;
          throw new Error("roll back");
        })
        .catch(() => {}),
    );
    expect(rolledBack).toEqual([]);
    const many = await heardAfter(() =>
      db.sql.begin(async (tx) => {
        await tx`INSERT INTO gallery_images (title, alt_text) VALUES ('C', 'c')`;
        await tx`UPDATE gallery_images SET title = 'C2' WHERE title = 'C'`;
      }),
    );
    expect(many).toEqual(["gallery_images"]); // identical notifications of one transaction are folded
  });

  it("hears an upload's renditions only when an image uses it; other upload changes say nothing", async () => {
    const unused = await newUpload();
    expect(
      await heardAfter(() => db.sql`UPDATE gallery_uploads SET renditions = '[{"key":"k","width":1,"height":1}]' WHERE id = ${unused}`),
    ).toEqual([]);
    const used = await newUpload();
    expect(await heardAfter(() => db.sql`INSERT INTO gallery_images (title, alt_text, upload_id) VALUES ('D', 'd', ${used})`)).toEqual([
      "gallery_images",
    ]);
    expect(await heardAfter(() => db.sql`UPDATE gallery_uploads SET state = 'processing' WHERE id = ${used}`)).toEqual([]);
    expect(await heardAfter(() => db.sql`UPDATE gallery_uploads SET width = 10, height = 20 WHERE id = ${used}`)).toEqual([
      "gallery_uploads",
    ]);
  });

  it("hears nothing more once it stops listening", async () => {
    await listening.unlisten();
    heard.length = 0;
    await db.sql`INSERT INTO gallery_images (title, alt_text) VALUES ('E', 'e')`;
    await db.sql`SELECT 1`;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([]);
  });
});
