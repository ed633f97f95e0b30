import { Box } from "@chakra-ui/react/box";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { LucideIcon } from "lucide-react";

type IconCardGridProps = {
  items: ReadonlyArray<{ title: string; description: string }>;
  /** One icon per item, reused in turn when there are more items. */
  icons: readonly [LucideIcon, ...LucideIcon[]];
  /** The colour palette of the icon's badge. */
  palette: "brand" | "accent" | "green";
  centered?: boolean;
};

/** A row of four cards, each an icon, a title and a sentence (values, benefits, reasons). */
export function IconCardGrid({ items, icons, palette, centered = false }: IconCardGridProps) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
      {items.map((item, index) => {
        const Icon = icons[index % icons.length] ?? icons[0];
        return (
          <Stack
            key={item.title}
            gap="3"
            p="6"
            bg="white"
            rounded="xl"
            borderWidth="1px"
            shadow="sm"
            {...(centered ? { align: "center", textAlign: "center" } : {})}
          >
            <Box
              display="grid"
              placeItems="center"
              boxSize="12"
              rounded={centered ? "full" : "lg"}
              bg={palette === "accent" ? "accent.100" : `${palette}.50`}
              color={`${palette}.700`}
            >
              <Icon aria-hidden="true" size={24} />
            </Box>
            <Heading as="h3" size="md" color="brand.950">
              {item.title}
            </Heading>
            <Text color="fg.muted" textStyle="sm">
              {item.description}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
