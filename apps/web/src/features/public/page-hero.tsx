import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  /** "home": the home page's larger headline, with a wider second column for the inspection form. */
  size?: "page" | "home";
  /** Buttons under the intro. */
  actions?: ReactNode;
  /** Above the eyebrow, e.g. a breadcrumb. */
  top?: ReactNode;
  /** A second column on large screens. */
  aside?: ReactNode;
};

const SIZES = {
  page: {
    columns: "3fr 2fr",
    gap: "5",
    maxW: "3xl",
    title: { base: "3xl", md: "5xl" },
    lineHeight: "1.1",
    intro: { base: "md", md: "lg" },
    introMaxW: undefined,
  },
  home: {
    columns: "7fr 5fr",
    gap: { base: "6", md: "8" },
    maxW: undefined,
    title: { base: "4xl", md: "6xl" },
    lineHeight: "1.05",
    intro: { base: "md", md: "xl" },
    introMaxW: "2xl",
  },
} as const;

/** The dark banner at the top of a public page, holding its `<h1>`. */
export function PageHero({ eyebrow, title, intro, size = "page", actions, top, aside }: PageHeroProps) {
  const sized = SIZES[size];
  return (
    <Box bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white">
      <Container
        maxW="7xl"
        py={{ base: "12", md: "20" }}
        display="grid"
        gridTemplateColumns={{ base: "1fr", lg: aside ? sized.columns : "1fr" }}
        gap={{ base: "10", lg: "14" }}
        alignItems="center"
      >
        <Stack gap={sized.gap} maxW={sized.maxW}>
          {top}
          <Text textStyle="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="accent.300">
            {eyebrow}
          </Text>
          <Heading as="h1" size={sized.title} lineHeight={sized.lineHeight} letterSpacing="tight">
            {title}
          </Heading>
          <Text textStyle={sized.intro} color="brand.50" maxW={sized.introMaxW}>
            {intro}
          </Text>
          {actions}
        </Stack>
        {aside}
      </Container>
    </Box>
  );
}
