import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { aboutServiceTypes, brandImages, company, companyValues, mission, serviceAreas, serviceCounties } from "@crawlguard/content";
import { Handshake, HeartHandshake, MapPin, Timer, Trophy } from "lucide-react";
import { PageMain } from "../../components/page-main";
import { CheckList } from "../public/check-list";
import { ContentImage } from "../public/content-image";
import { listOf } from "../public/list-of";
import { CtaSection } from "../public/cta-section";
import { PageHero } from "../public/page-hero";
import { Section } from "../public/section";
import { IconCardGrid } from "../public/icon-card-grid";

const VALUE_ICONS = [Handshake, Trophy, HeartHandshake, Timer] as const;

/** About (docs/product.md "Screens and routes"): mission, towns, stats, values and what we do. */
export function AboutPage() {
  return (
    <PageMain>
      <PageHero eyebrow={`Locally owned since ${company.foundedYear}`} title={`About ${company.name}`} intro={company.description} />
      <Section eyebrow="Our Mission" title="Protecting Mountain Homes From the Ground Up" align="start">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "12" }} alignItems="center">
          <Stack gap="6">
            <Text textStyle={{ base: "md", md: "lg" }} color="gray.700" lineHeight="tall">
              {mission}
            </Text>
            <Stack gap="4" p={{ base: "6", md: "8" }} bg="brand.50" rounded="xl">
              <Heading as="h3" size="lg" color="brand.950">
                Our Neighbors Across the Mountains
              </Heading>
              <Text color="gray.700">We serve {listOf(serviceCounties)} counties, including these towns:</Text>
              <chakra.ul display="flex" flexWrap="wrap" gap="2" listStyleType="none">
                {serviceAreas.map((area) => (
                  <chakra.li
                    key={area}
                    display="inline-flex"
                    alignItems="center"
                    gap="1"
                    px="3"
                    py="1"
                    bg="white"
                    rounded="full"
                    textStyle="sm"
                    fontWeight="medium"
                    color="brand.900"
                    borderWidth="1px"
                    borderColor="brand.100"
                  >
                    <MapPin aria-hidden="true" size={14} />
                    {area}
                  </chakra.li>
                ))}
              </chakra.ul>
            </Stack>
          </Stack>
          <ContentImage image={brandImages.hero} />
        </SimpleGrid>
      </Section>
      <Box bg="brand.900" color="white">
        <SimpleGrid
          as="dl"
          columns={{ base: 1, sm: 3 }}
          gap="8"
          maxW="5xl"
          mx="auto"
          px="6"
          py={{ base: "12", md: "16" }}
          textAlign="center"
        >
          {company.stats.map((stat) => (
            <Stack key={stat.label} gap="2" direction="column-reverse">
              <chakra.dt color="brand.100" fontWeight="medium">
                {stat.label}
              </chakra.dt>
              <chakra.dd fontSize={{ base: "4xl", md: "5xl" }} fontWeight="extrabold" lineHeight="1" color="accent.300">
                {stat.value}
              </chakra.dd>
            </Stack>
          ))}
        </SimpleGrid>
      </Box>
      <Section eyebrow="Our Values" title="What We Stand For" bg="gray.50">
        <IconCardGrid items={companyValues} icons={VALUE_ICONS} palette="brand" />
      </Section>
      <Section eyebrow="What We Do" title="Our Services" align="start">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: "8", lg: "12" }} alignItems="center">
          <Stack gap="4">
            <Text color="fg.muted">
              Everything your crawl space or basement needs to stay dry, from the first inspection to the final walk-through:
            </Text>
            <CheckList items={aboutServiceTypes} />
          </Stack>
          <Stack gap="5" p={{ base: "6", md: "8" }} bg="gray.50" rounded="xl" borderWidth="1px">
            {company.claims.map((claim) => (
              <Stack key={claim.title} gap="1">
                <Heading as="h3" size="md" color="brand.950">
                  {claim.title}
                </Heading>
                <Text color="fg.muted">{claim.description}</Text>
              </Stack>
            ))}
          </Stack>
        </SimpleGrid>
      </Section>
      <CtaSection />
    </PageMain>
  );
}
