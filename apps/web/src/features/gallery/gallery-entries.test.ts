import { adminGalleryCategories } from "@crawlguard/content";
import type { PublicGalleryImage } from "@crawlguard/validators";
import { galleryItems } from "@crawlguard/content";
import { describe, expect, it } from "vitest";
import { filterEntries, galleryEntries, publicFilterOf, publishedEntry } from "./gallery-entries";

function photo(overrides: Partial<PublicGalleryImage> = {}): PublicGalleryImage {
  return {
    id: "7d4f4f0e-7d5f-4d9a-9a43-0f4d2b1f1a11",
    title: "Sealed crawl space in Weaverville",
    description: "20-mil liner and a dehumidifier.",
    altText: "White liner over a crawl space floor",
    imageUrl: "/media/gallery/x/2.webp",
    category: "encapsulation",
    width: 2400,
    height: 1600,
    renditions: [
      { url: "/media/gallery/x/0.webp", width: 480, height: 320 },
      { url: "/media/gallery/x/1.webp", width: 960, height: 640 },
      { url: "/media/gallery/x/2.webp", width: 1600, height: 1067 },
    ],
    ...overrides,
  };
}

describe("publicFilterOf (admin category → public filter)", () => {
  it("maps crawl space work to Crawl Space and basement work to Basement", () => {
    expect(publicFilterOf("crawl-space")).toBe("crawl-space");
    expect(publicFilterOf("encapsulation")).toBe("crawl-space");
    expect(publicFilterOf("basement")).toBe("basement");
    expect(publicFilterOf("waterproofing")).toBe("basement");
  });

  it("leaves general, before-after and unknown categories to All Projects only", () => {
    expect(publicFilterOf("general")).toBeNull();
    expect(publicFilterOf("before-after")).toBeNull();
    expect(publicFilterOf("something-new")).toBeNull();
  });

  it("decides for every admin category", () => {
    const mapped = Object.fromEntries(adminGalleryCategories.map((category) => [category, publicFilterOf(category)]));
    expect(mapped).toEqual({
      general: null,
      "crawl-space": "crawl-space",
      waterproofing: "basement",
      encapsulation: "crawl-space",
      basement: "basement",
      "before-after": null,
    });
  });
});

describe("publishedEntry", () => {
  it("carries the renditions as a srcset, the image's size and the largest rendition for the modal", () => {
    const entry = publishedEntry(photo());
    expect(entry.srcSet).toBe("/media/gallery/x/0.webp 480w, /media/gallery/x/1.webp 960w, /media/gallery/x/2.webp 1600w");
    expect(entry).toMatchObject({ src: "/media/gallery/x/2.webp", width: 2400, height: 1600, alt: "White liner over a crawl space floor" });
    expect(entry.large).toEqual({ src: "/media/gallery/x/2.webp", width: 1600, height: 1067 });
    expect(entry.categoryLabel).toBe("Encapsulation");
    expect(entry.filter).toBe("crawl-space");
  });

  it("copes with a photo without a description or known size", () => {
    const entry = publishedEntry(photo({ description: null, width: null, height: null }));
    expect(entry.description).toBe("");
    expect([entry.width, entry.height]).toEqual([1600, 1067]);
  });
});

describe("galleryEntries and filterEntries", () => {
  const published = [
    photo(),
    photo({ id: "b", category: "general", title: "Team at work" }),
    photo({ id: "c", category: "waterproofing" }),
  ];
  const entries = galleryEntries(published);

  it("shows the ten built-in projects, then the published photos in the server's order", () => {
    expect(entries).toHaveLength(galleryItems.length + 3);
    expect(entries.slice(0, galleryItems.length).map((e) => e.title)).toEqual(galleryItems.map((item) => item.title));
    expect(entries.slice(galleryItems.length).map((e) => e.key)).toEqual([
      "photo-7d4f4f0e-7d5f-4d9a-9a43-0f4d2b1f1a11",
      "photo-b",
      "photo-c",
    ]);
  });

  it("filters by the mapped category; general photos only under All Projects", () => {
    expect(filterEntries(entries, "all")).toHaveLength(entries.length);
    const crawl = filterEntries(entries, "crawl-space");
    expect(crawl.map((e) => e.key)).toContain("photo-7d4f4f0e-7d5f-4d9a-9a43-0f4d2b1f1a11");
    expect(crawl.map((e) => e.key)).not.toContain("photo-b");
    expect(filterEntries(entries, "basement").map((e) => e.key)).toContain("photo-c");
    expect(filterEntries(entries, "foundation").some((e) => e.key.startsWith("photo-"))).toBe(false);
  });
});
