import { mkdir, readdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { sweepGalleryUploads } from "@crawlguard/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageOf } from "@crawlguard/testing/images";
import { ApiClient, doors, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * ADR 022: an upload whose completion was interrupted holds its "processing" lease
 * only for a while (then asking again completes it), and `.part` files a dead write left behind go.
 */
describe.each(doors)("work that got stuck, through %s", (door) => {
  let srv: TestServer;
  let staff: ApiClient;
  beforeAll(async () => {
    srv = await startTestServer();
    staff = new ApiClient(srv.url);
    expect((await staff.call(door, "auth.register", newAccount("stuck"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  /** An upload whose bytes arrived and whose completion started `secondsAgo` and never finished. */
  async function interrupted(secondsAgo: number) {
    const bytes = await imageOf("jpeg");
    const ticket = await staff.call(door, "gallery.upload", { fileName: "porch.jpg", size: bytes.length });
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.uploadURL, {
      method: "PUT",
      body: bytes,
      headers: { "content-type": "application/octet-stream", ...ticket.body.headers },
    });
    expect(put.status).toBeLessThan(300);
    const id = ticket.body.uploadId as string;
    await srv.running.db
      .sql`UPDATE gallery_uploads SET state = 'processing', updated_at = now() - make_interval(secs => ${secondsAgo}) WHERE id = ${id}`;
    return id;
  }

  it("answers 409 while a completion's lease runs, and completes it when asked again after the lease expired", async () => {
    const running = await interrupted(30);
    const busy = await staff.call(door, "gallery.completeUpload", { uploadId: running });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("This upload is still being processed. Please try again in a moment.");

    const stuck = await interrupted(121);
    const retried = await staff.call(door, "gallery.completeUpload", { uploadId: stuck });
    expect(retried.status).toBe(200);
    expect(retried.body.imageUrl).toMatch(/\.webp$/);
    const [row] = await srv.running.db.sql<{ state: string }[]>`SELECT state FROM gallery_uploads WHERE id = ${stuck}`;
    expect(row?.state).toBe("ready");
    // Asked again: the same answer, nothing processed twice.
    const again = await staff.call(door, "gallery.completeUpload", { uploadId: stuck });
    expect(again.status).toBe(200);
    expect(again.body.imageUrl).toBe(retried.body.imageUrl);
  });

  it("leaves a lease that was taken over alone: the late attempt does not remove the upload", async () => {
    const id = await interrupted(121);
    // A second attempt holds it now (a fresh lease): this attempt's claim fails, nothing is removed.
    await srv.running.db.sql`UPDATE gallery_uploads SET updated_at = now() WHERE id = ${id}`;
    expect((await staff.call(door, "gallery.completeUpload", { uploadId: id })).status).toBe(409);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${id} AND state = 'processing'`).toHaveLength(1);
    expect(await srv.running.storage.size(`incoming/${id}`)).not.toBeNull();
  });

  it("removes .part files a dead write left, not those of a write still going", async () => {
    const dir = path.join(srv.testDb.dataDir, "files", "incoming");
    await mkdir(dir, { recursive: true });
    const dead = path.join(dir, "dead.0b7c6b7e-0000-4000-8000-000000000000.part");
    const live = path.join(dir, "live.0b7c6b7e-0000-4000-8000-000000000001.part");
    await writeFile(dead, "half a photo");
    await writeFile(live, "a photo arriving");
    const old = new Date(Date.now() - 21 * 60_000);
    await utimes(dead, old, old);
    const swept = await sweepGalleryUploads(srv.running.db.sql, srv.running.storage);
    expect(swept.partials).toBe(1);
    await expect(stat(dead)).rejects.toThrow();
    expect((await stat(live)).isFile()).toBe(true);
    expect((await readdir(dir)).filter((f) => f.endsWith(".part"))).toEqual([path.basename(live)]);
  });

  it("leaves no .part file behind a PUT cut off mid-way", async () => {
    const bytes = await imageOf("png", 1200, 900);
    const ticket = await staff.call(door, "gallery.upload", { fileName: "cut.png", size: bytes.length });
    const url = new URL(ticket.body.uploadURL as string);
    const net = await import("node:net");
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        socket.write(
          `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${bytes.length}\r\n\r\n`,
        );
        socket.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on("close", () => resolve());
      socket.on("error", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    const files = await readdir(path.join(srv.testDb.dataDir, "files"), { recursive: true });
    // (The "live" one is the previous test's, standing for a write still going.)
    expect(files.filter((f) => f.endsWith(".part") && !path.basename(f).startsWith("live."))).toEqual([]);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${ticket.body.uploadId} AND state = 'ready'`).toHaveLength(0);
  });
});
