import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company } from "@crawlguard/content";
import { Clock, ExternalLink, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Section } from "./section";

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // A <dl> group holds only <dt> and <dd>: the icon sits inside the <dt>.
  return (
    <chakra.div position="relative" ps="14" minH="10">
      <chakra.dt fontWeight="bold" color="brand.950">
        <Box
          as="span"
          position="absolute"
          insetStart="0"
          top="0"
          display="grid"
          placeItems="center"
          boxSize="10"
          rounded="lg"
          bg="brand.50"
          color="brand.700"
        >
          {icon}
        </Box>
        {label}
      </chakra.dt>
      <chakra.dd color="gray.700">{children}</chakra.dd>
    </chakra.div>
  );
}

const linkStyle = { color: "brand.700", fontWeight: "semibold", _hover: { textDecoration: "underline" } } as const;

/**
 * Address, phone, email, hours and an OpenStreetMap embed of the service
 * area. The map iframe loads lazily, so a slow or offline map never holds up
 * the page; its box has a fixed size, so nothing moves when it arrives.
 */
export function LocationSection() {
  return (
    <Section
      eyebrow="Our Location"
      title="Visit or Call Our Asheville Office"
      intro={`Serving ${company.serviceArea.description} from our office in downtown Asheville.`}
    >
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: "8", lg: "10" }} alignItems="stretch">
        <Stack gap="6" gridColumn={{ lg: "span 2" }} p={{ base: "6", md: "8" }} bg="gray.50" rounded="xl">
          <Text as="h3" fontSize="xl" fontWeight="bold" color="brand.950">
            {company.name}
          </Text>
          <chakra.dl display="grid" gap="5">
            <InfoRow icon={<MapPin aria-hidden="true" size={20} />} label="Address">
              {company.address.full}
            </InfoRow>
            <InfoRow icon={<Phone aria-hidden="true" size={20} />} label="Phone">
              <chakra.a href={company.phone.href} {...linkStyle}>
                {company.phone.display}
              </chakra.a>
            </InfoRow>
            <InfoRow icon={<Mail aria-hidden="true" size={20} />} label="Email">
              <chakra.a href={company.emailHref} {...linkStyle}>
                {company.email}
              </chakra.a>
            </InfoRow>
            <InfoRow icon={<Clock aria-hidden="true" size={20} />} label="Hours">
              {company.hours.weekdays}
              <br />
              {company.hours.weekends}
            </InfoRow>
          </chakra.dl>
        </Stack>
        <Stack gap="3" gridColumn={{ lg: "span 3" }}>
          <Box
            position="relative"
            h={{ base: "72", md: "96", lg: "full" }}
            minH={{ lg: "96" }}
            rounded="xl"
            overflow="hidden"
            bg="brand.50"
            borderWidth="1px"
          >
            <Stack position="absolute" inset="0" align="center" justify="center" gap="2" color="brand.700" textAlign="center" p="6">
              <MapPin aria-hidden="true" size={32} />
              <Text fontWeight="semibold">
                {company.address.city}, {company.address.state} and surrounding counties
              </Text>
            </Stack>
            <chakra.iframe
              src={company.map.embedUrl}
              title={`Map of the ${company.name} service area around Asheville, NC`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              position="absolute"
              inset="0"
              w="full"
              h="full"
              border="0"
            />
          </Box>
          <chakra.a
            href={company.map.largerMapUrl}
            target="_blank"
            rel="noopener noreferrer"
            display="inline-flex"
            alignItems="center"
            gap="1.5"
            alignSelf="flex-start"
            {...linkStyle}
          >
            View larger map
            <ExternalLink aria-hidden="true" size={16} />
          </chakra.a>
        </Stack>
      </SimpleGrid>
    </Section>
  );
}
