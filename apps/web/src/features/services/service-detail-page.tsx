import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { getService, isServiceId, type ServiceDetail } from "@crawlguard/content";
import { getRouteApi, Link } from "@tanstack/react-router";
import { ChevronRight, TriangleAlert } from "lucide-react";
import { PageMain } from "../../components/page-main";
import { CheckList } from "../public/check-list";
import { ContentImage } from "../public/content-image";
import { CtaSection } from "../public/cta-section";
import { HeroActions } from "../public/hero-actions";
import { PageHero } from "../public/page-hero";
import { ProcessSteps } from "../public/process-steps";
import { Section } from "../public/section";
import { ServiceCard } from "../public/service-card";

const route = getRouteApi("/public/services/$serviceId");

/** One service in depth (docs/product.md "Screens and routes"): benefits, warning signs, process, related services. */
export function ServiceDetailPage() {
  const detail = route.useLoaderData();
  const image = getService(detail.id)?.image;
  return (
    <PageMain>
      <PageHero
        top={<Breadcrumb name={detail.name} />}
        eyebrow="Asheville & Western North Carolina"
        title={detail.headline}
        intro={detail.intro}
        actions={
          <Stack gap="6">
            <HeroActions />
            <CheckList items={detail.benefits.slice(0, 3)} iconColor="accent.300" />
          </Stack>
        }
        aside={image ? <ContentImage image={image} shadow="2xl" display={{ base: "none", lg: "block" }} /> : null}
      />
      <Section eyebrow="Benefits" title={`Benefits of ${detail.name}`} align="start">
        <CheckList items={detail.benefits} columns={{ base: 1, md: 2 }} />
      </Section>
      <WarningSigns detail={detail} />
      <Section eyebrow="Our Process" title={`How We Handle ${detail.name}`}>
        <ProcessSteps steps={detail.processSteps} />
      </Section>
      <Section eyebrow="Related Services" title="Related Services" bg="gray.50">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {detail.relatedServices
            .filter(isServiceId)
            .map((id) => getService(id))
            .map((service) => (service ? <ServiceCard key={service.id} service={service} linkTo="detail" /> : null))}
        </SimpleGrid>
      </Section>
      <CtaSection title={`Get a Free ${detail.name} Estimate`} contactLabel="Get Free Estimate" />
    </PageMain>
  );
}

function Breadcrumb({ name }: { name: string }) {
  const linkStyle = { color: "brand.100", _hover: { color: "white", textDecoration: "underline" } } as const;
  return (
    <nav aria-label="Breadcrumb">
      <HStack as="ol" gap="1.5" listStyleType="none" textStyle="sm" flexWrap="wrap" color="brand.200">
        <li>
          <chakra.a asChild {...linkStyle}>
            <Link to="/">Home</Link>
          </chakra.a>
        </li>
        <chakra.li display="flex" alignItems="center" gap="1.5">
          <ChevronRight aria-hidden="true" size={14} />
          <chakra.a asChild {...linkStyle}>
            <Link to="/services">Services</Link>
          </chakra.a>
        </chakra.li>
        <chakra.li display="flex" alignItems="center" gap="1.5">
          <ChevronRight aria-hidden="true" size={14} />
          <chakra.span aria-current="page" color="white">
            {name}
          </chakra.span>
        </chakra.li>
      </HStack>
    </nav>
  );
}

function WarningSigns({ detail }: { detail: ServiceDetail }) {
  return (
    <Section
      eyebrow="Warning Signs"
      title={`Signs You Need ${detail.name}`}
      intro="Noticed any of these at home? Call us for a free inspection before a small moisture problem becomes a costly repair."
      bg="accent.50"
      align="start"
    >
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="4" listStyleType="none">
        {detail.warningSigns.map((sign) => (
          <chakra.li key={sign} display="flex" gap="3" p="4" bg="white" rounded="lg" borderWidth="1px" borderColor="accent.200">
            <Box color="accent.700" flexShrink="0" mt="0.5">
              <TriangleAlert aria-hidden="true" size={20} />
            </Box>
            <span>{sign}</span>
          </chakra.li>
        ))}
      </SimpleGrid>
    </Section>
  );
}
