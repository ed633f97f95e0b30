import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company, heroFeatures } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { PageMain } from "../../components/page-main";
import { ContactForm } from "../contact/contact-form";
import { deferred } from "../../lib/deferred";
import { CallButton } from "../public/call-button";

/** Below the fold: in the HTML from the start, its JavaScript loads as the visitor scrolls. */
export const HomeSections = deferred(() => import("./home-sections").then((module) => module.HomeSections));

/** Home (docs/product.md §2): hero with the inspection form, services, areas, reviews, location, call to action. */
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
  return (
    <Box bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white">
      <Container
        maxW="7xl"
        py={{ base: "12", md: "20" }}
        display="grid"
        gridTemplateColumns={{ base: "1fr", lg: "7fr 5fr" }}
        gap={{ base: "10", lg: "14" }}
        alignItems="center"
      >
        <Stack gap={{ base: "6", md: "8" }}>
          <Text textStyle="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="accent.300">
            Asheville &amp; Western North Carolina · Since {company.foundedYear}
          </Text>
          <Heading as="h1" size={{ base: "4xl", md: "6xl" }} lineHeight="1.05" letterSpacing="tight">
            Expert Crawl Space Waterproofing in Asheville, NC
          </Heading>
          <Text textStyle={{ base: "md", md: "xl" }} color="brand.50" maxW="2xl">
            {company.tagline}. Crawl space encapsulation, basement waterproofing, sump pumps, French drains and mold
            remediation, done right by a local team.
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="4">
            <Button asChild size="lg" colorPalette="accent">
              <Link to="/contact">Get Free Estimate</Link>
            </Button>
            <CallButton variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }} />
          </Stack>
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
        </Stack>
        <Box bg="white" color="fg" rounded="2xl" shadow="2xl" p={{ base: "6", md: "8" }} position="relative">
          <ContactForm
            variant="compact"
            title="Request Your Inspection"
            description="Free, no-obligation inspection. We respond within 24 hours."
          />
        </Box>
      </Container>
    </Box>
  );
}

function Stats() {
  const { ratingValue, reviewCount } = company.aggregateRating;
  const items = [
    ...company.stats,
    { value: ratingValue.toFixed(1), label: `Star Rating (${reviewCount} Reviews)` },
  ];
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
