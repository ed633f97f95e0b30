import { Input } from "@chakra-ui/react/input";
import { InputGroup } from "@chakra-ui/react/input-group";
import type { Lead } from "@crawlguard/validators";
import { type KeyboardEvent, useEffect, useState } from "react";
import { estimatedValueInput } from "./lead-form-model";
import { useUpdateLead } from "./use-lead-mutations";

/**
 * The card's inline estimated value (SPEC: '$' number input, min 0, step 100).
 * Saved on blur or Enter when it changed, parsed as a number (0 when it is
 * not one) and sent as a string; Escape puts the saved value back.
 */
export function EstimatedValueInput({ lead }: { lead: Lead }) {
  const saved = lead.estimatedValue ?? "";
  const [draft, setDraft] = useState(saved);
  const [editing, setEditing] = useState(false);
  const update = useUpdateLead();

  // A save (or a rollback) elsewhere shows here unless the field is being typed in.
  useEffect(() => {
    if (!editing) setDraft(saved);
  }, [saved, editing]);

  const commit = () => {
    setEditing(false);
    if (draft.trim() === saved.trim()) return;
    const value = estimatedValueInput(draft) ?? "0";
    setDraft(value);
    if (value !== saved) update.mutate({ id: lead.id, estimatedValue: value });
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
      // Blur after the reset has rendered, so the blur does not save the typed value.
      requestAnimationFrame(() => input.blur());
    }
  };

  return (
    <InputGroup startElement="$" startElementProps={{ color: "fg.muted" }}>
      <Input
        size="sm"
        type="number"
        min={0}
        step={100}
        inputMode="decimal"
        placeholder="0"
        aria-label={`Estimated value of ${lead.name}`}
        value={draft}
        onFocus={() => setEditing(true)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
    </InputGroup>
  );
}
