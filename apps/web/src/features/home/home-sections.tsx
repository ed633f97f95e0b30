import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { brandImages, company, serviceCounties, services } from "@crawlguard/content";
import { BadgeCheck, MapPin, ShieldCheck } from "lucide-react";
import { ContentImage } from "../public/content-image";
import { CtaSection } from "../public/cta-section";
import { listOf } from "../public/list-of";
import { LocationSection } from "../public/location-section";
import { Section } from "../public/section";
import { ServiceAreaGrid } from "../public/service-area-grid";
import { ServiceCard } from "../public/service-card";
import { TestimonialsSection } from "../public/testimonials-section";

const CLAIM_ICONS = [ShieldCheck, BadgeCheck, MapPin] as const;

/**
 * The home page below the hero: services, why us, service areas, reviews,
 * location and the closing call to action. Server-rendered with the page;
 * its code loads when the visitor scrolls towards it (home-page.tsx).
 */
export function HomeSections() {
  return (
    <>
      <Section
        eyebrow="Our Services"
        title="Complete Crawl Space & Basement Solutions"
        intro="From vapor barriers to sump pumps, we fix moisture problems at the source and keep your home dry, healthy and protected."
      >
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} linkTo="detail" />
          ))}
        </SimpleGrid>
      </Section>
      <WhyUs />
      <Section
        eyebrow="Service Area"
        title="Proudly Serving Western North Carolina"
        intro={`Local crews serving Asheville and all of ${listOf(serviceCounties)} counties.`}
        bg="brand.50"
      >
        <ServiceAreaGrid />
      </Section>
      <TestimonialsSection />
      <LocationSection />
      <CtaSection />
    </>
  );
}

function WhyUs() {
  return (
    <Section eyebrow="Why CrawlGuard" title="Why Homeowners Trust Us With Their Homes" bg="gray.50" align="start">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "12" }} alignItems="center">
        <ContentImage image={brandImages.hero} loading="lazy" decoding="async" />
        <Stack gap="6">
          {company.claims.map((claim, index) => {
            const Icon = CLAIM_ICONS[index % CLAIM_ICONS.length] ?? ShieldCheck;
            return (
              <HStack key={claim.title} gap="4" align="flex-start">
                <Box display="grid" placeItems="center" boxSize="12" rounded="lg" bg="accent.100" color="accent.700" flexShrink="0">
                  <Icon aria-hidden="true" size={24} />
                </Box>
                <Stack gap="1">
                  <Heading as="h3" size="lg" color="brand.950">
                    {claim.title}
                  </Heading>
                  <Text color="fg.muted">{claim.description}</Text>
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
