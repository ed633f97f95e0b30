import { Button } from "@chakra-ui/react/button";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { CalendarCheck } from "lucide-react";

/**
 * Beside a contact form while online booking is on: the way to /book, where the homeowner picks
 * their inspection's arrival window themselves. A plain link: /book is a page of its own, served
 * by the server (it works without JavaScript).
 */
export function PickATimeOnline({ enabled }: { enabled: boolean }) {
  if (!enabled) return null;
  return (
    <Stack gap="2" mt="6" pt="5" borderTopWidth="1px" borderColor="border.muted" data-testid="pick-a-time">
      <Text fontWeight="semibold">Rather choose the time yourself?</Text>
      <HStack>
        <Button asChild variant="outline" colorPalette="brand" size="lg" w={{ base: "full", sm: "auto" }}>
          <a href="/book">
            <CalendarCheck aria-hidden="true" />
            Pick a time online
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}
