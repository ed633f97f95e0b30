import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { PageMain } from "./page-main";

/** Shown when a route fails to load or render; never shows the error text to visitors. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <PageMain>
      <Container maxW="2xl" py={{ base: "16", md: "24" }}>
        <Stack gap="6" align="flex-start">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
            Something went wrong
          </Heading>
          <Text textStyle="lg" color="fg.muted">
            This page could not be shown. Please try again in a moment.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            <Button colorPalette="brand" onClick={retry}>
              Try again
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Back to the home page</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </PageMain>
  );
}
