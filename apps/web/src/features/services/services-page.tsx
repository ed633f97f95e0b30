import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company, processOverview, type Service, services, whyChooseUs } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Award, BadgeCheck, Gem, Handshake } from "lucide-react";
import { PageMain } from "../../components/page-main";
import { CheckList } from "../public/check-list";
import { ContentImage } from "../public/content-image";
import { CtaSection } from "../public/cta-section";
import { HeroActions } from "../public/hero-actions";
import { HeroCard } from "../public/hero-card";
import { PageHero } from "../public/page-hero";
import { ProcessSteps } from "../public/process-steps";
import { Section } from "../public/section";
import { ServiceIcon } from "../public/service-icon";
import { IconCardGrid } from "../public/icon-card-grid";

const WHY_ICONS = [Award, BadgeCheck, Gem, Handshake] as const;

/** Services overview (docs/product.md "Screens and routes"). */
export function ServicesPage() {
  return (
    <PageMain>
      <PageHero
        eyebrow="Our Services"
        title="Crawl Space & Basement Waterproofing Services"
        intro="Six proven ways we keep Western North Carolina homes dry, healthy and protected from the ground up. Every project starts with a free inspection and a written estimate."
        actions={<HeroActions />}
        aside={<PromiseCard />}
      />
      <Section
        eyebrow="What We Do"
        title="Solutions for Every Moisture Problem"
        intro="Choose a service to see how it works, the warning signs to look for and what to expect."
      >
        <Stack gap={{ base: "8", md: "10" }}>
          {services.map((service, index) => (
            <ServiceRow key={service.id} service={service} reversed={index % 2 === 1} eager={index === 0} />
          ))}
        </Stack>
      </Section>
      <Section eyebrow="Why Choose CrawlGuard" title="Why Homeowners Choose CrawlGuard" bg="gray.50">
        <IconCardGrid items={whyChooseUs} icons={WHY_ICONS} palette="accent" />
      </Section>
      <Section eyebrow="How It Works" title="Our Simple 3-Step Process">
        <ProcessSteps steps={processOverview} />
      </Section>
      <CtaSection contactLabel="Get Free Estimate" />
    </PageMain>
  );
}

/** What every job includes, beside the hero on large screens. */
function PromiseCard() {
  return (
    <HeroCard title="Every project includes" gap="5">
      {company.claims.map((claim) => (
        <Stack key={claim.title} gap="1">
          <Text fontWeight="semibold" color="accent.300">
            {claim.title}
          </Text>
          <Text textStyle="sm" color="brand.50">
            {claim.description}
          </Text>
        </Stack>
      ))}
    </HeroCard>
  );
}

function ServiceRow({ service, reversed, eager }: { service: Service; reversed: boolean; eager: boolean }) {
  const { image } = service;
  return (
    <SimpleGrid
      as="article"
      id={service.id}
      scrollMarginTop="24"
      columns={{ base: 1, md: 2 }}
      gap="0"
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      shadow="sm"
      overflow="hidden"
    >
      <ContentImage
        image={image}
        framed={false}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        h="full"
        objectFit="cover"
        order={{ md: reversed ? 2 : 1 }}
        bg="brand.50"
      />
      <Stack gap="4" p={{ base: "6", md: "10" }} justify="center" order={{ md: reversed ? 1 : 2 }}>
        <HStack gap="3">
          <Box display="grid" placeItems="center" boxSize="11" rounded="lg" bg="brand.50" color="brand.700" flexShrink="0">
            <ServiceIcon name={service.icon} size={24} />
          </Box>
          <Heading as="h3" size={{ base: "xl", md: "2xl" }} color="brand.950">
            {service.name}
          </Heading>
        </HStack>
        <Text color="fg.muted">{service.description}</Text>
        <CheckList items={service.checklist} columns={{ base: 1, lg: 2 }} />
        <Button asChild colorPalette="brand" alignSelf="flex-start" mt="2">
          <Link to="/services/$serviceId" params={{ serviceId: service.id }}>
            View detailed service
            <chakra.span srOnly>for {service.name}</chakra.span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Stack>
    </SimpleGrid>
  );
}
