import { sweepGalleryUploads } from "@crawlguard/api";
import { startLocalS3, type LocalS3 } from "@crawlguard/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { imageOf } from "@crawlguard/testing/images";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type Door, type TestServer } from "@crawlguard/testing/harness";

/*
 * Resource limits (ADR 016), upload links: per-user caps on open uploads and on their declared bytes (429),
 * links that take exactly the declared size (S3 signs the Content-Length), and the sweeper that
 * removes unfinished uploads minutes after their link expires, in batches until none is left.
 */

const MAX = 10_485_760;

async function staffOn(srv: TestServer, admin: ApiClient, door: Door): Promise<ApiClient> {
  const client = new ApiClient(srv.url);
  const res = await registerInvited(admin, client, door, newAccount("uploader"));
  expect(res.status).toBe(200);
  return client;
}

describe.each(doors)("upload caps through %s", (door) => {
  let srv: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    // The first account on an empty database is the admin who invites the others.
    expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("takes the file's size from 1 byte to 10 MB, or none (then this server's upload link)", async () => {
    const staff = await staffOn(srv, admin, door);
    const unsized = await staff.call(door, "gallery.upload", { fileName: "a.jpg" });
    expect(unsized.status, JSON.stringify(unsized.body)).toBe(200);
    expect(unsized.body).toMatchObject({ name: "a.jpg", size: null, maxBytes: MAX });
    expect(new URL(unsized.body.uploadURL).pathname).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}$/);
    const empty = await staff.call(door, "gallery.upload", { size: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("size: The file is empty");
    expect((await staff.call(door, "gallery.upload", { size: 1.5 })).status).toBe(400);
    const big = await staff.call(door, "gallery.upload", { size: MAX + 1 });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/larger than 10 MB/);
    expect((await staff.call(door, "gallery.upload", { size: MAX })).status).toBe(200);
  });

  it("allows 20 open uploads per user, then answers 429 with why and when, until one is finished or swept", async () => {
    const staff = await staffOn(srv, admin, door);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await staff.call(door, "gallery.upload", { size: 1000 });
      expect(res.status, `upload ${i + 1}`).toBe(200);
      ids.push(res.body.uploadId as string);
    }
    const refused = await staff.call(door, "gallery.upload", { size: 1000 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "You have 20 unfinished uploads. Finish them, or wait a few minutes for their links to expire, before starting another.",
    );
    // The earliest link expires in 15 minutes; the sweep removes it within the next three.
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(18 * 60 + 5);
    // Nothing was stored for the refused request.
    const rows = await srv.running.db.sql`SELECT id FROM gallery_uploads WHERE user_id = (
      SELECT user_id FROM gallery_uploads WHERE id = ${ids[0]!})`;
    expect(rows).toHaveLength(20);

    // The cap is the user's own: someone else still uploads.
    const other = await staffOn(srv, admin, door);
    expect((await other.call(door, "gallery.upload", { size: 1000 })).status).toBe(200);

    // A finished upload no longer counts: with one slot free, uploading and finishing leaves it free.
    await srv.running.db.sql`DELETE FROM gallery_uploads WHERE id = ${ids[0]!}`;
    const { put, done } = await uploadThrough(staff, door, await imageOf("png", 64, 64));
    expect(put.status).toBe(200);
    expect(done!.status).toBe(200);
    expect((await staff.call(door, "gallery.upload", { size: 1000 })).status).toBe(200);
    expect((await staff.call(door, "gallery.upload", { size: 1000 })).status).toBe(429);

    // Links that expired are swept minutes later, and then no longer count either.
    await srv.running.db
      .sql`UPDATE gallery_uploads SET link_expires_at = now() - interval '3 minutes' WHERE id IN ${srv.running.db.sql(ids.slice(1, 6))}`;
    const swept = await sweepGalleryUploads(srv.running.db.sql, srv.running.storage);
    expect(swept.expired).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 5; i++) expect((await staff.call(door, "gallery.upload", { size: 1000 })).status).toBe(200);
    expect((await staff.call(door, "gallery.upload", { size: 1000 })).status).toBe(429);
  });

  it("counts an upload without a size as the largest file against the 100 MB in flight", async () => {
    const staff = await staffOn(srv, admin, door);
    for (let i = 0; i < 10; i++) {
      const res = await staff.call(door, "gallery.upload");
      expect(res.status, `upload ${i + 1}`).toBe(200);
    }
    const refused = await staff.call(door, "gallery.upload");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "Your unfinished uploads would add up to more than 100 MB (104,857,600 bytes). Finish them, or wait a few minutes for their links to expire, before starting another.",
    );
  });

  it("caps the declared bytes of a user's open uploads at 100 MB", async () => {
    const staff = await staffOn(srv, admin, door);
    for (let i = 0; i < 10; i++) expect((await staff.call(door, "gallery.upload", { size: MAX })).status).toBe(200);
    const refused = await staff.call(door, "gallery.upload", { size: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Your unfinished uploads would add up to more than 100 MB \(104,857,600 bytes\)/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts concurrent requests: a burst gets no more than the cap", async () => {
    const staff = await staffOn(srv, admin, door);
    const answers = await Promise.all(Array.from({ length: 30 }, () => staff.call(door, "gallery.upload", { size: 500 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3("crawlguard-limits");
});
afterAll(() => s3.stop());

describe.each(["filesystem", "s3"] as const)("upload links and the sweeper in %s storage", (kind) => {
  let srv: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer(kind === "s3" ? s3.env : {});
    staff = new ApiClient(srv.url);
    expect((await staff.call("rest", "auth.register", newAccount("sweep"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  const incoming = (uploadId: string) => srv.running.storage.size(`incoming/${uploadId}`);
  const rowOf = async (uploadId: string) =>
    (await srv.running.db.sql<{ state: string }[]>`SELECT state FROM gallery_uploads WHERE id = ${uploadId}`)[0];
  const link = async (size: number) => {
    const ticket = await staff.call("rest", "gallery.upload", { size });
    expect(ticket.status).toBe(200);
    return ticket.body as { uploadId: string; uploadURL: string; headers: Record<string, string> };
  };
  const put = (ticket: { uploadURL: string; headers: Record<string, string> }, body: Buffer) =>
    fetch(ticket.uploadURL, { method: "PUT", body, headers: { "content-type": "application/octet-stream", ...ticket.headers } });

  it("takes exactly the declared number of bytes", async () => {
    const image = await imageOf("png", 120, 80);
    if (kind === "s3") {
      const ticket = await link(image.length);
      const signed = new URL(ticket.uploadURL).searchParams.get("X-Amz-SignedHeaders")?.split(";");
      expect(signed).toContain("content-length");
      for (const body of [Buffer.concat([image, Buffer.alloc(1)]), image.subarray(1), Buffer.alloc(MAX)]) {
        expect((await put(ticket, body)).status).toBe(403);
        expect(await incoming(ticket.uploadId)).toBeNull();
      }
      expect((await put(ticket, image)).status).toBe(200);
      expect((await staff.call("rest", "gallery.completeUpload", { uploadId: ticket.uploadId })).status).toBe(200);
    } else {
      const longer = await link(image.length);
      const tooLong = await put(longer, Buffer.concat([image, Buffer.alloc(1)]));
      expect(tooLong.status).toBe(400);
      expect(((await tooLong.json()) as { message: string }).message).toBe(
        "The file sent is not the size declared when its upload started. Please start the upload again.",
      );
      expect(await rowOf(longer.uploadId)).toBeUndefined();

      const shorter = await link(image.length);
      expect((await put(shorter, image.subarray(1))).status).toBe(400);
      expect(await incoming(shorter.uploadId)).toBeNull();

      // Without a Content-Length (chunked), the count stops it one byte past the declared size.
      const chunked = await link(1000);
      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(1000));
          controller.close();
        },
      });
      const streamed = await fetch(chunked.uploadURL, { method: "PUT", body, duplex: "half" });
      expect(streamed.status).toBe(413);
      expect(await incoming(chunked.uploadId)).toBeNull();
      expect(await rowOf(chunked.uploadId)).toBeUndefined();

      const exact = await link(image.length);
      expect((await put(exact, image)).status).toBe(200);
      expect((await staff.call("rest", "gallery.completeUpload", { uploadId: exact.uploadId })).status).toBe(200);
    }
  });

  it("without a declared size takes up to 10 MB through this server, counted as they arrive, into the storage", async () => {
    const unsized = async () => {
      const ticket = await staff.call("rest", "gallery.upload");
      expect(ticket.status).toBe(200);
      expect(new URL(ticket.body.uploadURL).pathname).toMatch(/^\/uploads\//);
      return ticket.body as { uploadId: string; uploadURL: string; headers: Record<string, string> };
    };
    const image = await imageOf("png", 120, 80);
    // 11 MB that start as an image, sent without a Content-Length: refused once the count passes 10 MB.
    const chunked = await unsized();
    const eleven = 11 * 1024 * 1024;
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent >= eleven) return controller.close();
        controller.enqueue(sent === 0 ? new Uint8Array(Buffer.concat([image, Buffer.alloc(chunk.length - image.length)])) : chunk);
        sent += chunk.length;
      },
    });
    const streamed = await fetch(chunked.uploadURL, { method: "PUT", body, duplex: "half" });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toMatch(/larger than 10 MB/);
    expect(await incoming(chunked.uploadId)).toBeNull();
    expect(await rowOf(chunked.uploadId)).toBeUndefined();
    // A Content-Length over 10 MB is refused before the body is read.
    const declared = await unsized();
    const big = await fetch(declared.uploadURL, { method: "PUT", body: Buffer.alloc(MAX + 1) });
    expect(big.status).toBe(413);
    expect(await rowOf(declared.uploadId)).toBeUndefined();
    // A photo of any size up to the limit is kept in the configured storage (with S3: in the bucket).
    const ok = await unsized();
    const put200 = await put(ok, image);
    expect(put200.status).toBe(200);
    expect(await put200.json()).toEqual({ uploadId: ok.uploadId, size: image.length });
    expect(srv.running.storage.kind).toBe(kind);
    expect(await incoming(ok.uploadId)).toBe(image.length);
    const done = await staff.call("rest", "gallery.completeUpload", { uploadId: ok.uploadId });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ size: image.length, type: "image/png", width: 120, height: 80 });
  });

  it("refuses to finish an upload whose stored bytes are not the declared size", async () => {
    const ticket = await link(5000);
    // Bytes that reached the storage some other way (an S3-compatible server that ignores the signed length).
    await srv.running.storage.put(`incoming/${ticket.uploadId}`, await imageOf("png", 50, 50), "application/octet-stream");
    const done = await staff.call("rest", "gallery.completeUpload", { uploadId: ticket.uploadId });
    expect(done.status).toBe(400);
    expect(done.body.message).toBe("The file sent is not the size declared when its upload started. Please start the upload again.");
    expect(await incoming(ticket.uploadId)).toBeNull();
    expect(await rowOf(ticket.uploadId)).toBeUndefined();
  });

  it("removes the raw bytes of unfinished uploads minutes after their link expires, and keeps the rest", async () => {
    const sql = srv.running.db.sql;
    const image = await imageOf("jpeg", 100, 100);
    const sent = await link(image.length);
    expect((await put(sent, image)).status).toBe(200);
    expect(await incoming(sent.uploadId)).toBe(image.length);
    const neverSent = await link(1000);
    const justExpired = await link(image.length);
    expect((await put(justExpired, image)).status).toBe(200);
    const fresh = await link(image.length);
    expect((await put(fresh, image)).status).toBe(200);
    const stuck = await link(1000);
    const claimed = await link(1000);

    await sql`UPDATE gallery_uploads SET link_expires_at = now() - interval '3 minutes' WHERE id IN ${sql([sent.uploadId, neverSent.uploadId])}`;
    // Within the grace after expiry (a completion may be on its way), it stays.
    await sql`UPDATE gallery_uploads SET link_expires_at = now() - interval '30 seconds' WHERE id = ${justExpired.uploadId}`;
    await sql`UPDATE gallery_uploads SET state = 'processing', updated_at = now() - interval '31 minutes' WHERE id = ${stuck.uploadId}`;
    // Being finished right now (a completion claimed it just after its link expired): left alone.
    await sql`UPDATE gallery_uploads SET state = 'processing', updated_at = now(), link_expires_at = now() - interval '10 minutes'
              WHERE id = ${claimed.uploadId}`;

    const swept = await sweepGalleryUploads(sql, srv.running.storage);
    expect(swept.expired).toBe(3);
    for (const gone of [sent, neverSent, stuck]) {
      expect(await rowOf(gone.uploadId)).toBeUndefined();
      expect(await incoming(gone.uploadId)).toBeNull();
    }
    expect(await incoming(justExpired.uploadId)).toBe(image.length);
    expect(await incoming(fresh.uploadId)).toBe(image.length);
    // (With S3 the bucket took the bytes: the server learns of them when the upload is finished.)
    expect((await rowOf(fresh.uploadId))?.state).toBe(kind === "s3" ? "pending" : "received");
    expect((await rowOf(claimed.uploadId))?.state).toBe("processing");
    // A swept upload cannot be finished any more; the ones kept can.
    expect((await staff.call("rest", "gallery.completeUpload", { uploadId: sent.uploadId })).status).toBe(404);
    expect((await staff.call("rest", "gallery.completeUpload", { uploadId: justExpired.uploadId })).status).toBe(200);
    expect((await staff.call("rest", "gallery.completeUpload", { uploadId: fresh.uploadId })).status).toBe(200);
    expect(await sweepGalleryUploads(sql, srv.running.storage)).toMatchObject({ expired: 0, removed: 0 });
  });

  it("works through a backlog in batches until none is left", async () => {
    const sql = srv.running.db.sql;
    const [user] = await sql<{ id: string }[]>`SELECT id FROM users LIMIT 1`;
    const userId = user!.id;
    const ids = (
      await sql<{ id: string }[]>`
        INSERT INTO gallery_uploads (id, token_hash, user_id, state, link_expires_at, declared_size)
        SELECT gen_random_uuid(), md5(random()::text || n), ${userId}, 'received', now() - interval '1 hour', 1000
        FROM generate_series(1, 250) AS n
        RETURNING id`
    ).map((r) => r.id);
    for (const id of ids.slice(0, 5)) await srv.running.storage.put(`incoming/${id}`, Buffer.alloc(1000), "application/octet-stream");
    const swept = await sweepGalleryUploads(sql, srv.running.storage, 40);
    expect(swept.expired).toBe(250);
    expect(swept.removed).toBe(250);
    expect(await sql`SELECT 1 FROM gallery_uploads WHERE id IN ${sql(ids)}`).toHaveLength(0);
    for (const id of ids.slice(0, 5)) expect(await incoming(id)).toBeNull();
  });
});

describe("an upload swept while its bytes stream in (filesystem)", () => {
  let srv: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    staff = new ApiClient(srv.url);
    expect((await staff.call("rest", "auth.register", newAccount("slow"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  it("keeps nothing when the stream ends after the sweep discarded the upload", async () => {
    const sql = srv.running.db.sql;
    const ticket = (await staff.call("rest", "gallery.upload", { size: 2000 })).body as { uploadId: string; uploadURL: string };
    let push!: (chunk: Uint8Array | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
      },
    });
    const answer = fetch(ticket.uploadURL, { method: "PUT", body, duplex: "half" });
    push(new Uint8Array(1000));
    // The server has taken the link (receiving) and is writing the first half.
    for (let i = 0; i < 50; i++) {
      const [row] = await sql<{ state: string }[]>`SELECT state FROM gallery_uploads WHERE id = ${ticket.uploadId}`;
      if (row?.state === "receiving") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sql`UPDATE gallery_uploads SET link_expires_at = now() - interval '3 minutes' WHERE id = ${ticket.uploadId}`;
    expect((await sweepGalleryUploads(sql, srv.running.storage)).expired).toBe(1);
    push(new Uint8Array(1000));
    push(null);
    const res = await answer;
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
    expect(await srv.running.storage.size(`incoming/${ticket.uploadId}`)).toBeNull();
    expect(await sql`SELECT 1 FROM gallery_uploads WHERE id = ${ticket.uploadId}`).toHaveLength(0);
  });
});
