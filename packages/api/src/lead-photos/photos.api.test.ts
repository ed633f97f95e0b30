// Job photos through both doors: started like the gallery's uploads, checked and stripped of GPS,
// listed on the lead, served only to signed-in staff who may see the lead (Cache-Control: private),
// never by the public /media route, never attachable to the public gallery.
import sharp from "sharp";
import { sweepGalleryUploads } from "@crawlguard/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JULY_TUESDAY } from "@crawlguard/testing/business-dates";
import { NOT_IMAGES, pngWithGps } from "@crawlguard/testing/images";
import {
  ApiClient,
  doors,
  newAccount,
  newClient,
  registerInvited,
  startTestServer,
  type Door,
  type TestServer,
} from "@crawlguard/testing/harness";

/** Starts a job photo upload on `leadId`, PUTs the bytes and finishes it; answers each step. */
async function addPhoto(client: ApiClient, door: Door, leadId: string, bytes: Buffer, fileName = "crawl-space.png") {
  const ticket = await client.call(door, "leadPhotos.upload", { id: leadId, fileName, size: bytes.length });
  if (ticket.status !== 200) return { ticket, put: null, done: null };
  const put = await fetch(ticket.body.uploadURL as string, {
    method: "PUT",
    body: bytes,
    headers: ticket.body.headers as Record<string, string>,
  });
  const done = put.ok ? await client.call(door, "leadPhotos.complete", { id: leadId, uploadId: ticket.body.uploadId }) : null;
  return { ticket, put, done };
}

describe("job photos", () => {
  let srv: TestServer;
  let admin: ApiClient;
  let crew: ApiClient;
  let otherCrew: ApiClient;
  let mine = "";
  let others = "";

  const get = (client: ApiClient | null, url: string) =>
    fetch(url, { headers: client?.cookies.size ? { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {} });

  beforeAll(async () => {
    srv = await startTestServer();
    admin = new ApiClient(srv.url);
    await admin.call("trpc", "auth.register", newAccount("admin"));
    crew = new ApiClient(srv.url);
    const crewId = (await registerInvited(admin, crew, "rest", newAccount("crew"), { role: "crew" })).body.id as string;
    await crew.call("rest", "users.updateProfile", { id: crewId, displayName: "Sam Rivera" });
    otherCrew = new ApiClient(srv.url);
    expect((await registerInvited(admin, otherCrew, "rest", newAccount("crew"), { role: "crew" })).status).toBe(200);
    const book = async (assignedTo?: string) =>
      (
        await admin.call("rest", "appointments.book", {
          ...newClient(),
          appointmentDate: JULY_TUESDAY,
          appointmentTime: "10:00",
          ...(assignedTo ? { assignedTo } : {}),
          confirm: true,
        })
      ).body.lead.id as string;
    mine = await book(crewId);
    others = await book();
  });
  afterAll(() => srv?.stop());

  it.each(doors)("a photo from upload to the lead: metadata and GPS gone, listed, in the timeline (%s door)", async (door) => {
    const original = await pngWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const { ticket, put, done } = await addPhoto(crew, door, mine, original);
    expect(ticket.body).toMatchObject({ method: "PUT", maxBytes: 10_485_760, name: "crawl-space.png", size: original.length });
    expect(put?.status).toBe(200);
    expect(done?.status).toBe(200);
    const photo = done!.body;
    expect(photo).toMatchObject({
      id: ticket.body.uploadId,
      leadId: mine,
      width: 800,
      height: 600,
      name: "crawl-space.png",
      author: "Sam Rivera",
    });
    expect(photo.renditions.map((r: { width: number }) => r.width)).toEqual([480, 800]);
    expect(photo.url).toBe(`${srv.url}/lead-photos/${photo.id as string}/1.webp`);
    expect(photo.thumbnailUrl).toBe(`${srv.url}/lead-photos/${photo.id as string}/0.webp`);

    // Asking again answers the same photo and adds no second timeline entry.
    const again = await crew.call(door, "leadPhotos.complete", { id: mine, uploadId: photo.id });
    expect(again.body).toEqual(photo);
    const timeline = (await crew.call(door, "leads.timeline", { id: mine })).body as { kind: string; to: string; actorName: string }[];
    expect(timeline.filter((e) => e.kind === "photo" && e.to === photo.id)).toEqual([expect.objectContaining({ actorName: "Sam Rivera" })]);

    const list = await crew.call(door, "leadPhotos.list", { id: mine });
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual(photo);

    for (const url of [photo.url as string, photo.thumbnailUrl as string]) {
      const res = await get(crew, url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
      const served = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(served.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
  });

  it("is served to signed-in staff who may see the lead only: never to the public, another crew member or /media", async () => {
    const { done } = await addPhoto(admin, "rest", mine, await pngWithGps());
    const photo = done!.body as { id: string; url: string };
    expect((await get(admin, photo.url)).status).toBe(200);
    expect((await get(crew, photo.url)).status).toBe(200);
    const anon = await get(null, photo.url);
    expect(anon.status).toBe(401);
    expect(anon.headers.get("cache-control")).toBe("no-store");
    expect((await get(otherCrew, photo.url)).status).toBe(404);
    expect((await get(otherCrew, `${srv.url}/lead-photos/${photo.id}/7.webp`)).status).toBe(404);
    for (const path of [`/media/lead-photos/${photo.id}/1.webp`, `/media/gallery/${photo.id}/1.webp`]) {
      expect((await fetch(srv.url + path)).status, path).toBe(404);
    }
    // An API key (acting as its admin) may fetch it too.
    const made = await admin.call("rest", "apiKeys.create", { name: "photos", scope: "read" });
    const keyed = await fetch(photo.url, { headers: { authorization: `Bearer ${made.body.key as string}` } });
    expect(keyed.status).toBe(200);
    expect((await fetch(photo.url, { headers: { authorization: "Bearer cg_wrong" } })).status).toBe(401);
  });

  it.each(doors)("never reaches the public gallery (%s door)", async (door) => {
    const { ticket, done } = await addPhoto(admin, door, mine, await pngWithGps());
    const refusals = [];
    for (const imageUrl of [ticket.body.uploadURL as string, done!.body.url as string]) {
      const res = await admin.call(door, "gallery.create", { title: "Job", altText: "Job photo", imageUrl });
      refusals.push([res.status, res.body.message]);
    }
    const notOurs = [400, expect.stringMatching(/^imageUrl must be the uploadURL of an upload \(POST \/api\/admin\/gallery\/upload\)/)];
    expect(refusals).toEqual([notOurs, notOurs]);
    // Finishing a job photo's upload as a gallery upload does not find it.
    expect((await admin.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId })).status).toBe(404);
    const published = (await new ApiClient(srv.url).call(door, "gallery.published")).body as unknown[];
    expect(JSON.stringify(published)).not.toContain(ticket.body.uploadId as string);
  });

  it.each(doors)("a crew member adds and lists photos of their own leads only (%s door)", async (door) => {
    for (const [name, input] of [
      ["leadPhotos.upload", { id: others }],
      ["leadPhotos.list", { id: others }],
    ] as const) {
      const res = await crew.call(door, name, input);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe("Lead not found");
    }
    // Another person's upload on the lead is not theirs to finish.
    const started = await admin.call(door, "leadPhotos.upload", { id: mine });
    expect((await crew.call(door, "leadPhotos.complete", { id: mine, uploadId: started.body.uploadId })).status).toBe(404);
    expect((await new ApiClient(srv.url).call(door, "leadPhotos.list", { id: mine })).status).toBe(401);
  });

  it.each(doors)("refuses what is not an image, and an upload of another lead (%s door)", async (door) => {
    const { put } = await addPhoto(crew, door, mine, NOT_IMAGES.svg!, "notes.txt");
    expect(put?.status).toBe(415);
    const started = await crew.call(door, "leadPhotos.upload", { id: mine });
    expect((await admin.call(door, "leadPhotos.complete", { id: others, uploadId: started.body.uploadId })).status).toBe(404);
  });

  it("goes with its lead: the route forgets it at once, the sweep removes its files", async () => {
    const lead = (
      await admin.call("rest", "leads.create", {
        name: "Short Lived",
        email: "short@example.com",
        zipCode: "28801",
        service: "consultation",
      })
    ).body.id as string;
    const { done } = await addPhoto(admin, "rest", lead, await pngWithGps());
    const photo = done!.body as { id: string; url: string };
    expect((await get(admin, photo.url)).status).toBe(200);
    // A day-old photo of a living lead stays through the sweep.
    await srv.running.db.sql`UPDATE gallery_uploads SET created_at = now() - interval '2 days' WHERE id = ${photo.id}`;
    await sweepGalleryUploads(srv.running.db.sql, srv.running.storage);
    expect((await get(admin, photo.url)).status).toBe(200);
    expect((await admin.call("rest", "leads.delete", { id: lead })).status).toBe(200);
    expect((await get(admin, photo.url)).status).toBe(404);
    const swept = await sweepGalleryUploads(srv.running.db.sql, srv.running.storage);
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await srv.running.storage.size(`lead-photos/${photo.id}/0.webp`)).toBeNull();
  });
});
