import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { ReactNode } from "react";

/** A translucent card beside a page hero's text, on large screens only (PageHero's `aside`). */
export function HeroCard({ title, gap = "4", children }: { title: string; gap?: "4" | "5"; children: ReactNode }) {
  return (
    <Stack
      display={{ base: "none", lg: "flex" }}
      gap={gap}
      p="8"
      rounded="2xl"
      bg="whiteAlpha.100"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
    >
      <Text fontWeight="bold" fontSize="lg">
        {title}
      </Text>
      {children}
    </Stack>
  );
}
