export const galleryCategories = ["crawl-space", "basement", "foundation", "drainage"] as const;

export type GalleryCategory = (typeof galleryCategories)[number];

export type GalleryFilterValue = "all" | GalleryCategory;

export interface GalleryFilter {
  value: GalleryFilterValue;
  label: string;
}

export interface GalleryItem {
  id: number;
  /** Path under the web app's public folder */
  src: string;
  alt: string;
  title: string;
  description: string;
  category: GalleryCategory;
  width: number;
  height: number;
}

export const galleryFilters: readonly GalleryFilter[] = [
  { value: "all", label: "All Projects" },
  { value: "crawl-space", label: "Crawl Space" },
  { value: "basement", label: "Basement" },
  { value: "foundation", label: "Foundation" },
  { value: "drainage", label: "Drainage" },
];

const WIDTH = 1200;
const HEIGHT = 800;

export const galleryItems: readonly GalleryItem[] = [
  {
    id: 1,
    src: "/images/gallery/crawl-space-encapsulation.svg",
    alt: "Encapsulated crawl space with a bright white vapor barrier over the floor, walls and piers",
    title: "Full Crawl Space Encapsulation",
    description:
      "A damp, vented crawl space in West Asheville sealed with a 20-mil reinforced vapor barrier, taped seams and wrapped piers.",
    category: "crawl-space",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 2,
    src: "/images/gallery/crawl-space-dehumidifier.svg",
    alt: "Crawl space dehumidifier sitting on a white vapor barrier with its condensate line running to a drain",
    title: "Crawl Space Dehumidifier",
    description: "An Energy Star dehumidifier set to hold 45-55% relative humidity, draining itself through a condensate line.",
    category: "crawl-space",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 3,
    src: "/images/gallery/vent-and-rim-joist-sealing.svg",
    alt: "Foundation vent sealed with an insulated cover and rim joists air-sealed with foam",
    title: "Vent & Rim Joist Sealing",
    description: "Foundation vents closed with insulated covers and rim joists air-sealed so humid summer air stays outside.",
    category: "crawl-space",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 4,
    src: "/images/gallery/dry-finished-basement.svg",
    alt: "Dry finished basement with a perimeter drain hidden along the wall and a sump pit in the corner",
    title: "Dry Finished Basement",
    description: "An interior perimeter drain and sump system in Arden that turned a wet basement into a dry family room.",
    category: "basement",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 5,
    src: "/images/gallery/sump-pump-battery-backup.svg",
    alt: "Cutaway of a sump pit with a submersible pump, check valve and a battery backup beside it",
    title: "Sump Pump with Battery Backup",
    description: "A sealed sump basin, submersible pump and battery backup that keeps running through storm outages.",
    category: "basement",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 6,
    src: "/images/gallery/basement-wall-membrane.svg",
    alt: "Basement block wall covered with a dimpled drainage membrane above an interior drain channel",
    title: "Basement Wall Membrane",
    description: "A dimpled wall membrane guides seepage from the block wall down into the interior drain instead of across the floor.",
    category: "basement",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 7,
    src: "/images/gallery/foundation-crack-repair.svg",
    alt: "Poured concrete foundation wall with a repaired diagonal crack and injection ports",
    title: "Foundation Crack Repair",
    description: "A leaking diagonal crack in a poured foundation wall sealed from the inside with injection ports.",
    category: "foundation",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 8,
    src: "/images/gallery/exterior-foundation-waterproofing.svg",
    alt: "Excavated foundation wall with a waterproof membrane and footing drain before backfill",
    title: "Exterior Foundation Waterproofing",
    description: "Excavation on the uphill side of a Black Mountain home: waterproof membrane, drainage board and a new footing drain.",
    category: "foundation",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 9,
    src: "/images/gallery/french-drain-trench.svg",
    alt: "French drain trench lined with filter fabric, with washed stone around a perforated pipe",
    title: "French Drain Installation",
    description: "A sloped trench with filter fabric, washed stone and perforated pipe intercepting hillside runoff in Weaverville.",
    category: "drainage",
    width: WIDTH,
    height: HEIGHT,
  },
  {
    id: 10,
    src: "/images/gallery/downspout-drainage.svg",
    alt: "Downspout connected to an underground solid pipe that carries roof water to a pop-up emitter in the lawn",
    title: "Downspout & Yard Drainage",
    description: "Downspouts tied into buried solid pipe and released at a pop-up emitter well downhill of the foundation.",
    category: "drainage",
    width: WIDTH,
    height: HEIGHT,
  },
];

export function filterGalleryItems(filter: GalleryFilterValue): readonly GalleryItem[] {
  if (filter === "all") return galleryItems;
  return galleryItems.filter((item) => item.category === filter);
}

/** The categories staff can give an uploaded gallery image (docs/product.md "Entities and their fields"); `general` is the default. */
export const adminGalleryCategories = ["general", "crawl-space", "waterproofing", "encapsulation", "basement", "before-after"] as const;

export type AdminGalleryCategory = (typeof adminGalleryCategories)[number];

export const defaultAdminGalleryCategory: AdminGalleryCategory = "general";

export const adminGalleryCategoryLabels: Record<AdminGalleryCategory, string> = {
  general: "General",
  "crawl-space": "Crawl Space",
  waterproofing: "Waterproofing",
  encapsulation: "Encapsulation",
  basement: "Basement",
  "before-after": "Before & After",
};

/** The label of a stored admin category; an unknown one comes back as it is. */
export function adminGalleryCategoryLabel(value: string): string {
  return (adminGalleryCategoryLabels as Record<string, string | undefined>)[value] ?? value;
}
