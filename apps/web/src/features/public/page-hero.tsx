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
  /** Buttons under the intro. */
  actions?: ReactNode;
  /** Above the eyebrow, e.g. a breadcrumb. */
  top?: ReactNode;
  /** A second column on large screens. */
  aside?: ReactNode;
};

/** The dark banner at the top of an inner page, holding its `<h1>`. */
export function PageHero({ eyebrow, title, intro, actions, top, aside }: PageHeroProps) {
  return (
    <Box bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white">
      <Container
        maxW="7xl"
        py={{ base: "12", md: "20" }}
        display="grid"
        gridTemplateColumns={{ base: "1fr", lg: aside ? "3fr 2fr" : "1fr" }}
        gap={{ base: "10", lg: "14" }}
        alignItems="center"
      >
        <Stack gap="5" maxW="3xl">
          {top}
          <Text textStyle="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="accent.300">
            {eyebrow}
          </Text>
          <Heading as="h1" size={{ base: "3xl", md: "5xl" }} lineHeight="1.1" letterSpacing="tight">
            {title}
          </Heading>
          <Text textStyle={{ base: "md", md: "lg" }} color="brand.50">
            {intro}
          </Text>
          {actions}
        </Stack>
        {aside}
      </Container>
    </Box>
  );
}
