import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { Link } from "@tanstack/react-router";
import { NOT_FOUND_TITLE } from "../lib/head";
import { PageMain } from "./page-main";

/** Shown for any path no route matches; the server answers it with status 404. */
export function NotFoundPage() {
  return (
    <PageMain>
      <Container maxW="2xl" py={{ base: "16", md: "24" }}>
        <Stack gap="6" align="flex-start">
          <Text textStyle="sm" fontWeight="semibold" color="brand.fg">
            Error 404
          </Text>
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
            {NOT_FOUND_TITLE}
          </Heading>
          <Text textStyle="lg" color="fg.muted">
            The page you are looking for does not exist or has moved.
          </Text>
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/">Back to the home page</Link>
          </Button>
        </Stack>
      </Container>
    </PageMain>
  );
}
