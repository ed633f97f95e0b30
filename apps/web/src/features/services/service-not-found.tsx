import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { Link } from "@tanstack/react-router";
import { PageMain } from "../../components/page-main";

/** An unknown /services/{serviceId} (the server answers 404). */
export function ServiceNotFound() {
  return (
    <PageMain flex="1">
      <Container maxW="2xl" py={{ base: "16", md: "24" }}>
        <Stack gap="6" align="flex-start">
          <Text textStyle="sm" fontWeight="semibold" color="brand.fg">
            Error 404
          </Text>
          <Heading as="h1" size={{ base: "3xl", md: "4xl" }} color="brand.950">
            Service not found
          </Heading>
          <Text textStyle="lg" color="fg.muted">
            We couldn&apos;t locate that service...
          </Text>
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/services">View all services</Link>
          </Button>
        </Stack>
      </Container>
    </PageMain>
  );
}
