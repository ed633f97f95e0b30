// Paths are relative to the web app's public folder (apps/web/public), so they work as URLs as-is.

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export const brandImages = {
  logo: { src: "/images/logo.svg", width: 64, height: 64, alt: "CrawlGuard logo" },
  favicon: { src: "/images/favicon.svg", width: 32, height: 32, alt: "CrawlGuard" },
  hero: {
    src: "/images/hero.svg",
    width: 1600,
    height: 900,
    alt: "Cross-section of a hillside Asheville home with a dry, encapsulated crawl space beneath it",
  },
} as const satisfies Record<string, ImageAsset>;
