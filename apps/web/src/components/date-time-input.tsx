import { type ComponentProps, type KeyboardEvent, useRef, useState } from "react";
import { Input } from "./form-controls";
import { finishTyping, shownValue, type TypedStep, type TypedValue, untyped, valueChanged } from "./typed-value";

type DateTimeInputProps = Omit<ComponentProps<typeof Input>, "type" | "value" | "onChange" | "defaultValue"> & {
  type: "date" | "time";
  value: string;
  /** The field's whole new value: on Enter, when the field is left, or at once when picked. */
  onCommit: (value: string) => void;
};

/**
 * A date or time field that hands the form a whole typed value, never one per key (typed-value.ts):
 * typing 12012026 then Enter or Tab gives Dec 1, 2026, and nothing else moves while it is typed.
 * The browser's picker still commits at once. Enter with a value typed commits it and goes no
 * further (a dialog's form is not sent by the Enter that ends a date); Enter again sends it.
 */
export function DateTimeInput({ type, value, onCommit, onKeyDown, onKeyUp, onBlur, ...rest }: DateTimeInputProps) {
  const [state, setState] = useState<TypedValue>(untyped);
  // A key is down: the value it changes is typed, not picked.
  const keyDown = useRef(false);
  const apply = ({ state: next, commit }: TypedStep) => {
    setState(next);
    if (commit !== undefined && commit !== value) onCommit(commit);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    keyDown.current = true;
    if (event.key === "Enter" && state.draft !== null) {
      event.preventDefault();
      apply(finishTyping(state, value));
    }
    onKeyDown?.(event);
  };
  return (
    <Input
      {...rest}
      type={type}
      value={shownValue(state, value)}
      onKeyDown={onKey}
      onKeyUp={(event) => {
        keyDown.current = false;
        onKeyUp?.(event);
      }}
      onChange={(event) => apply(valueChanged(event.target.value, keyDown.current))}
      onBlur={(event) => {
        keyDown.current = false;
        apply(finishTyping(state, value));
        onBlur?.(event);
      }}
    />
  );
}
