import type { GalleryImage } from "@crawlguard/validators";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

function originHeaders(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error("Set use.baseURL in playwright.config.ts");
  return { Origin: new URL(baseURL).origin };
}

/**
 * A real photo-like image: a gradient with some noise (so it is not trivially small), encoded by
 * sharp as PNG or JPEG.
 */
export async function makeImage(format: "png" | "jpeg", width = 1200, height = 900): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const noise = (x * 7919 + y * 104729) % 23;
      pixels[i] = Math.round((x / width) * 200) + noise;
      pixels[i + 1] = Math.round((y / height) * 180) + noise;
      pixels[i + 2] = 120 + noise;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/**
 * Adds an image the way the dashboard does, through the REST door: an upload link, the bytes
 * PUT to it, the server's check, then the gallery record.
 */
export async function createGalleryImage(
  request: APIRequestContext,
  baseURL: string | undefined,
  input: { title: string; altText?: string; category?: string; isPublished?: boolean; description?: string },
): Promise<GalleryImage> {
  const headers = originHeaders(baseURL);
  const bytes = await makeImage("jpeg", 800, 600);
  const ticketResponse = await request.post("/api/admin/gallery/upload", {
    headers,
    data: { fileName: "fixture.jpg", size: bytes.length },
  });
  expect(ticketResponse.ok(), `upload link: ${ticketResponse.status()} ${await ticketResponse.text()}`).toBe(true);
  const ticket = (await ticketResponse.json()) as { uploadId: string; uploadURL: string; headers: Record<string, string> };
  const put = await request.put(ticket.uploadURL, { headers: { ...ticket.headers, "Content-Type": "image/jpeg" }, data: bytes });
  expect(put.ok(), `PUT upload: ${put.status()} ${await put.text()}`).toBe(true);
  const completed = await request.post(`/api/admin/gallery/upload/${ticket.uploadId}/complete`, { headers, data: {} });
  expect(completed.ok(), `complete upload: ${completed.status()} ${await completed.text()}`).toBe(true);
  const { imageUrl } = (await completed.json()) as { imageUrl: string };
  const created = await request.post("/api/admin/gallery", {
    headers,
    data: {
      title: input.title,
      altText: input.altText ?? `Alt of ${input.title}`,
      category: input.category ?? "general",
      isPublished: input.isPublished ?? false,
      description: input.description ?? null,
      imageUrl,
    },
  });
  expect(created.ok(), `create image: ${created.status()} ${await created.text()}`).toBe(true);
  return (await created.json()) as GalleryImage;
}

export async function listGalleryImages(request: APIRequestContext): Promise<GalleryImage[]> {
  const response = await request.get("/api/admin/gallery");
  expect(response.ok()).toBe(true);
  return (await response.json()) as GalleryImage[];
}

/** Deletes the images with these titles, if they are still there (a test's clean-up, pass or fail). */
export async function deleteGalleryImagesTitled(request: APIRequestContext, baseURL: string | undefined, titles: string[]): Promise<void> {
  const images = await listGalleryImages(request);
  for (const image of images.filter((i) => titles.includes(i.title))) {
    await request.delete(`/api/admin/gallery/${image.id}`, { headers: originHeaders(baseURL) });
  }
}

/** Opens the dashboard's Gallery tab. */
export async function openGalleryTab(page: Page): Promise<Locator> {
  await page.getByRole("tab", { name: "Gallery", exact: true }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("button", { name: "Add Image" })).toBeVisible();
  return panel;
}

/** A gallery card (an article named after the image's title). */
export function galleryCard(scope: Page | Locator, title: string): Locator {
  return scope.getByRole("article", { name: title, exact: true });
}

/** Picks a file through the dialog's picker button, as a person would. */
export async function chooseFile(page: Page, dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: /^Choose (image|another image|a new image)$/ }).click();
  await (await chooser).setFiles(file);
}

/**
 * Checks that the toast shows, then dismisses it: on a phone it sits over the bottom of the page
 * (and a pointer resting on it keeps it open), where the next control may be.
 */
export async function seeAndDismissToast(page: Page, title: string): Promise<void> {
  const shown = page.getByRole("status").filter({ hasText: title });
  await expect(shown).toBeVisible();
  await shown.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(shown).toBeHidden();
}
