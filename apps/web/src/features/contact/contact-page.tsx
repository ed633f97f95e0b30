import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company, contactBenefits } from "@crawlguard/content";
import { CalendarClock, ClipboardCheck, Clock, FileText, Mail, MapPin, Phone, Siren, Users } from "lucide-react";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageMain } from "../../components/page-main";
import { CallButton } from "../public/call-button";
import { LocationSection } from "../public/location-section";
import { HeroCard } from "../public/hero-card";
import { PageHero } from "../public/page-hero";
import { ReviewsBlock } from "../public/reviews-block";
import { Section } from "../public/section";
import { ServiceAreaGrid } from "../public/service-area-grid";
import { ContactForm } from "./contact-form";
import { PickATimeOnline } from "../online-booking/pick-a-time";
import { IconCardGrid } from "../public/icon-card-grid";

const BENEFIT_ICONS = [ClipboardCheck, CalendarClock, FileText, Users] as const;

const contactRoute = getRouteApi("/public/contact");

/** Contact (docs/product.md "Screens and routes"): the full form, contact details, benefits, emergency call, reviews and areas. */
export function ContactPage() {
  const { onlineBooking } = contactRoute.useLoaderData();
  return (
    <PageMain>
      <PageHero
        eyebrow="Free Estimates"
        title="Contact Us for a Free Inspection"
        intro="Tell us about your crawl space or basement. We respond to every message within 24 hours, and every inspection and written estimate is free."
        aside={
          <HeroCard title="Prefer to talk to someone?">
            <Text color="brand.50">Call our Asheville office. {company.hours.weekdays}.</Text>
            <CallButton colorPalette="accent" />
          </HeroCard>
        }
      />
      <Box bg="gray.50" py={{ base: "10", md: "16" }}>
        <Container maxW="7xl">
          <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: "8", lg: "10" }} alignItems="start">
            <Box
              gridColumn={{ lg: "span 3" }}
              bg="white"
              rounded="2xl"
              shadow="md"
              borderWidth="1px"
              p={{ base: "6", md: "10" }}
              position="relative"
            >
              <ContactForm variant="full" title="Send Us a Message" description="Fields marked with * are required." />
              <PickATimeOnline enabled={onlineBooking} />
            </Box>
            <Stack gap="6" gridColumn={{ lg: "span 2" }}>
              <ContactInfo />
              <Emergency />
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
      <Section eyebrow="Why Contact Us" title="What You Can Expect">
        <IconCardGrid items={contactBenefits} icons={BENEFIT_ICONS} palette="brand" centered />
        <Box mt="10" display="flex" justifyContent="center">
          <ReviewsBlock />
        </Box>
      </Section>
      <Section
        eyebrow="Service Area"
        title="Areas We Serve"
        intro={`We serve homeowners throughout ${company.serviceArea.description}.`}
        bg="brand.50"
      >
        <ServiceAreaGrid withStateName />
      </Section>
      <LocationSection />
    </PageMain>
  );
}

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <chakra.li display="flex" gap="4" alignItems="flex-start">
      <Box display="grid" placeItems="center" boxSize="10" rounded="lg" bg="brand.50" color="brand.700" flexShrink="0">
        {icon}
      </Box>
      <Stack gap="0.5">
        <Text as="h3" fontWeight="bold" color="brand.950">
          {title}
        </Text>
        <Box color="gray.700">{children}</Box>
      </Stack>
    </chakra.li>
  );
}

const linkStyle = { color: "brand.700", fontWeight: "semibold", _hover: { textDecoration: "underline" } } as const;

function ContactInfo() {
  return (
    <Stack gap="5" p={{ base: "6", md: "8" }} bg="white" rounded="2xl" borderWidth="1px" shadow="sm">
      <Heading as="h2" size="xl" color="brand.950">
        Contact Information
      </Heading>
      <Stack as="ul" gap="5" listStyleType="none">
        <InfoItem icon={<Phone aria-hidden="true" size={20} />} title="Phone">
          <chakra.a href={company.phone.href} {...linkStyle}>
            {company.phone.display}
          </chakra.a>
        </InfoItem>
        <InfoItem icon={<Mail aria-hidden="true" size={20} />} title="Email">
          <chakra.a href={company.emailHref} {...linkStyle}>
            {company.email}
          </chakra.a>
        </InfoItem>
        <InfoItem icon={<MapPin aria-hidden="true" size={20} />} title="Service Area">
          {company.serviceArea.description}
        </InfoItem>
        <InfoItem icon={<Clock aria-hidden="true" size={20} />} title="Business Hours">
          <Text>{company.hours.weekdays}</Text>
          <Text>{company.hours.weekends}</Text>
        </InfoItem>
      </Stack>
    </Stack>
  );
}

function Emergency() {
  return (
    <Stack gap="4" p={{ base: "6", md: "8" }} bg="red.50" rounded="2xl" borderWidth="1px" borderColor="red.200">
      <Stack direction="row" gap="3" align="center" color="red.700">
        <Siren aria-hidden="true" size={24} />
        <Heading as="h2" size="lg" color="red.800">
          Water Emergency?
        </Heading>
      </Stack>
      <Text color="gray.800">
        Flooded basement or a failed sump pump? Call us now and we&apos;ll get a crew out as quickly as possible.
      </Text>
      <CallButton colorPalette="red" />
    </Stack>
  );
}
