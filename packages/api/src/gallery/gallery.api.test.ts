import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEIC_HEAD, imageOf, NOT_IMAGES, pngBomb, pngOfSize, pngWithGps, sidewaysJpeg } from "@crawlguard/testing/images";
import { uploadThrough } from "@crawlguard/testing/gallery";
import { ApiClient, doors, newAccount, startTestServer, type TestServer, registerInvited } from "@crawlguard/testing/harness";

const MAX = 10_485_760;

async function fetchBytes(srv: TestServer, url: string) {
  const res = await fetch(new URL(url, srv.url));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe.each(doors)("gallery through the %s door", (door) => {
  let srv: TestServer;
  let admin: ApiClient;
  let staff: ApiClient;

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call(door, "auth.register", newAccount("admin"));
    staff = new ApiClient(srv.url);
    expect((await registerInvited(admin, staff, door, newAccount("gallery"))).status).toBe(200);
  });
  afterAll(() => srv.stop());

  async function addImage(fields: Record<string, unknown> = {}, bytes?: Buffer) {
    const { done } = await uploadThrough(staff, door, bytes ?? (await imageOf("jpeg")));
    expect(done?.status).toBe(200);
    const res = await staff.call(door, "gallery.create", {
      title: "Encapsulated crawl space",
      altText: "White liner",
      imageUrl: done!.body.imageUrl,
      ...fields,
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  it("answers 401 to every staff call when logged out, and shows only published images publicly", async () => {
    const anon = new ApiClient(srv.url);
    const id = randomUUID();
    for (const [name, input] of [
      ["gallery.list", undefined],
      ["gallery.upload", { size: 100 }],
      ["gallery.completeUpload", { uploadId: id }],
      ["gallery.create", { title: "t", altText: "a", imageUrl: "/media/x" }],
      ["gallery.update", { id, title: "t" }],
      ["gallery.delete", { id }],
      ["gallery.reorder", { ids: [id] }],
    ] as const) {
      const res = await anon.call(door, name, input);
      expect(res.status, name).toBe(401);
    }
    expect((await anon.call(door, "gallery.published")).status).toBe(200);
  });

  it("takes a photo from upload to the public gallery, stripped of its GPS position", async () => {
    const original = await pngWithGps();
    // The test photo really carries a GPS block (EXIF tag 0x8825, little-endian) and a camera name.
    const exif = (await sharp(original).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(exif.includes(Buffer.from("PhoneMaker"))).toBe(true);
    const { ticket, put, done } = await uploadThrough(staff, door, original, "back-porch.png");
    expect(ticket.body.method).toBe("PUT");
    expect(ticket.body.maxBytes).toBe(MAX);
    expect(Date.parse(ticket.body.expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(put.status).toBe(200);
    expect(done!.status).toBe(200);
    expect(done!.body).toMatchObject({ name: "back-porch.png", size: original.length, type: "image/png", width: 800, height: 600 });
    // Never upscaled: 480 and the photo's own 800, not 960 or 1600.
    expect(done!.body.renditions.map((r: { width: number }) => r.width)).toEqual([480, 800]);

    for (const rendition of done!.body.renditions as { url: string; width: number; height: number }[]) {
      const { res, bytes } = await fetchBytes(srv, rendition.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toContain("immutable");
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([rendition.width, rendition.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from("Exif"))).toBe(false);
      expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }

    const created = await staff.call(door, "gallery.create", {
      title: "  Back porch crawl space  ",
      altText: "  Sealed vents  ",
      imageUrl: done!.body.imageUrl,
      category: "encapsulation",
      description: "A dry space",
      seoKeywords: "crawl space, asheville",
      displayOrder: 2,
      // What the body claims about the file and uploader is not what gets recorded.
      fileSize: "1",
      mimeType: "text/html",
      uploadedBy: randomUUID(),
    });
    expect(created.status).toBe(200);
    const me = await staff.call(door, "auth.me");
    expect(created.body).toMatchObject({
      title: "Back porch crawl space",
      altText: "Sealed vents",
      category: "encapsulation",
      isPublished: false,
      displayOrder: "2",
      fileName: "back-porch.png",
      fileSize: String(original.length),
      mimeType: "image/png",
      uploadedBy: me.body.id,
      width: 800,
      height: 600,
    });

    const anon = new ApiClient(srv.url);
    const draftIds = (await anon.call(door, "gallery.published")).body.map((i: { id: string }) => i.id);
    expect(draftIds).not.toContain(created.body.id);

    const published = await staff.call(door, "gallery.update", { id: created.body.id, isPublished: true });
    expect(published.body.isPublished).toBe(true);
    const shown = (await anon.call(door, "gallery.published")).body as Record<string, unknown>[];
    const entry = shown.find((i) => i.id === created.body.id);
    expect(entry).toMatchObject({ title: "Back porch crawl space", category: "encapsulation", width: 800, height: 600 });
    // The public shape carries no staff or file details.
    expect(Object.keys(entry!).sort()).toEqual([
      "altText",
      "category",
      "description",
      "height",
      "id",
      "imageUrl",
      "renditions",
      "title",
      "width",
    ]);

    await staff.call(door, "gallery.update", { id: created.body.id, isPublished: false });
    expect((await anon.call(door, "gallery.published")).body.map((i: { id: string }) => i.id)).not.toContain(created.body.id);
  });

  it("applies a phone photo's orientation", async () => {
    const { done } = await uploadThrough(staff, door, await sidewaysJpeg(), "sideways.jpg");
    expect(done!.status).toBe(200);
    expect(done!.body).toMatchObject({ width: 200, height: 400, type: "image/jpeg" });
    const { bytes } = await fetchBytes(srv, done!.body.imageUrl);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
  });

  it.each(["jpeg", "png", "webp", "avif", "gif"] as const)("accepts %s by its bytes, whatever the file is called", async (format) => {
    const { done } = await uploadThrough(staff, door, await imageOf(format, 1000, 500), "named-wrongly.txt");
    expect(done!.status).toBe(200);
    expect(done!.body.type).toBe(format === "jpeg" ? "image/jpeg" : `image/${format}`);
    expect(done!.body.renditions.map((r: { width: number }) => r.width)).toEqual([480, 960, 1000]);
  });

  it.each(Object.keys(NOT_IMAGES))("refuses %s at the PUT with a clear 415 naming the accepted types, and keeps nothing", async (kind) => {
    const { ticket, put, done } = await uploadThrough(staff, door, NOT_IMAGES[kind]!, "photo.jpg");
    expect(put.status).toBe(415);
    expect(put.body).toEqual({ message: "Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.", code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(done).toBeNull();
    const again = await staff.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId });
    expect(again.status).toBe(404);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${ticket.body.uploadId}`).toHaveLength(0);
    expect(await srv.running.storage.size(`incoming/${ticket.body.uploadId}`)).toBeNull();
  });

  it("refuses a large non-image after its first bytes, without reading the rest", async () => {
    const size = 8 * 1024 * 1024;
    const ticket = await staff.call(door, "gallery.upload", { fileName: "movie.jpg", size });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // A PDF's head, then as much as the server reads.
        const chunk =
          sent === 0 ? Buffer.concat([NOT_IMAGES.pdf!, Buffer.alloc(64 * 1024 - NOT_IMAGES.pdf!.length)]) : new Uint8Array(64 * 1024);
        sent += chunk.length;
        if (sent >= size) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(ticket.body.uploadURL, { method: "PUT", body, duplex: "half" });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { message: string }).message).toMatch(/^Only JPEG, PNG, WebP, AVIF and GIF/);
    expect(sent).toBeLessThan(size);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${ticket.body.uploadId}`).toHaveLength(0);
  });

  it("tells how to send a HEIC photo instead, at the PUT", async () => {
    const { put, done } = await uploadThrough(staff, door, HEIC_HEAD, "IMG_0001.HEIC");
    expect(put.status).toBe(415);
    expect(put.body?.message).toMatch(/HEIC.*Most Compatible.*JPEG/);
    expect(done).toBeNull();
  });

  it("refuses a decompression bomb before decoding it", async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(MAX);
    const { done } = await uploadThrough(staff, door, bomb, "bomb.png");
    expect(done!.status).toBe(400);
    expect(done!.body.message).toMatch(/too many pixels/);
  });

  it("refuses a damaged image", async () => {
    const jpeg = await imageOf("jpeg", 800, 600);
    const { done } = await uploadThrough(staff, door, jpeg.subarray(0, 400), "cut.jpg");
    expect(done!.status).toBe(400);
    expect(done!.body.message).toMatch(/damaged or incomplete/);
  });

  it("takes a file of exactly 10,485,760 bytes and refuses one byte more while it streams", async () => {
    const atLimit = await pngOfSize(MAX);
    const ok = await uploadThrough(staff, door, atLimit, "big.png");
    expect(ok.put.status).toBe(200);
    expect(ok.done!.status).toBe(200);
    expect(ok.done!.body.size).toBe(MAX);

    // A link for 10 MB that is sent more: refused while it streams.
    const over = await uploadThrough(staff, door, await pngOfSize(MAX + 1), "bigger.png", MAX);
    expect(over.put.status).toBe(413);
    expect(over.put.body?.message).toMatch(/larger than 10 MB/);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${over.ticket.body.uploadId}`).toHaveLength(0);

    // Without a declared length (chunked), the count while streaming refuses it all the same.
    const ticket = await staff.call(door, "gallery.upload", { size: MAX });
    const head = await imageOf("png", 64, 64);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(head);
        for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(ticket.body.uploadURL, { method: "PUT", body, duplex: "half" });
    expect(chunked.status).toBe(413);
    expect(await srv.running.db.sql`SELECT 1 FROM gallery_uploads WHERE id = ${ticket.body.uploadId}`).toHaveLength(0);

    expect((await staff.call(door, "gallery.upload", { size: MAX + 1 })).status).toBe(413);
  });

  it("uses an upload link once, and only before it expires", async () => {
    const bytes = await imageOf("png", 100, 100);
    const { ticket, put } = await uploadThrough(staff, door, bytes);
    expect(put.status).toBe(200);
    const second = await fetch(ticket.body.uploadURL, { method: "PUT", body: bytes });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toMatch(/already been used/);

    const stale = await staff.call(door, "gallery.upload", { size: bytes.length });
    await srv.running.db.sql`UPDATE gallery_uploads SET link_expires_at = now() - interval '1 second' WHERE id = ${stale.body.uploadId}`;
    const late = await fetch(stale.body.uploadURL, { method: "PUT", body: bytes });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { message: string }).message).toMatch(/expired/);

    const guessed = await fetch(new URL(`/uploads/${"A".repeat(43)}`, srv.url), { method: "PUT", body: bytes });
    expect(guessed.status).toBe(404);
  });

  it("finishes only the caller's own uploads, once, and says when nothing was sent", async () => {
    const jpeg = await imageOf("jpeg", 100, 100);
    const ticket = await staff.call(door, "gallery.upload", { size: jpeg.length });
    const early = await staff.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/No file has been received/);

    await fetch(ticket.body.uploadURL, { method: "PUT", body: jpeg });
    const other = new ApiClient(srv.url);
    await registerInvited(admin, other, door, newAccount("other"));
    expect((await other.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId })).status).toBe(404);
    const done = await staff.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId });
    expect(done.status).toBe(200);
    const again = await staff.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId });
    expect(again.body.imageUrl).toBe(done.body.imageUrl);
  });

  it("requires title and alt text, an uploaded image of ours, and known categories", async () => {
    const { done } = await uploadThrough(staff, door, await imageOf("jpeg", 100, 100));
    const base = { title: "T", altText: "A", imageUrl: done!.body.imageUrl };
    for (const [input, message] of [
      [{ ...base, title: "   " }, "Title and alt text are required"],
      [{ ...base, altText: "" }, "Title and alt text are required"],
      [{ altText: "A", imageUrl: base.imageUrl }, "Title and alt text are required"],
      [{ title: "T", altText: "A" }, "Please upload an image first"],
      [{ ...base, imageUrl: "https://evil.example/x.jpg" }, "imageUrl must be the uploadURL of an upload"],
      [{ ...base, category: "drainage" }, "Category must be one of"],
      [{ ...base, displayOrder: "-1" }, "Display order must be a whole number"],
      [{ ...base, title: "x".repeat(256) }, "at most 255"],
      [{ ...base, seoKeywords: "x".repeat(501) }, "at most 500"],
    ] as const) {
      const res = await staff.call(door, "gallery.create", input);
      expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const first = await staff.call(door, "gallery.create", base);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ category: "general", displayOrder: "0", isPublished: false });
    // One upload, one image.
    const reused = await staff.call(door, "gallery.create", base);
    expect(reused.status).toBe(400);
  });

  it("replaces a photo, deletes an image with its files, and answers 404 for unknown ids", async () => {
    const image = await addImage();
    const oldFile = image.renditions[0].url as string;
    expect((await fetchBytes(srv, oldFile)).res.status).toBe(200);
    const { done } = await uploadThrough(staff, door, await imageOf("png", 300, 200), "new.png");
    const replaced = await staff.call(door, "gallery.update", { id: image.id, imageUrl: done!.body.imageUrl });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ imageUrl: done!.body.imageUrl, fileName: "new.png", mimeType: "image/png", width: 300 });
    expect((await fetchBytes(srv, oldFile)).res.status).toBe(404);

    const deleted = await staff.call(door, "gallery.delete", { id: image.id });
    expect(deleted.status).toBe(200);
    expect((await fetchBytes(srv, done!.body.imageUrl)).res.status).toBe(404);
    expect((await staff.call(door, "gallery.delete", { id: image.id })).status).toBe(404);
    expect((await staff.call(door, "gallery.update", { id: image.id, title: "x" })).status).toBe(404);
  });

  it("orders by display order as a number, then newest, and reorders", async () => {
    const a = await addImage({ title: "A", displayOrder: "10", isPublished: true });
    const b = await addImage({ title: "B", displayOrder: "2", isPublished: true });
    const c = await addImage({ title: "C", displayOrder: "2", isPublished: true });
    const ids = async () =>
      ((await staff.call(door, "gallery.list")).body as { id: string }[]).map((i) => i.id).filter((id) => [a.id, b.id, c.id].includes(id));
    expect(await ids()).toEqual([c.id, b.id, a.id]);
    const reordered = await staff.call(door, "gallery.reorder", { ids: [a.id, b.id, c.id] });
    expect(reordered.status).toBe(200);
    expect(await ids()).toEqual([a.id, b.id, c.id]);
    const publicIds = ((await new ApiClient(srv.url).call(door, "gallery.published")).body as { id: string }[]).map((i) => i.id);
    expect(publicIds.filter((id) => [a.id, b.id, c.id].includes(id))).toEqual([a.id, b.id, c.id]);
    expect((await staff.call(door, "gallery.reorder", { ids: [a.id, randomUUID()] })).status).toBe(404);
    expect((await staff.call(door, "gallery.reorder", { ids: [a.id, a.id] })).status).toBe(400);
  });

  it("does not serve raw uploads or anything outside the gallery", async () => {
    const ticket = await staff.call(door, "gallery.upload", { size: NOT_IMAGES.html!.length });
    await fetch(ticket.body.uploadURL, { method: "PUT", body: NOT_IMAGES.html! });
    for (const path of [
      `/media/incoming/${ticket.body.uploadId}`,
      "/media/../package.json",
      "/media/gallery/x/0.webp",
      "/media/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const res = await fetch(new URL(path, srv.url));
      expect(res.status, path).toBe(404);
    }
  });
});
