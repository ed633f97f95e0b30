import { startLocalS3, type LocalS3 } from "@crawlguard/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageOf } from "@crawlguard/testing/images";
import { ApiClient, doors, newAccount, registerInvited, startTestServer, type TestServer } from "@crawlguard/testing/harness";

/*
 * The product's documented gallery upload flow (docs/product.md "The calls it makes", ADR 023),
 * literally. POST /api/admin/gallery/upload answers an uploadURL (and the upload result fields
 * name, size and type), the file is PUT there, and POST /api/admin/gallery (or PATCH)
 * takes that uploadURL as `imageUrl`: the server finishes the upload then and keeps the final image
 * URL. No /complete step in between.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.stop());

const withoutQuery = (url: string) => url.split("?")[0]!;

describe.each(doors.flatMap((door) => (["filesystem", "s3"] as const).map((storage) => [door, storage] as const)))(
  "the product's documented gallery upload flow through %s with %s storage",
  (door, storage) => {
    let srv: TestServer;
    let staff: ApiClient;
    let other: ApiClient;

    beforeAll(async () => {
      srv = await startTestServer(storage === "s3" ? s3.env : {});
      const admin = new ApiClient(srv.url);
      expect((await admin.call(door, "auth.register", newAccount("admin"))).status).toBe(200);
      staff = new ApiClient(srv.url);
      expect((await registerInvited(admin, staff, door, newAccount("photos"))).status).toBe(200);
      other = new ApiClient(srv.url);
      expect((await registerInvited(admin, other, door, newAccount("other"))).status).toBe(200);
    });
    afterAll(() => srv.stop());

    /** POST /upload, then PUT the bytes to the uploadURL: the documented two steps before saving. */
    async function sendPhoto(client: ApiClient, bytes: Buffer, fileName = "porch.jpg") {
      const ticket = await client.call(door, "gallery.upload", { fileName, size: bytes.length, contentType: "image/jpeg" });
      expect(ticket.status).toBe(200);
      const put = await fetch(ticket.body.uploadURL, { method: "PUT", body: bytes, headers: ticket.body.headers });
      expect(put.status).toBe(200);
      return ticket.body as { uploadId: string; uploadURL: string };
    }

    it("answers the documented upload result fields with the upload link", async () => {
      const res = await staff.call(door, "gallery.upload", { fileName: " porch.jpg ", size: 1234, contentType: "image/jpeg" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "porch.jpg", size: 1234, type: "image/jpeg", method: "PUT" });
      expect(res.body.uploadURL).toMatch(/^https?:\/\//);
      const bare = await staff.call(door, "gallery.upload", { size: 10 });
      expect(bare.body).toMatchObject({ name: null, size: 10, type: null });
    });

    it.each([
      ["no body", undefined],
      ["an empty JSON body", {}],
    ])("starts an upload with %s: this server's upload link, the PUT, then the photo saved from the uploadURL", async (_how, body) => {
      const ticket = await staff.call(door, "gallery.upload", body);
      expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
      expect(ticket.body).toMatchObject({ method: "PUT", headers: {}, name: null, size: null, type: null, maxBytes: 10_485_760 });
      expect(new URL(ticket.body.uploadURL).pathname).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}$/);
      const bytes = await imageOf("jpeg", 640, 480);
      const put = await fetch(ticket.body.uploadURL, { method: "PUT", body: bytes });
      expect(put.status).toBe(200);
      // Kept in the configured storage: with S3 the server forwarded the bytes to the bucket.
      expect(srv.running.storage.kind).toBe(storage);
      expect(await srv.running.storage.size(`incoming/${ticket.body.uploadId}`)).toBe(bytes.length);
      const created = await staff.call(door, "gallery.create", { title: "Deck", altText: "Deck", imageUrl: ticket.body.uploadURL });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({ fileSize: String(bytes.length), mimeType: "image/jpeg", width: 640, height: 480 });
      expect(created.body.imageUrl).toMatch(/gallery\/[0-9a-f-]{36}\/\d\.webp$/);
    });

    it.each([
      ["as answered", (url: string) => url],
      ["without its query string", withoutQuery],
      ["with another query string", (url: string) => `${withoutQuery(url)}?utm=x`],
    ])("adds an image from the uploadURL %s, finishing the upload then", async (_how, form) => {
      const bytes = await imageOf("jpeg", 1000, 600);
      const ticket = await sendPhoto(staff, bytes);
      const created = await staff.call(door, "gallery.create", {
        title: "Porch",
        altText: "Sealed porch",
        imageUrl: form(ticket.uploadURL),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body).toMatchObject({
        fileName: "porch.jpg",
        fileSize: String(bytes.length),
        mimeType: "image/jpeg",
        width: 1000,
        height: 600,
      });
      // The final image URL is kept, never the upload link.
      expect(created.body.imageUrl).not.toContain("/uploads/");
      expect(created.body.imageUrl).not.toContain("incoming/");
      expect(created.body.imageUrl).toMatch(/gallery\/[0-9a-f-]{36}\/\d\.webp$/);
      expect(created.body.renditions.map((r: { width: number }) => r.width)).toEqual([480, 960, 1000]);
      const served = await fetch(new URL(created.body.imageUrl, srv.url));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(await srv.running.storage.size(`incoming/${ticket.uploadId}`)).toBeNull();
      // /complete afterwards answers the same finished upload.
      const done = await staff.call(door, "gallery.completeUpload", { uploadId: ticket.uploadId });
      expect(done.body.imageUrl).toBe(created.body.imageUrl);
    });

    it("replaces a photo with PATCH and an uploadURL, removing the old one", async () => {
      const first = await sendPhoto(staff, await imageOf("png", 300, 200), "first.png");
      const image = await staff.call(door, "gallery.create", { title: "Before", altText: "Before", imageUrl: first.uploadURL });
      expect(image.status).toBe(200);
      const second = await sendPhoto(staff, await imageOf("jpeg", 500, 400), "second.jpg");
      const patched = await staff.call(door, "gallery.update", { id: image.body.id, imageUrl: withoutQuery(second.uploadURL) });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body).toMatchObject({ fileName: "second.jpg", mimeType: "image/jpeg", width: 500, height: 400 });
      expect(patched.body.imageUrl).not.toBe(image.body.imageUrl);
      expect((await fetch(new URL(image.body.imageUrl, srv.url))).status).toBe(404);
      // The same uploadURL again is no change.
      const again = await staff.call(door, "gallery.update", { id: image.body.id, imageUrl: second.uploadURL, title: "After" });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ imageUrl: patched.body.imageUrl, title: "After" });
    });

    it("says what is missing when the file was not sent yet, and takes it once it is", async () => {
      const bytes = await imageOf("jpeg", 200, 200);
      const ticket = await staff.call(door, "gallery.upload", { fileName: "late.jpg", size: bytes.length });
      const early = await staff.call(door, "gallery.create", { title: "Late", altText: "Late", imageUrl: ticket.body.uploadURL });
      expect(early.status).toBe(400);
      expect(early.body.message).toBe("No file has been received for this upload yet: send it with PUT to its uploadURL first.");
      expect((await fetch(ticket.body.uploadURL, { method: "PUT", body: bytes, headers: ticket.body.headers })).status).toBe(200);
      const later = await staff.call(door, "gallery.create", { title: "Late", altText: "Late", imageUrl: ticket.body.uploadURL });
      expect(later.status).toBe(200);
    });

    it("attaches only the caller's own upload, once", async () => {
      const ticket = await sendPhoto(other, await imageOf("jpeg", 200, 200));
      const stolen = await staff.call(door, "gallery.create", { title: "Mine", altText: "Mine", imageUrl: ticket.uploadURL });
      expect(stolen.status).toBe(403);
      expect(stolen.body.message).toBe("imageUrl is another user's upload: attach only a photo you uploaded yourself");
      // Refusing it finished nothing: its owner still can.
      const [row] = await srv.running.db.sql<{ state: string }[]>`SELECT state FROM gallery_uploads WHERE id = ${ticket.uploadId}`;
      // (With S3 the bucket took the bytes; this server has not looked at them yet.)
      expect(row?.state).toBe(storage === "s3" ? "pending" : "received");
      const own = await other.call(door, "gallery.create", { title: "Theirs", altText: "Theirs", imageUrl: ticket.uploadURL });
      expect(own.status).toBe(200);
      const twice = await other.call(door, "gallery.create", { title: "Again", altText: "Again", imageUrl: ticket.uploadURL });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toMatch(/^imageUrl must be the uploadURL of an upload .* not used by another image$/);
    });

    it("refuses a link that is not one of this server's upload links", async () => {
      const ticket = await sendPhoto(staff, await imageOf("jpeg", 200, 200));
      const url = new URL(ticket.uploadURL);
      const forged = storage === "s3" ? `https://evil.example${url.pathname}` : `${url.origin}/uploads/${"A".repeat(43)}`;
      for (const imageUrl of [forged, `https://evil.example${url.pathname}${url.search}`]) {
        const res = await staff.call(door, "gallery.create", { title: "T", altText: "A", imageUrl });
        expect(res.status, imageUrl).toBe(400);
        expect(res.body.message, imageUrl).toContain("imageUrl must be the uploadURL of an upload");
      }
      // Untouched by the refusals: the real link still works.
      expect((await staff.call(door, "gallery.create", { title: "T", altText: "A", imageUrl: ticket.uploadURL })).status).toBe(200);
    });
  },
);
