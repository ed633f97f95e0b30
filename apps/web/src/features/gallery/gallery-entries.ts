import {
  adminGalleryCategoryLabel,
  type GalleryCategory,
  type GalleryFilterValue,
  galleryFilters,
  type GalleryItem,
  galleryItems,
} from "@crawlguard/content";
import type { PublicGalleryImage } from "@crawlguard/validators";
import { intrinsicSize, largestRendition, srcSetOf } from "../../lib/image-srcset";

/**
 * Where a staff photo's admin category lands among the public filters (All Projects, Crawl Space,
 * Basement, Foundation, Drainage). The admin categories are not the public ones (docs/product.md "Entities and their fields"):
 * crawl-space and encapsulation are crawl space work, basement and waterproofing basement work;
 * general and before-after (and anything unknown) fit no filter and show under All Projects only.
 */
export function publicFilterOf(adminCategory: string): GalleryCategory | null {
  switch (adminCategory) {
    case "crawl-space":
    case "encapsulation":
      return "crawl-space";
    case "basement":
    case "waterproofing":
      return "basement";
    default:
      return null;
  }
}

/** One tile of the public gallery: a built-in project or a published staff photo. */
export type GalleryEntry = {
  key: string;
  src: string;
  /** Width descriptors of the photo's renditions (staff photos only). */
  srcSet?: string | undefined;
  alt: string;
  title: string;
  description: string;
  /** The label above the title. */
  categoryLabel: string;
  /** The public filter it shows under besides All Projects; null: All Projects only. */
  filter: GalleryCategory | null;
  width: number;
  height: number;
  /** The modal's large image. */
  large: { src: string; width: number; height: number };
};

const filterLabel = (value: GalleryFilterValue) => galleryFilters.find((filter) => filter.value === value)?.label ?? value;

export function builtInEntry(item: GalleryItem): GalleryEntry {
  const size = { width: item.width, height: item.height };
  return {
    key: `project-${item.id}`,
    src: item.src,
    alt: item.alt,
    title: item.title,
    description: item.description,
    categoryLabel: filterLabel(item.category),
    filter: item.category,
    ...size,
    large: { src: item.src, ...size },
  };
}

/** Used when the server knows no size (never for a finished upload): a 3:2 box, like the built-in projects. */
const FALLBACK_SIZE = { width: 1200, height: 800 };

export function publishedEntry(image: PublicGalleryImage): GalleryEntry {
  const size = intrinsicSize(image) ?? FALLBACK_SIZE;
  const largest = largestRendition(image.renditions);
  return {
    key: `photo-${image.id}`,
    src: image.imageUrl || largest?.url || "",
    srcSet: srcSetOf(image.renditions),
    alt: image.altText,
    title: image.title,
    description: image.description ?? "",
    categoryLabel: adminGalleryCategoryLabel(image.category),
    filter: publicFilterOf(image.category),
    ...size,
    large: largest ? { src: largest.url, width: largest.width, height: largest.height } : { src: image.imageUrl, ...size },
  };
}

/** The ten built-in projects, then the published photos in the order the server gives (display order, then newest). */
export function galleryEntries(published: readonly PublicGalleryImage[]): GalleryEntry[] {
  return [...galleryItems.map(builtInEntry), ...published.map(publishedEntry)];
}

export function filterEntries(entries: readonly GalleryEntry[], filter: GalleryFilterValue): readonly GalleryEntry[] {
  if (filter === "all") return entries;
  return entries.filter((entry) => entry.filter === filter);
}

/**
 * The slot a tile fills: the grid has 1 column, 2 from 30em (sm), 3 from 62em (lg), inside a
 * container at most 80rem wide with 1.5rem gaps.
 */
export const GALLERY_TILE_SIZES = "(min-width: 80em) 400px, (min-width: 62em) 31vw, (min-width: 30em) 48vw, 100vw";
