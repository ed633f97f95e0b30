import type { PublicGalleryImage } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import { render } from "../../entry-server";
import type { PublicApi } from "../../lib/public-api";

const TEMPLATE = '<!DOCTYPE html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

const photo: PublicGalleryImage = {
  id: "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
  title: "Sealed crawl space in Weaverville",
  description: "A 20-mil liner, sealed vents and a dehumidifier.",
  altText: "White liner covering a crawl space floor and walls",
  imageUrl: "/media/gallery/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/2.webp",
  category: "encapsulation",
  width: 1600,
  height: 1200,
  renditions: [
    { url: "/media/gallery/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/0.webp", width: 480, height: 360 },
    { url: "/media/gallery/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/1.webp", width: 960, height: 720 },
    { url: "/media/gallery/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/2.webp", width: 1600, height: 1200 },
  ],
};

const renderGallery = (publicApi?: PublicApi) =>
  render({ url: "/gallery", template: TEMPLATE, publicUrl: "https://crawlguard.example", publicApi });

describe("/gallery rendered on the server", () => {
  it("holds the published photos, with srcset, sizes and their size", async () => {
    let calls = 0;
    const { status, html } = await renderGallery({
      gallery: {
        published: () => {
          calls += 1;
          return Promise.resolve([photo]);
        },
      },
    });
    expect(status).toBe(200);
    expect(calls).toBe(1);
    const img = /<img[^>]*alt="White liner covering a crawl space floor and walls"[^>]*>/.exec(html)?.[0] ?? "";
    expect(img).toContain('srcSet="/media/gallery/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/0.webp 480w');
    expect(img).toMatch(/sizes="[^"]+"/);
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="1200"');
    // Below the first row: loaded when scrolled near.
    expect(img).toContain('loading="lazy"');
    expect(html).toContain("Sealed crawl space in Weaverville");
  });

  it("renders the built-in projects when the server gives no API or it fails", async () => {
    const without = await renderGallery();
    expect(without.status).toBe(200);
    expect(without.html).toContain("Full Crawl Space Encapsulation");
    const failing = await renderGallery({ gallery: { published: () => Promise.reject(new Error("database down")) } });
    expect(failing.status).toBe(200);
    expect(failing.html).not.toContain("database down");
  });

  it("does not call the API for other pages", async () => {
    let calls = 0;
    await render({
      url: "/about",
      template: TEMPLATE,
      publicUrl: "https://crawlguard.example",
      publicApi: { gallery: { published: () => ((calls += 1), Promise.resolve([])) } },
    });
    expect(calls).toBe(0);
  });
});
