import { Box } from "@chakra-ui/react/box";
import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { BellRing, type LucideIcon, Mail, NotebookText, RefreshCcw } from "lucide-react";
import { useId } from "react";

const features: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "Automatic Sync",
    description: "Appointments are added when booked, updated when rescheduled and removed when cancelled",
    icon: RefreshCcw,
  },
  { title: "Email Invitations", description: "Clients receive calendar invitations", icon: Mail },
  { title: "Smart Reminders", description: "24 hours and 30 minutes before", icon: BellRing },
  { title: "Rich Details", description: "Client info, service type, location", icon: NotebookText },
];

/** 'Calendar Features' (docs/product.md "Screens and routes"): what the connection does. */
export function FeaturesCard() {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h3" size="md" id={headingId}>
          Calendar Features
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="4" listStyleType="none" m="0" p="0">
          {features.map(({ title, description, icon: Icon }) => (
            <HStack as="li" key={title} gap="3" align="start">
              <Box bg="brand.subtle" color="brand.fg" rounded="l2" p="2" flexShrink={0}>
                <Icon aria-hidden="true" size="18" />
              </Box>
              <Stack gap="0.5">
                <Text fontWeight="semibold">{title}</Text>
                <Text textStyle="sm" color="fg.muted">
                  {description}
                </Text>
              </Stack>
            </HStack>
          ))}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}
