import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company, serviceAreas, services } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { BrandLogo } from "./brand-logo";

const FOOTER_AREAS = serviceAreas.slice(0, 6);

const linkStyle = {
  color: "brand.100",
  _hover: { color: "white", textDecoration: "underline" },
  _focusVisible: { outline: "2px solid", outlineColor: "brand.300", outlineOffset: "2px" },
} as const;

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4">
      <chakra.h2 fontSize="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="white">
        {title}
      </chakra.h2>
      {children}
    </Stack>
  );
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <chakra.li display="flex" gap="3" alignItems="flex-start">
      <Box as="span" color="brand.300" mt="0.5" flexShrink="0">
        {icon}
      </Box>
      <span>{children}</span>
    </chakra.li>
  );
}

/** Site footer: services, the first six service areas, contact details, hours and the social link. */
export function SiteFooter() {
  return (
    <Box as="footer" bg="brand.950" color="brand.100" textStyle="sm">
      <Container maxW="7xl" py={{ base: "12", md: "16" }}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: "10", lg: "8" }}>
          <Stack gap="4">
            <BrandLogo inverted />
            <Text>
              {company.tagline}. Licensed &amp; insured, serving homeowners since {company.foundedYear}.
            </Text>
            <chakra.a
              href={company.socialMedia.facebook}
              target="_blank"
              rel="noopener noreferrer"
              display="inline-flex"
              alignItems="center"
              gap="2"
              fontWeight="semibold"
              {...linkStyle}
            >
              <FacebookIcon />
              Follow us on Facebook
            </chakra.a>
          </Stack>
          <FooterColumn title="Services">
            <Stack as="ul" gap="2" listStyleType="none">
              {services.map((service) => (
                <li key={service.id}>
                  <chakra.a asChild {...linkStyle}>
                    {/* Each to its part of /services: six links to one page would all read as the current page there. */}
                    <Link to="/services" hash={service.id} activeOptions={{ includeHash: true }}>
                      {service.name}
                    </Link>
                  </chakra.a>
                </li>
              ))}
            </Stack>
          </FooterColumn>
          <FooterColumn title="Service Areas">
            <Stack as="ul" gap="2" listStyleType="none">
              {FOOTER_AREAS.map((area) => (
                <li key={area}>{area}, NC</li>
              ))}
            </Stack>
          </FooterColumn>
          <FooterColumn title="Contact Us">
            <Stack as="ul" gap="3" listStyleType="none">
              <ContactLine icon={<Phone aria-hidden="true" size={16} />}>
                <chakra.a href={company.phone.href} {...linkStyle}>
                  {company.phone.display}
                </chakra.a>
              </ContactLine>
              <ContactLine icon={<Mail aria-hidden="true" size={16} />}>
                <chakra.a href={company.emailHref} {...linkStyle}>
                  {company.email}
                </chakra.a>
              </ContactLine>
              <ContactLine icon={<MapPin aria-hidden="true" size={16} />}>{company.address.full}</ContactLine>
              <ContactLine icon={<Clock aria-hidden="true" size={16} />}>
                {company.hours.weekdays}
                <br />
                {company.hours.weekends}
              </ContactLine>
            </Stack>
          </FooterColumn>
        </SimpleGrid>
        <Box
          mt="12"
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.200"
          display="flex"
          flexDirection={{ base: "column", md: "row" }}
          gap="2"
          justifyContent="space-between"
        >
          <Text>
            © {company.copyrightYear} {company.name}. All rights reserved.
          </Text>
          <Text>Crawl space &amp; basement waterproofing in {company.serviceArea.description}.</Text>
        </Box>
      </Container>
    </Box>
  );
}

/** Facebook's "f" mark (lucide has no brand icons). */
function FacebookIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.5V21h3Z" />
    </svg>
  );
}
