import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import type { Service } from "@crawlguard/content";
import { Link } from "@tanstack/react-router";
import { ArrowRight } from "lucide-react";
import { ServiceIcon } from "./service-icon";

type ServiceCardProps = {
  service: Service;
  /** Where 'Learn More' goes: the service's own page, or /services (the docs/product.md default). */
  linkTo?: "detail" | "services";
};

/** Icon, title, description and a 'Learn More' link. */
export function ServiceCard({ service, linkTo = "services" }: ServiceCardProps) {
  return (
    <Stack
      as="article"
      gap="4"
      p={{ base: "6", md: "7" }}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      borderColor="gray.200"
      shadow="sm"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: "lg", transform: "translateY(-2px)" }}
    >
      <Box display="grid" placeItems="center" boxSize="12" rounded="lg" bg="brand.50" color="brand.700">
        <ServiceIcon name={service.icon} size={26} />
      </Box>
      <Heading as="h3" size="lg" color="brand.950">
        {service.name}
      </Heading>
      <Text color="fg.muted" flex="1">
        {service.description}
      </Text>
      <chakra.a
        asChild
        display="inline-flex"
        alignItems="center"
        gap="1.5"
        fontWeight="semibold"
        color="brand.700"
        _hover={{ color: "brand.900", gap: "2.5" }}
        transition="gap 0.2s"
        alignSelf="flex-start"
      >
        {linkTo === "detail" ? (
          <Link to="/services/$serviceId" params={{ serviceId: service.id }}>
            Learn More <VisuallyHiddenName name={service.name} />
            <ArrowRight aria-hidden="true" size={16} />
          </Link>
        ) : (
          <Link to="/services">
            Learn More <VisuallyHiddenName name={service.name} />
            <ArrowRight aria-hidden="true" size={16} />
          </Link>
        )}
      </chakra.a>
    </Stack>
  );
}

/** Completes "Learn More" for screen readers and search engines: "Learn More about …". */
function VisuallyHiddenName({ name }: { name: string }) {
  return <chakra.span srOnly>about {name}</chakra.span>;
}
