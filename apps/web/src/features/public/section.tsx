import { Box, type BoxProps } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type ReactNode, useId } from "react";

type SectionProps = Omit<BoxProps, "title"> & {
  title: ReactNode;
  eyebrow?: string;
  intro?: ReactNode;
  /** Centre the heading block (default) or align it to the start. */
  align?: "center" | "start";
  children: ReactNode;
};

/** A page section with an `<h2>` that names it, an optional eyebrow and intro. */
export function Section({ title, eyebrow, intro, align = "center", children, ...boxProps }: SectionProps) {
  const headingId = useId();
  const centred = align === "center";
  return (
    <Box as="section" aria-labelledby={headingId} py={{ base: "14", md: "20" }} {...boxProps}>
      <Container maxW="7xl">
        <Stack gap="3" mb={{ base: "8", md: "12" }} maxW="3xl" mx={centred ? "auto" : undefined} textAlign={centred ? "center" : "start"}>
          {eyebrow ? (
            <Text textStyle="sm" fontWeight="bold" letterSpacing="wider" textTransform="uppercase" color="accent.700">
              {eyebrow}
            </Text>
          ) : null}
          <Heading as="h2" id={headingId} size={{ base: "2xl", md: "4xl" }} color="brand.950" letterSpacing="tight">
            {title}
          </Heading>
          {intro ? (
            <Text textStyle={{ base: "md", md: "lg" }} color="fg.muted">
              {intro}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
