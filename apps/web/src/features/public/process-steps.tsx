import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";

type Step = { title: string; description: string };

/** Numbered steps (an ordered list), three across on large screens. */
export function ProcessSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
      {steps.map((step, index) => (
        <Stack as="li" key={step.title} gap="4" p="7" rounded="xl" borderWidth="1px" bg="white" shadow="sm">
          <Box
            display="grid"
            placeItems="center"
            boxSize="12"
            rounded="full"
            bg="brand.700"
            color="white"
            fontWeight="extrabold"
            fontSize="xl"
            aria-hidden="true"
          >
            {index + 1}
          </Box>
          <Heading as="h3" size="lg" color="brand.950">
            <Box as="span" srOnly>
              Step {index + 1}:{" "}
            </Box>
            {step.title}
          </Heading>
          <Text color="fg.muted">{step.description}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
