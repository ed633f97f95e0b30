import type { SystemConfig } from "@chakra-ui/react/styled-system";

/**
 * The public gallery's project tiles, styled by class names in the global CSS that the build
 * inlines in index.html (theme/global-css.ts) rather than by Chakra style props: /gallery shows
 * the ten built-in projects plus every published photo, and resolving a dozen style props for each
 * of seventy tiles was most of the page's start-up work on a phone (ADR 004: the Lighthouse score).
 */
export const GALLERY_TILE = {
  tile: "cg-gallery-tile",
  media: "cg-gallery-tile__media",
  badge: "cg-gallery-tile__badge",
  body: "cg-gallery-tile__body",
  category: "cg-gallery-tile__category",
  title: "cg-gallery-tile__title",
} as const;

export const galleryTileCss: NonNullable<SystemConfig["globalCss"]> = {
  [`.${GALLERY_TILE.tile}`]: {
    display: "block",
    width: "full",
    textAlign: "start",
    bg: "white",
    rounded: "xl",
    overflow: "hidden",
    borderWidth: "1px",
    shadow: "sm",
    cursor: "zoom-in",
    transition: "box-shadow 0.2s, transform 0.2s",
    "&:hover": { shadow: "lg", transform: "translateY(-2px)" },
    "&:focus-visible": { outline: "3px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" },
  },
  [`.${GALLERY_TILE.media}`]: { position: "relative", display: "block" },
  // Every tile 3:2 (the built-in projects' shape), whatever the photo's own.
  [`.${GALLERY_TILE.media} > img`]: {
    display: "block",
    width: "full",
    height: "auto",
    aspectRatio: "3 / 2",
    objectFit: "cover",
    bg: "brand.50",
  },
  [`.${GALLERY_TILE.badge}`]: {
    position: "absolute",
    top: "3",
    right: "3",
    display: "flex",
    bg: "blackAlpha.600",
    color: "white",
    rounded: "full",
    p: "2",
  },
  [`.${GALLERY_TILE.body}`]: { display: "flex", flexDirection: "column", gap: "1", p: "5" },
  [`.${GALLERY_TILE.category}`]: {
    fontSize: "xs",
    lineHeight: "1rem",
    fontWeight: "bold",
    textTransform: "uppercase",
    letterSpacing: "wider",
    color: "accent.700",
  },
  [`.${GALLERY_TILE.title}`]: { fontWeight: "bold", fontSize: "lg", color: "brand.950" },
};
