import { describe, expect, it } from "vitest";
import { intrinsicSize, largestRendition, srcSetOf } from "./image-srcset";

const renditions = [
  { url: "/media/gallery/a/0.webp", width: 480, height: 320 },
  { url: "/media/gallery/a/1.webp", width: 960, height: 640 },
  { url: "/media/gallery/a/2.webp", width: 1600, height: 1067 },
];

describe("srcSetOf", () => {
  it("lists every rendition with its width, narrowest first", () => {
    expect(srcSetOf(renditions)).toBe("/media/gallery/a/0.webp 480w, /media/gallery/a/1.webp 960w, /media/gallery/a/2.webp 1600w");
  });

  it("sorts, drops repeated widths and empty URLs", () => {
    const [small, medium, large] = renditions;
    expect(srcSetOf([large!, small!, { ...small!, url: "/other.webp" }, { url: "", width: 700, height: 1 }, medium!])).toBe(
      "/media/gallery/a/0.webp 480w, /media/gallery/a/1.webp 960w, /media/gallery/a/2.webp 1600w",
    );
  });

  it("escapes spaces and commas, which would split a candidate", () => {
    expect(srcSetOf([{ url: "https://cdn.example/a b,c.webp?x=1", width: 480, height: 320 }])).toBe(
      "https://cdn.example/a%20b%2Cc.webp?x=1 480w",
    );
  });

  it("is undefined without renditions", () => {
    expect(srcSetOf([])).toBeUndefined();
  });
});

describe("largestRendition", () => {
  it("is the widest, whatever the order", () => {
    expect(largestRendition([...renditions].reverse())?.width).toBe(1600);
    expect(largestRendition([])).toBeUndefined();
  });
});

describe("intrinsicSize", () => {
  it("is the image's own size when known, else the largest rendition's", () => {
    expect(intrinsicSize({ width: 4000, height: 3000, renditions })).toEqual({ width: 4000, height: 3000 });
    expect(intrinsicSize({ width: null, height: null, renditions })).toEqual({ width: 1600, height: 1067 });
    expect(intrinsicSize({ width: null, height: null, renditions: [] })).toBeUndefined();
  });
});
