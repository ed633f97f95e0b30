import { expect } from "vitest";
import type { ApiClient, Door } from "./harness.js";

/**
 * Starts an upload (declaring `size`, by default the bytes' own length), PUTs the bytes to its
 * link and finishes it; answers every step's response.
 */
export async function uploadThrough(client: ApiClient, door: Door, bytes: Buffer, fileName = "photo.jpg", size = bytes.length) {
  const ticket = await client.call(door, "gallery.upload", { fileName, size });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.uploadURL, {
    method: "PUT",
    body: bytes,
    headers: { "content-type": "application/octet-stream", ...ticket.body.headers },
  });
  const putBody = await put.json().catch(() => null);
  const done = put.ok ? await client.call(door, "gallery.completeUpload", { uploadId: ticket.body.uploadId }) : null;
  return { ticket, put: { status: put.status, body: putBody as { message?: string } | null }, done };
}
