import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { Phone, X } from "lucide-react";
import { NativeDialog } from "../../components/native-dialog";
import { BrandLogo } from "./brand-logo";
import { navLinks } from "./nav-links";

type MobileMenuPanelProps = { id: string; open: boolean; onClose: () => void };

/**
 * The slide-out navigation itself, a native modal dialog (no dialog library on public pages): see
 * NativeDialog for focus, Escape, backdrop clicks and scroll locking. It also closes when a link
 * is chosen.
 */
export function MobileMenuPanel({ id, open, onClose: close }: MobileMenuPanelProps) {
  return (
    <NativeDialog
      id={id}
      aria-label="Menu"
      open={open}
      onClose={close}
      position="fixed"
      inset="0"
      insetInlineStart="auto"
      m="0"
      w="min(20rem, 85vw)"
      h="100dvh"
      maxH="none"
      _open={{ animationName: "slide-from-right-full", animationDuration: "moderate", animationTimingFunction: "ease-out" }}
      _backdrop={{ bg: "blackAlpha.600" }}
    >
      <Stack gap="6" p="5" minH="full">
        <Box display="flex" alignItems="center" justifyContent="space-between">
          <BrandLogo onNavigate={close} />
          <Button variant="ghost" colorPalette="gray" size="sm" px="2" aria-label="Close menu" onClick={close}>
            <X aria-hidden="true" />
          </Button>
        </Box>
        <nav aria-label="Mobile">
          <Stack as="ul" gap="1" listStyleType="none">
            {navLinks.map((link) => (
              <li key={link.to}>
                <chakra.a
                  asChild
                  display="block"
                  px="4"
                  py="3"
                  rounded="md"
                  fontSize="lg"
                  fontWeight="medium"
                  color="gray.800"
                  _hover={{ bg: "brand.50" }}
                  _currentPage={{ bg: "brand.50", color: "brand.800", fontWeight: "semibold" }}
                >
                  <Link to={link.to} activeOptions={{ exact: link.exact }} onClick={close}>
                    {link.label}
                  </Link>
                </chakra.a>
              </li>
            ))}
          </Stack>
        </nav>
        <Stack gap="3" mt="auto">
          <Button asChild colorPalette="accent" size="lg">
            <Link to="/contact" onClick={close}>
              Free Estimate
            </Link>
          </Button>
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <a href={company.phone.href}>
              <Phone aria-hidden="true" />
              Call {company.phone.display}
            </a>
          </Button>
          <Text textStyle="sm" color="fg.muted" textAlign="center">
            {company.hours.weekdays}
          </Text>
        </Stack>
      </Stack>
    </NativeDialog>
  );
}
