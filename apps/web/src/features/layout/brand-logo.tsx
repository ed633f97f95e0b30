import { chakra } from "@chakra-ui/react/styled-system";
import { brandImages, company } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";

/** Logo and name, linking home. `inverted` is for dark backgrounds. */
export function BrandLogo({ inverted = false, onNavigate }: { inverted?: boolean; onNavigate?: () => void }) {
  const { logo } = brandImages;
  return (
    <chakra.a
      asChild
      display="inline-flex"
      alignItems="center"
      gap="2.5"
      rounded="md"
      flexShrink="0"
      _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
    >
      <Link to="/" activeOptions={{ exact: true }} onClick={onNavigate}>
        <chakra.img src={logo.src} width={logo.width} height={logo.height} alt="" boxSize="10" />
        <chakra.span display="flex" flexDirection="column" lineHeight="1.1">
          <chakra.span fontWeight="extrabold" fontSize="xl" letterSpacing="tight" color={inverted ? "white" : "brand.900"}>
            {company.shortName}
          </chakra.span>
          <chakra.span
            fontSize="2xs"
            fontWeight="semibold"
            letterSpacing="widest"
            textTransform="uppercase"
            color={inverted ? "brand.200" : "brand.700"}
          >
            Waterproofing
          </chakra.span>
        </chakra.span>
      </Link>
    </chakra.a>
  );
}
