import { type GalleryImage, TITLE_AND_ALT_REQUIRED_MESSAGE, UPLOAD_FIRST_MESSAGE } from "@crawlguard/validators";
import { describe, expect, it } from "vitest";
import {
  altTextAfterChoosing,
  altTextFromFileName,
  altTextIsFileName,
  isCameraFileName,
  categoryOptions,
  galleryFormOf,
  newGalleryForm,
  updateInputOf,
  validateGalleryForm,
} from "./gallery-form";

const upload = {
  uploadId: "0b8e5c1e-8a4e-4d55-9b53-3c1f3f0f9d10",
  imageUrl: "/media/gallery/0b8e5c1e-8a4e-4d55-9b53-3c1f3f0f9d10/2.webp",
  name: "crawl-space.jpg",
  size: 123_456,
  type: "image/jpeg",
  width: 1600,
  height: 1200,
  renditions: [],
};

describe("altTextFromFileName", () => {
  it("drops the extension", () => {
    expect(altTextFromFileName("Crawl space after.jpg")).toBe("Crawl space after");
    expect(altTextFromFileName("IMG_2041.HEIC.png")).toBe("IMG 2041.HEIC");
  });

  it("turns dashes and underscores into spaces and drops any folder", () => {
    expect(altTextFromFileName("C:\\photos\\sump-pump__install.webp")).toBe("sump pump install");
    expect(altTextFromFileName("/tmp/french-drain.jpeg")).toBe("french drain");
  });

  it("keeps a name without extension, or one that starts with a dot", () => {
    expect(altTextFromFileName("basement")).toBe("basement");
    expect(altTextFromFileName(".hidden")).toBe(".hidden");
  });
});

describe("altTextAfterChoosing", () => {
  it("fills empty (or blank) alt text from the file name, and leaves typed text alone", () => {
    expect(altTextAfterChoosing("", "wet-basement.png")).toBe("wet basement");
    expect(altTextAfterChoosing("   ", "wet-basement.png")).toBe("wet basement");
    expect(altTextAfterChoosing("Dry basement with sump pit", "wet-basement.png")).toBe("Dry basement with sump pit");
  });
});

describe("camera-style file names", () => {
  it("never become the alt text: the field stays empty so the required rule asks for a description", () => {
    for (const name of [
      "IMG_2041.jpg",
      "IMG_2041.HEIC.png",
      "img-2041 (1).jpeg",
      "DSC01234.JPG",
      "DSCN0042.jpg",
      "PXL_20250301_101500123.jpg",
      "PXL_20250301_101500123.MP.jpg",
      "MVIMG_20190512_101010.jpg",
      "GOPR0001.JPG",
      "DJI_0042.jpg",
      "Screenshot 2025-03-01 at 10.15.00.png",
      "WhatsApp Image 2025-03-01 at 10.15.00.jpeg",
      "20250301_101500.jpg",
      "1234567.png",
      "3f2a9c1e7b4d.webp",
    ]) {
      expect(isCameraFileName(name), name).toBe(true);
      expect(altTextAfterChoosing("", name), name).toBe("");
    }
  });
  it("keeps the product's default for descriptive names", () => {
    for (const [name, alt] of [
      ["white-vapor-barrier.jpg", "white vapor barrier"],
      ["rot.jpg", "rot"],
      ["Photo of sump pit.png", "Photo of sump pit"],
      ["imgur-style-dehumidifier.webp", "imgur style dehumidifier"],
      ["pier-2.jpg", "pier 2"],
    ] as const) {
      expect(isCameraFileName(name), name).toBe(false);
      expect(altTextAfterChoosing("", name)).toBe(alt);
    }
  });
  it("knows when the alt text is still the file name", () => {
    expect(altTextIsFileName("white vapor barrier", "white-vapor-barrier.jpg")).toBe(true);
    expect(altTextIsFileName(" Rot ", "rot.jpg")).toBe(true);
    expect(altTextIsFileName("Rotted sill plate under the porch", "rot.jpg")).toBe(false);
    expect(altTextIsFileName("", "rot.jpg")).toBe(false);
    expect(altTextIsFileName("rot", null)).toBe(false);
  });
});

describe("validateGalleryForm", () => {
  const filled = { ...newGalleryForm(), title: " Encapsulated crawl space ", altText: "White liner", isPublished: true };

  it("asks for an upload first", () => {
    expect(validateGalleryForm(filled, { kind: "none" })).toEqual({ ok: false, errors: { image: UPLOAD_FIRST_MESSAGE } });
    // A chosen file whose upload has not finished is not an image yet.
    expect(validateGalleryForm(filled, { kind: "pending" })).toEqual({ ok: false, errors: { image: UPLOAD_FIRST_MESSAGE } });
  });

  it("needs a title and alt text, blank ones too", () => {
    const result = validateGalleryForm({ ...filled, title: "  ", altText: "" }, { kind: "uploaded", upload });
    expect(result).toEqual({ ok: false, errors: { title: TITLE_AND_ALT_REQUIRED_MESSAGE, altText: TITLE_AND_ALT_REQUIRED_MESSAGE } });
  });

  it("checks the display order", () => {
    const result = validateGalleryForm({ ...filled, displayOrder: "-1" }, { kind: "uploaded", upload });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual(["displayOrder"]);
  });

  it("builds the create body from the finished upload", () => {
    const result = validateGalleryForm(filled, { kind: "uploaded", upload });
    expect(result).toEqual({
      ok: true,
      input: {
        title: " Encapsulated crawl space ",
        description: "",
        altText: "White liner",
        category: "general",
        isPublished: true,
        displayOrder: "0",
        seoKeywords: "",
        imageUrl: upload.imageUrl,
        fileName: "crawl-space.jpg",
        fileSize: "123456",
        mimeType: "image/jpeg",
      },
    });
  });

  it("keeps the image's own photo when editing", () => {
    const result = validateGalleryForm(filled, { kind: "existing" }, "/media/gallery/old/2.webp");
    expect(result.ok && result.input.imageUrl).toBe("/media/gallery/old/2.webp");
  });
});

describe("updateInputOf", () => {
  const result = validateGalleryForm({ ...newGalleryForm(), title: "T", altText: "A" }, { kind: "uploaded", upload });
  if (!result.ok) throw new Error("expected a valid form");

  it("sends the photo only when it was replaced", () => {
    expect(updateInputOf(result.input, false)).not.toHaveProperty("imageUrl");
    expect(updateInputOf(result.input, true)).toMatchObject({ imageUrl: upload.imageUrl, fileName: "crawl-space.jpg" });
    expect(updateInputOf(result.input, true)).not.toHaveProperty("fileSize");
  });
});

describe("galleryFormOf", () => {
  it("fills the form from an image; an unknown category falls back to general", () => {
    const image = {
      title: "Sump pit",
      altText: "New sump pit",
      description: null,
      seoKeywords: "sump pump, asheville",
      category: "legacy",
      displayOrder: "3",
      isPublished: true,
    } as GalleryImage;
    expect(galleryFormOf(image)).toEqual({
      title: "Sump pit",
      category: "general",
      altText: "New sump pit",
      description: "",
      seoKeywords: "sump pump, asheville",
      displayOrder: "3",
      isPublished: true,
    });
  });

  it("offers the six admin categories", () => {
    expect(categoryOptions.map((option) => option.label)).toEqual([
      "General",
      "Crawl Space",
      "Waterproofing",
      "Encapsulation",
      "Basement",
      "Before & After",
    ]);
  });
});
