import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { company, heroFeatures } from "@crawlguard/content";
import { getRouteApi } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { PageMain } from "../../components/page-main";
import { ContactForm } from "../contact/contact-form";
import { PickATimeOnline } from "../online-booking/pick-a-time";
import { deferred } from "../../lib/deferred";
import { HeroActions } from "../public/hero-actions";
import { PageHero } from "../public/page-hero";

/** Below the fold: in the HTML from the start, its JavaScript loads as the visitor scrolls. */
export const HomeSections = deferred(() => import("./home-sections").then((module) => module.HomeSections));

const homeRoute = getRouteApi("/public/");

/** Home (docs/product.md "Screens and routes"): hero with the inspection form, services, areas, reviews, location, call to action. */
export function HomePage() {
  return (
    <PageMain>
      <Hero />
      <Stats />
      <HomeSections />
    </PageMain>
  );
}

function Hero() {
  const { onlineBooking } = homeRoute.useLoaderData();
  return (
    <PageHero
      size="home"
      eyebrow={`Asheville & Western North Carolina · Since ${company.foundedYear}`}
      title="Expert Crawl Space Waterproofing in Asheville, NC"
      intro={`${company.tagline}. Crawl space encapsulation, basement waterproofing, sump pumps, French drains and mold remediation, done right by a local team.`}
      actions={
        <>
          <HeroActions />
          <Stack as="ul" gap="3" listStyleType="none">
            {heroFeatures.map((feature) => (
              <HStack as="li" key={feature} gap="3" fontWeight="medium">
                <chakra.span color="accent.300">
                  <CircleCheck aria-hidden="true" size={22} />
                </chakra.span>
                {feature}
              </HStack>
            ))}
          </Stack>
        </>
      }
      aside={
        <Box bg="white" color="fg" rounded="2xl" shadow="2xl" p={{ base: "6", md: "8" }} position="relative">
          <ContactForm
            variant="compact"
            title="Request Your Inspection"
            description="Free, no-obligation inspection. We respond within 24 hours."
          />
          <PickATimeOnline enabled={onlineBooking} />
        </Box>
      }
    />
  );
}

function Stats() {
  const { ratingValue, reviewCount } = company.aggregateRating;
  const items = [...company.stats, { value: ratingValue.toFixed(1), label: `Star Rating (${reviewCount} Reviews)` }];
  return (
    <Box bg="white" borderBottomWidth="1px">
      <Container maxW="7xl" py="8">
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="6" textAlign="center">
          {items.map((stat) => (
            <Stack key={stat.label} gap="1" direction="column-reverse">
              <chakra.dt textStyle="sm" color="fg.muted" fontWeight="medium">
                {stat.label}
              </chakra.dt>
              <chakra.dd fontSize={{ base: "3xl", md: "4xl" }} fontWeight="extrabold" color="brand.700" lineHeight="1">
                {stat.value}
              </chakra.dd>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
