import type { Conflict, Lead } from "@crawlguard/validators";
import { type ChangeEvent, useRef, useState } from "react";
import { type FieldErrors, hasErrors } from "../../lib/form-errors";
import { serverConflicts, serverFieldErrors } from "../../lib/server-issues";
import { showToast, type ToastInput } from "../../lib/toaster";
import { useChangedSinceOpen } from "../dashboard/form-dialog";
import { useAppointmentSaved } from "./use-appointment-cache";

type AppointmentFormOptions<V extends Record<string, string>> = {
  initial: V | (() => V);
  /** The fields a server's issue can be shown under. */
  fields: readonly (keyof V & string)[];
  /** Client-side checks, in the business time zone. */
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** Changing one of these makes the conflicts on show stale: they are dropped. */
  timingFields: readonly (keyof V & string)[];
  /** Books; resolves with the booked lead. A clash rejects with a 409 that carries `conflicts`. */
  send: (values: V, confirm: boolean) => Promise<Lead>;
  saved: Pick<ToastInput, "title" | "description">;
  failed: Pick<ToastInput, "title" | "description">;
  onClose: () => void;
};

/**
 * The state both booking dialogs share (docs/product.md "Screens and routes", Dialogs): the values, validation on
 * submit and then on every change (a past date at once), the server's field issues, and the
 * conflict round trip: a clash saves nothing and shows what it clashes with until the person
 * books anyway (`confirm`) or picks another time (focus goes back to the time select).
 */
export function useAppointmentForm<V extends Record<string, string> & { appointmentDate: string }>({
  initial,
  fields,
  validate,
  timingFields,
  send,
  saved,
  failed,
  onClose,
}: AppointmentFormOptions<V>) {
  type Field = keyof V & string;
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [conflicts, setConflicts] = useState<readonly Conflict[] | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors<Field>>({});
  const timeRef = useRef<HTMLDivElement>(null);
  const appointmentSaved = useAppointmentSaved();
  const dirty = useChangedSinceOpen(values);

  const live = validate(values);
  const dateField = "appointmentDate" as Field;
  const pastDate = values[dateField] ? live[dateField] : undefined;
  const errors: FieldErrors<Field> = { ...serverErrors, ...(submitted ? live : pastDate ? { [dateField]: pastDate } : {}) };

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest as FieldErrors<Field>);
    if (timingFields.includes(field)) setConflicts(null);
  };
  const onInput = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field)(event.target.value);

  /** Replaces the values at once (a lead chosen in the combobox): old conflicts and issues go. */
  const replace = (update: (current: V) => V) => {
    setValues(update);
    setConflicts(null);
    setServerErrors({});
  };

  const submit = async (confirm: boolean) => {
    setSubmitted(true);
    if (hasErrors(validate(values))) return;
    try {
      appointmentSaved(await send(values, confirm));
      showToast({ ...saved, type: "success" });
      onClose();
    } catch (error) {
      // Not booked: a 409 says what the time clashes with, for "Book anyway" or another time.
      const clashes = serverConflicts(error);
      if (clashes) {
        setConflicts(clashes);
        return;
      }
      setConflicts(null);
      setServerErrors(serverFieldErrors(error, fields));
      showToast({ ...failed, type: "error" });
    }
  };

  const pickAnother = () => {
    setConflicts(null);
    timeRef.current?.querySelector("select")?.focus();
  };

  return { values, errors, set, onInput, replace, submit, conflicts, pickAnother, timeRef, dirty };
}
