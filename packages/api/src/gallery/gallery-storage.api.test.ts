import { sweepGalleryUploads } from "@crawlguard/api";
import { startLocalS3, type LocalS3 } from "@crawlguard/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { HEIC_HEAD, imageOf, pngOfSize } from "@crawlguard/testing/images";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";

const MAX = 10_485_760;
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.stop());

describe.each(["filesystem", "s3"] as const)("gallery files in %s storage", (kind) => {
  let srv: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer(kind === "s3" ? s3.env : {});
    staff = new ApiClient(srv.url);
    await staff.call("rest", "auth.register", newAccount("storage"));
  });
  afterAll(() => srv.stop());

  const incoming = (uploadId: string) => srv.running.storage.size(`incoming/${uploadId}`);

  it(`hands out ${kind === "s3" ? "a presigned bucket URL" : "this server's upload route"} and publishes from it`, async () => {
    expect(srv.running.storage.kind).toBe(kind);
    const { ticket, put, done } = await uploadThrough(staff, "rest", await imageOf("jpeg", 1200, 900), "porch.jpg");
    if (kind === "s3")
      expect(ticket.body.uploadURL).toMatch(new RegExp(`^${s3.env.S3_ENDPOINT}/crawlguard-test/incoming/.+X-Amz-Signature=`));
    else expect(ticket.body.uploadURL).toMatch(new RegExp(`^${srv.url}/uploads/[\\w-]{43}$`));
    expect(put.status).toBe(200);
    expect(done!.status).toBe(200);
    expect(done!.body.renditions.map((r: { width: number }) => r.width)).toEqual([480, 960, 1200]);
    // The raw upload is gone once processed; the renditions are served by this server.
    expect(await incoming(ticket.body.uploadId)).toBeNull();
    const res = await fetch(new URL(done!.body.imageUrl, srv.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("applies the size and type rules to the bytes, deleting a bad object", async () => {
    // A link declared for 10 MB takes no byte more: S3 refuses the signed Content-Length, the server counts.
    const big = await uploadThrough(staff, "rest", await pngOfSize(MAX + 1), "big.png", MAX);
    expect(big.put.status).toBe(kind === "s3" ? 403 : 413);
    expect(big.done).toBeNull();
    expect(await incoming(big.ticket.body.uploadId)).toBeNull();

    // This server reads the first bytes of what it receives (415 at once); S3 takes them, and finishing refuses them.
    const heic = await uploadThrough(staff, "rest", HEIC_HEAD, "IMG_1.HEIC");
    if (kind === "s3") expect(heic.done!.status).toBe(415);
    else expect([heic.put.status, heic.done]).toEqual([415, null]);
    expect(await incoming(heic.ticket.body.uploadId)).toBeNull();
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${heic.ticket.body.uploadId}`).toHaveLength(0);
  });

  it("sweeps uploads no image used after a day, and deleted images' files, but keeps images in use", async () => {
    const sql = srv.running.db.sql;
    const unused = await uploadThrough(staff, "rest", await imageOf("png", 600, 400));
    const used = await uploadThrough(staff, "rest", await imageOf("png", 600, 400));
    const image = await staff.call("rest", "gallery.create", { title: "Kept", altText: "Kept", imageUrl: used.done!.body.imageUrl });
    expect(image.status).toBe(200);
    const neverSent = await staff.call("rest", "gallery.upload", { size: 1000 });
    await sql`UPDATE gallery_uploads SET created_at = now() - interval '25 hours', link_expires_at = now() - interval '24 hours'`;

    // An upload older than 23 hours can no longer be attached (the sweep may be removing it).
    const late = await staff.call("rest", "gallery.create", { title: "Late", altText: "Late", imageUrl: unused.done!.body.imageUrl });
    expect(late.status).toBe(400);

    const swept = await sweepGalleryUploads(sql, srv.running.storage);
    expect(swept.removed).toBeGreaterThanOrEqual(2);
    const left = await sql<{ id: string }[]>`SELECT id FROM gallery_uploads`;
    expect(left.map((r) => r.id)).toContain(used.ticket.body.uploadId);
    expect(left.map((r) => r.id)).not.toContain(unused.ticket.body.uploadId);
    expect(left.map((r) => r.id)).not.toContain(neverSent.body.uploadId);
    expect((await fetch(new URL(unused.done!.body.imageUrl, srv.url))).status).toBe(404);
    expect((await fetch(new URL(image.body.imageUrl, srv.url))).status).toBe(200);
    // Sweeping again finds nothing more: every step is idempotent.
    expect((await sweepGalleryUploads(sql, srv.running.storage)).removed).toBe(0);
  });
});
