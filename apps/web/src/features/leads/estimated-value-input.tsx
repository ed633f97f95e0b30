import { Input } from "@chakra-ui/react/input";
import { InputGroup } from "@chakra-ui/react/input-group";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { inlineEstimatedValue } from "./lead-form-model";
import { SavedNote, useSavedNote } from "./saved-note";
import { useUpdateLead } from "./use-lead-mutations";

export const INVALID_ESTIMATE_MESSAGE = "Enter an amount of 0 or more";

/**
 * The card's inline estimated value (docs/product.md: '$' number input, min 0, step 100). Saved on blur or
 * Enter when it changed (blank saves 0); a negative or non-numeric value is not saved but
 * marked invalid with a message until corrected; Escape puts the saved value back. The mouse
 * wheel never changes it (a focused number input would otherwise step and save while the page
 * scrolls).
 */
export function EstimatedValueInput({ lead }: { lead: Lead }) {
  const saved = lead.estimatedValue ?? "";
  const [draft, setDraft] = useState(saved);
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const update = useUpdateLead();
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const savedNote = useSavedNote();

  // A save (or a rollback) elsewhere shows here unless the field is being typed in.
  useEffect(() => {
    if (!editing && !invalid) setDraft(saved);
  }, [saved, editing, invalid]);

  // React's wheel listeners are passive: this one may cancel the browser's stepping.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onWheel = (event: WheelEvent) => {
      if (document.activeElement === input) event.preventDefault();
    };
    input.addEventListener("wheel", onWheel, { passive: false });
    return () => input.removeEventListener("wheel", onWheel);
  }, []);

  const commit = (input: HTMLInputElement) => {
    setEditing(false);
    // Text a number input cannot hold ("12abc") reads as "" with badInput set: not blank.
    const value = input.validity.badInput ? null : inlineEstimatedValue(draft);
    if (value === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(value);
    if (value !== saved) update.mutate({ id: lead.id, estimatedValue: value }, { onSuccess: savedNote.flash });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === "Escape") {
      // Do not close a dialog or cancel anything else: this Escape belongs to the field.
      event.stopPropagation();
      const input = event.currentTarget;
      setDraft(saved);
      setInvalid(false);
      // Blur after the reset has rendered, so the blur does not save the typed value.
      requestAnimationFrame(() => input.blur());
    }
  };

  return (
    <Stack gap="1">
      <InputGroup startElement="$" startElementProps={{ color: "fg.muted" }}>
        <Input
          ref={inputRef}
          size="sm"
          type="number"
          min={0}
          step={100}
          inputMode="decimal"
          placeholder="0"
          aria-label={`Estimated value of ${lead.name}`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? messageId : undefined}
          value={draft}
          onFocus={() => setEditing(true)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(event.currentTarget)}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
      {invalid ? (
        <Text id={messageId} textStyle="xs" color="fg.error" role="alert">
          {INVALID_ESTIMATE_MESSAGE}
        </Text>
      ) : (
        <SavedNote shown={savedNote.shown} what="Estimated value saved" />
      )}
    </Stack>
  );
}
