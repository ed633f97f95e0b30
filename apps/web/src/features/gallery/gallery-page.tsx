import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack } from "@chakra-ui/react/stack";
import { galleryBenefits, galleryFilters, type GalleryFilterValue } from "@crawlguard/content";
import type { PublicGalleryImage } from "@crawlguard/validators";
import { getRouteApi, Link } from "@tanstack/react-router";
import { DollarSign, Expand, House, ShieldCheck, Wind } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { PageMain } from "../../components/page-main";
import { CtaSection } from "../public/cta-section";
import { PageHero } from "../public/page-hero";
import { Section } from "../public/section";
import { filterEntries, GALLERY_TILE_SIZES, type GalleryEntry, galleryEntries } from "./gallery-entries";
import { GalleryModal } from "./gallery-modal";
import { GALLERY_TILE } from "./gallery-tile-css";
import { IconCardGrid } from "../public/icon-card-grid";
import { fetchPublishedImages } from "./published-images";

const BENEFIT_ICONS = [Wind, DollarSign, ShieldCheck, House] as const;
/** Projects per row on large screens. */
const FIRST_ROW = 3;

const galleryRoute = getRouteApi("/public/gallery");
const NONE: readonly PublicGalleryImage[] = [];

/**
 * The published staff photos: those the route loaded (on the server, for the page's HTML), or,
 * when the server rendered without them, fetched once the page runs in the browser.
 */
function usePublishedImages(): readonly PublicGalleryImage[] {
  const { published: loaded } = galleryRoute.useLoaderData();
  const [fetched, setFetched] = useState<PublicGalleryImage[] | null>(null);
  useEffect(() => {
    if (loaded !== null) return;
    const controller = new AbortController();
    void fetchPublishedImages(controller.signal).then((images) => {
      if (images) setFetched(images);
    });
    return () => controller.abort();
  }, [loaded]);
  return loaded ?? fetched ?? NONE;
}

/**
 * Gallery (docs/product.md "Screens and routes"): category filters, a lazy image grid and a modal for each project:
 * the ten built-in projects, then the photos staff published from the dashboard.
 */
export function GalleryPage() {
  const [filter, setFilter] = useState<GalleryFilterValue>("all");
  const [selected, setSelected] = useState<GalleryEntry | null>(null);
  const published = usePublishedImages();
  const entries = useMemo(() => galleryEntries(published), [published]);
  const items = filterEntries(entries, filter);

  return (
    <PageMain>
      <PageHero
        eyebrow="Our Work"
        title="Project Gallery"
        intro="Crawl space encapsulations, dry basements, foundation repairs and drainage systems we have built for homeowners across Western North Carolina."
      />
      <Box as="section" aria-label="Project gallery" py={{ base: "10", md: "16" }}>
        <Container maxW="7xl">
          <HStack role="group" aria-label="Filter projects by category" gap="2" flexWrap="wrap" justify="center" mb="10">
            {galleryFilters.map((option) => {
              const active = option.value === filter;
              return (
                <Button
                  key={option.value}
                  size="sm"
                  rounded="full"
                  px="5"
                  colorPalette="brand"
                  variant={active ? "solid" : "outline"}
                  aria-pressed={active}
                  onClick={() => setFilter(option.value)}
                >
                  {option.label}
                </Button>
              );
            })}
          </HStack>
          <SimpleGrid as="ul" aria-label="Projects" columns={{ base: 1, sm: 2, lg: 3 }} gap="6" listStyleType="none">
            {items.map((item, index) => (
              <li key={item.key}>
                <button type="button" className={GALLERY_TILE.tile} onClick={() => setSelected(item)} aria-haspopup="dialog">
                  <span className={GALLERY_TILE.media}>
                    <img
                      src={item.src}
                      srcSet={item.srcSet}
                      sizes={item.srcSet ? GALLERY_TILE_SIZES : undefined}
                      alt={item.alt}
                      width={item.width}
                      height={item.height}
                      // The first row is in view on arrival (the page's largest image): no lazy loading.
                      loading={index < FIRST_ROW ? "eager" : "lazy"}
                      fetchPriority={index === 0 ? "high" : undefined}
                      decoding="async"
                    />
                    <span className={GALLERY_TILE.badge}>
                      <Expand aria-hidden="true" size={16} />
                    </span>
                  </span>
                  <span className={GALLERY_TILE.body}>
                    <span className={GALLERY_TILE.category}>{item.categoryLabel}</span>
                    <span className={GALLERY_TILE.title}>{item.title}</span>
                  </span>
                </button>
              </li>
            ))}
          </SimpleGrid>
          <Box display="flex" justifyContent="center" mt="12">
            <Button asChild colorPalette="accent" size="lg">
              <Link to="/contact">View More Projects</Link>
            </Button>
          </Box>
        </Container>
      </Box>
      <Section
        eyebrow="Before & After"
        title="The Difference a Dry Home Makes"
        intro="Every project in our gallery started with a damp, musty space. Here is what homeowners notice afterwards."
        bg="gray.50"
      >
        <IconCardGrid items={galleryBenefits} icons={BENEFIT_ICONS} palette="green" />
      </Section>
      <CtaSection title="Want Results Like These?" contactLabel="Get Free Estimate" />
      <GalleryModal item={selected} onClose={() => setSelected(null)} />
    </PageMain>
  );
}
