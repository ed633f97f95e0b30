import { Text } from "@chakra-ui/react/text";
import { Check } from "lucide-react";
import { useCallback, useEffect, useState } from "react";

/** How long "Saved" stays after an inline value is saved. */
export const SAVED_NOTE_MS = 2500;

/** A brief "Saved" after an inline save: `flash()` shows it, it goes by itself. */
export function useSavedNote(): { shown: boolean; flash: () => void } {
  const [at, setAt] = useState(0);
  useEffect(() => {
    if (at === 0) return;
    const timer = setTimeout(() => setAt(0), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [at]);
  const flash = useCallback(() => setAt(Date.now()), []);
  return { shown: at !== 0, flash };
}

/**
 * The confirmation itself: a polite live region that stays mounted (so screen readers hear
 * "Saved" when it appears) and holds the word only while it is shown.
 */
export function SavedNote({ shown, what }: { shown: boolean; what: string }) {
  return (
    <Text as="span" role="status" textStyle="xs" color="fg.success" display="inline-flex" alignItems="center" gap="1" minH="4">
      {shown ? (
        <>
          <Check aria-hidden="true" size="1em" />
          <span>Saved</span>
          <Text as="span" srOnly>
            {what}
          </Text>
        </>
      ) : null}
    </Text>
  );
}
