import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { HStack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { company } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { Phone } from "lucide-react";
import { BrandLogo } from "./brand-logo";
import { MobileMenu } from "./mobile-menu";
import { navLinks } from "./nav-links";

/** Sticky site header: logo, navigation, phone link and 'Free Estimate'; a slide-out menu below `lg`. */
export function SiteHeader() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" borderBottomWidth="1px" shadow="xs">
      <Container maxW="7xl" display="flex" alignItems="center" justifyContent="space-between" gap="4" h="16">
        <BrandLogo />
        <chakra.nav aria-label="Main" display={{ base: "none", lg: "block" }}>
          <HStack as="ul" gap="1" listStyleType="none">
            {navLinks.map((link) => (
              <li key={link.to}>
                <chakra.a
                  asChild
                  display="block"
                  px="3"
                  py="2"
                  rounded="md"
                  fontWeight="medium"
                  color="gray.700"
                  _hover={{ bg: "brand.50", color: "brand.800" }}
                  _currentPage={{ bg: "brand.50", color: "brand.800", fontWeight: "semibold" }}
                  _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
                >
                  <Link to={link.to} activeOptions={{ exact: link.exact }}>
                    {link.label}
                  </Link>
                </chakra.a>
              </li>
            ))}
          </HStack>
        </chakra.nav>
        <HStack gap="2">
          <chakra.a
            href={company.phone.href}
            display={{ base: "none", md: "inline-flex" }}
            alignItems="center"
            gap="2"
            px="2"
            py="2"
            rounded="md"
            fontWeight="semibold"
            color="brand.800"
            _hover={{ color: "brand.600" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}
          >
            <Phone aria-hidden="true" size={18} />
            {company.phone.display}
          </chakra.a>
          <Button asChild variant="ghost" colorPalette="brand" size="sm" px="0" display={{ base: "inline-flex", md: "none" }}>
            <a href={company.phone.href} aria-label={`Call ${company.phone.display}`}>
              <Phone aria-hidden="true" />
            </a>
          </Button>
          <Button asChild colorPalette="accent" size="sm" display={{ base: "none", sm: "inline-flex" }}>
            <Link to="/contact">Free Estimate</Link>
          </Button>
          <MobileMenu />
        </HStack>
      </Container>
    </Box>
  );
}
