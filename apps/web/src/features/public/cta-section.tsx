import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { CallButton } from "./call-button";

type CtaSectionProps = {
  title?: string;
  text?: string;
  /** Label of the button to /contact. */
  contactLabel?: string;
};

/** Closing call to action: call us, or book a free estimate on /contact. */
export function CtaSection({
  title = "Ready for a Dry, Healthy Home?",
  text = "Schedule your free inspection today. We'll find the source of the moisture and give you a clear, written estimate, with no pressure and no obligation.",
  contactLabel = "Schedule Free Estimate",
}: CtaSectionProps) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} bgGradient="to-r" gradientFrom="brand.800" gradientTo="brand.950" color="white">
      <Container maxW="4xl" py={{ base: "14", md: "20" }} textAlign="center">
        <Stack gap="5" align="center">
          <Heading as="h2" id={headingId} size={{ base: "2xl", md: "4xl" }} letterSpacing="tight">
            {title}
          </Heading>
          <Text textStyle={{ base: "md", md: "lg" }} color="brand.50" maxW="2xl">
            {text}
          </Text>
          <Stack direction={{ base: "column", sm: "row" }} gap="4" pt="2" w={{ base: "full", sm: "auto" }}>
            <Button asChild colorPalette="accent" size="lg">
              <Link to="/contact">{contactLabel}</Link>
            </Button>
            <CallButton variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }} />
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
