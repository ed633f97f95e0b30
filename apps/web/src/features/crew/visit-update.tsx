import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { type CrewJob, LEAD_NOTE_MAX } from "@crawlguard/validators";
import { useId, useState } from "react";
import { Input, Textarea } from "../../components/form-controls";
import { FormField } from "../../components/form-field";
import { trpcErrorText } from "../../lib/http-error";
import { trpc } from "../../lib/trpc";
import { ChoiceChips } from "./choice-chips";
import { statusLabels } from "../leads/lead-board-model";
import { useUpdateLead } from "../leads/use-lead-mutations";
import { VISIT_STATUSES } from "./crew-model";
import { useMyDayInvalidation } from "./use-my-day";

type Status = CrewJob["status"];

/**
 * After the visit: the status (one tap), the value and a note, saved together with one button.
 * The status and value go through the lead's own update; the note is a timeline entry beside the
 * lead's notes, which stay its summary.
 */
export function VisitUpdate({ job }: { job: CrewJob }) {
  const headingId = useId();
  const [saved, setSaved] = useState({ status: job.status, value: job.estimatedValue ?? "" });
  const [status, setStatus] = useState<Status>(job.status);
  const [value, setValue] = useState(job.estimatedValue ?? "");
  const [note, setNote] = useState("");
  const [message, setMessage] = useState<{ kind: "done" | "error"; text: string } | null>(null);
  const update = useUpdateLead({ optimistic: true, toastErrors: false });
  const addNote = trpc.leadNotes.create.useMutation();
  const utils = trpc.useUtils();
  const invalidateDay = useMyDayInvalidation();
  const statuses = VISIT_STATUSES.includes(job.status) ? VISIT_STATUSES : [job.status, ...VISIT_STATUSES];

  const changed = { status: status !== saved.status, value: value.trim() !== saved.value.trim(), note: note.trim() !== "" };
  const pending = update.isPending || addNote.isPending;
  const paused = update.isPaused || addNote.isPaused;

  const save = async () => {
    setMessage(null);
    try {
      if (changed.status || changed.value) {
        await update.mutateAsync({
          id: job.leadId,
          ...(changed.status ? { status } : {}),
          ...(changed.value ? { estimatedValue: value.trim() } : {}),
        });
        setSaved({ status, value: value.trim() });
      }
      if (changed.note) {
        await addNote.mutateAsync({ id: job.leadId, text: note });
        setNote("");
      }
      setMessage({ kind: "done", text: "Saved." });
    } catch (error) {
      setMessage({ kind: "error", text: trpcErrorText(error) });
    } finally {
      void utils.leads.timeline.invalidate({ id: job.leadId });
      invalidateDay();
    }
  };

  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h3" id={headingId} size="md">
        Update the job
      </Heading>
      <ChoiceChips<(typeof statuses)[number]>
        legend="Status"
        choices={statuses}
        value={status}
        onChange={setStatus}
        labelOf={(s) => statusLabels[s]}
      />
      <FormField label="Value ($)" helper="The job's estimated value in dollars.">
        <Input inputMode="decimal" autoComplete="off" size="lg" value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      <FormField label="Add a note" helper={`What you saw or did. ${note.length}/${LEAD_NOTE_MAX}`}>
        <Textarea value={note} maxLength={LEAD_NOTE_MAX} rows={3} size="lg" onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <Button
        size="lg"
        colorPalette="brand"
        onClick={() => void save()}
        disabled={pending || !(changed.status || changed.value || changed.note)}
      >
        {pending ? "Saving…" : "Save update"}
      </Button>
      <div role="status" aria-live="polite">
        {paused ? (
          <Text color="orange.fg">No signal: it is sent as soon as the signal is back. Keep this open.</Text>
        ) : message ? (
          <Text color={message.kind === "done" ? "green.fg" : "fg.error"}>{message.text}</Text>
        ) : null}
      </div>
    </Stack>
  );
}
