import { Alert } from "@chakra-ui/react/alert";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Conflict } from "@crawlguard/validators";
import { useEffect, useId, useRef } from "react";

type ConflictNoticeProps = {
  conflicts: readonly Conflict[];
  /** Book with `confirm: true`. */
  onBookAnyway: () => void;
  /** Dismiss the notice and go back to the date and time. */
  onPickAnother: () => void;
  pending: boolean;
  bookAnywayLabel?: string;
  /** Whose calendar the clashes are in: named under the title. */
  assigneeName?: string | undefined;
};

/**
 * What the requested time clashes with (outside working hours, a time block, another
 * appointment), with "Book anyway" and "Pick another time". Announced when it appears, and
 * focus moves to it so keyboard users land on the choice.
 */
export function ConflictNotice({
  conflicts,
  onBookAnyway,
  onPickAnother,
  pending,
  bookAnywayLabel = "Book anyway",
  assigneeName,
}: ConflictNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Alert.Root ref={ref} status="warning" role="alert" tabIndex={-1} aria-labelledby={titleId} flexDirection="column" gap="3">
      <HStack align="flex-start" gap="3">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title id={titleId}>
            This time clashes with {conflicts.length === 1 ? "something" : `${conflicts.length} things`} already planned
          </Alert.Title>
          <Alert.Description>
            {assigneeName ? (
              <Text>
                In <bdi>{assigneeName}</bdi>&rsquo;s calendar (working hours, time blocks and appointments):
              </Text>
            ) : null}
            <Box as="ul" ps="4" mt="1" listStyleType="disc">
              {conflicts.map((conflict, index) => (
                <li key={`${conflict.kind}-${conflict.id ?? index}-${conflict.start ?? ""}`}>{conflict.message}</li>
              ))}
            </Box>
          </Alert.Description>
        </Alert.Content>
      </HStack>
      <HStack gap="2" justify="flex-end" wrap="wrap">
        <Button type="button" size="sm" variant="outline" onClick={onPickAnother} disabled={pending}>
          Pick another time
        </Button>
        <Button type="button" size="sm" colorPalette="orange" onClick={onBookAnyway} disabled={pending}>
          {bookAnywayLabel}
        </Button>
      </HStack>
    </Alert.Root>
  );
}

/** Under a time select: what the chosen time would clash with, before anything is sent. */
export function ClashHint({ clashes, count = clashes.length }: { clashes: readonly Conflict[]; count?: number }) {
  const more = count - clashes.length;
  return (
    <Text as="span" color="orange.fg">
      Clashes with {clashes.map((c) => c.title).join(", ")}
      {more > 0 ? ` and ${more} more` : ""}
    </Text>
  );
}
