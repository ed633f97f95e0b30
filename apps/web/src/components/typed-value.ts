/**
 * How a date or time field takes what is typed into it: as a whole. A browser's date field
 * reports a value after each key once its parts add up to a date (typing 12012026 passes through
 * the years 0002, 0020 and 0202), so a form that acted on each of them jumped the calendar, moved
 * other fields and redrew this one under the typing fingers. Typed values wait as a draft, which
 * is committed on Enter or when the field is left; a value picked from the browser's picker (or
 * set without a key) is committed at once.
 */
export type TypedValue = {
  /** What is typed so far and not yet committed; null when the field shows the form's value. */
  draft: string | null;
};

export const untyped: TypedValue = { draft: null };

/** What to do: the field's next state, and the value to hand to the form, if any. */
export type TypedStep = { state: TypedValue; commit?: string };

/** The field's value changed: by a key (held as a draft), or by the picker or a paste (committed). */
export function valueChanged(value: string, byKey: boolean): TypedStep {
  return byKey ? { state: { draft: value } } : { state: untyped, commit: value };
}

/** Enter, or the field left: the draft, if there is one, is committed (unless it is the form's value already). */
export function finishTyping(state: TypedValue, formValue: string): TypedStep {
  if (state.draft === null || state.draft === formValue) return { state: untyped };
  return { state: untyped, commit: state.draft };
}

/** The value the field shows: the draft while typing, else the form's. */
export function shownValue(state: TypedValue, formValue: string): string {
  return state.draft ?? formValue;
}
