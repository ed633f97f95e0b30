import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Conflict, TimeBlock, TimeBlockType } from "@crawlguard/validators";
import { type ChangeEvent, useRef, useState } from "react";
import { type FieldErrors, hasErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { serverConflicts, serverIssues } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { DateTimeInput } from "../../components/date-time-input";
import { ConflictNotice } from "../appointments/conflict-notice";
import { LabelledSwitch } from "./labelled-switch";
import {
  blockLength,
  blockTypeOptions,
  latestRepeatUntil,
  newTimeBlock,
  patternOptions,
  type TimeBlockField,
  type TimeBlockValues,
  timeBlockInput,
  timeBlockValues,
  validateTimeBlock,
  withBlockType,
  withStart,
} from "./time-block-form";
import { useAvailabilityInvalidation } from "./use-availability-mutations";

type TimeBlockDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The block to edit; without one the dialog adds a block. */
  block?: TimeBlock | undefined;
  /** Where a new block starts (a calendar slot); default: the next whole hour. */
  start?: { date: string; time: string } | undefined;
};

/** Where the server's field names land in the form. */
const SERVER_FIELD: Record<string, TimeBlockField> = {
  title: "title",
  description: "description",
  startDateTime: "startTime",
  endDateTime: "endTime",
  blockType: "blockType",
  recurringPattern: "recurringPattern",
  recurrenceEndDate: "recurrenceEndDate",
  color: "color",
};

/**
 * Add / Edit Time Block (docs/product.md "Screens and routes", Dialogs): title, description, start, end, type,
 * recurring flag and pattern, colour. Dates and times are the business zone's wall clock; a
 * recurring block repeats at the same wall-clock time. Mount it per opening.
 */
export default function TimeBlockDialog({ open, onClose, block, start }: TimeBlockDialogProps) {
  const zone = useBusinessTimeZone();
  const [values, setValues] = useState<TimeBlockValues>(() =>
    block ? timeBlockValues(block, zone) : newTimeBlock(zone, Date.now(), start),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<TimeBlockField>>({});
  // The user's appointments the block would cover (the server's 409): shown, with "Save anyway".
  const [covered, setCovered] = useState<readonly Conflict[] | null>(null);
  const { timeBlocksChanged } = useAvailabilityInvalidation();
  const failed = (title: string) => (error: unknown) => {
    const conflicts = serverConflicts(error);
    if (conflicts) {
      setCovered(conflicts);
      return;
    }
    const errors: FieldErrors<TimeBlockField> = {};
    for (const issue of serverIssues(error)) {
      const field = SERVER_FIELD[issue.path];
      if (field) errors[field] ??= issue.message;
    }
    setServerErrors(errors);
    showToast({ title, description: toastErrorText(error), type: "error" });
  };
  const create = trpc.timeBlocks.create.useMutation({
    onSuccess: () => {
      timeBlocksChanged();
      showToast({ title: "Time block created successfully", type: "success" });
      onClose();
    },
    onError: failed("Failed to create time block"),
  });
  const update = trpc.timeBlocks.update.useMutation({
    onSuccess: () => {
      timeBlocksChanged();
      showToast({ title: "Time block updated successfully", type: "success" });
      onClose();
    },
    onError: failed("Failed to update time block"),
  });

  const errors: FieldErrors<TimeBlockField> = { ...serverErrors, ...(submitted ? validateTimeBlock(values, zone) : {}) };
  const pending = create.isPending || update.isPending;

  // The block's length as last set by its start and end (not by a half-typed start): moving the
  // start moves the end by it, however the start is entered (typed, picked, arrow keys).
  const length = useRef<number | null>(blockLength(values));
  const set = <K extends TimeBlockField>(field: K, value: TimeBlockValues[K]) => {
    setValues((current) => {
      if (field === "startDate" || field === "startTime") return withStart(current, field, value as string, length.current);
      const next = { ...current, [field]: value };
      if (field === "endDate" || field === "endTime") length.current = blockLength(next) ?? length.current;
      return next;
    });
    setServerErrors({});
    setCovered(null);
  };
  const onInput = (field: TimeBlockField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    set(field, event.target.value as never);

  const submit = (confirm = false) => {
    setSubmitted(true);
    if (hasErrors(validateTimeBlock(values, zone))) return;
    const input = { ...timeBlockInput(values, zone), ...(confirm ? { confirm: true } : {}) };
    if (block) update.mutate({ id: block.id, ...input });
    else create.mutate(input);
  };

  const dirty = useChangedSinceOpen(values);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title={block ? "Edit Time Block" : "Add Time Block"}
      description="Time you cannot be booked. Times are in the business time zone."
      onSubmit={() => submit()}
      submitLabel={block ? "Update Time Block" : "Create Time Block"}
      pendingLabel="Saving..."
      pending={pending}
    >
      <Stack gap="4">
        <FormField label="Title" required error={errors.title}>
          <Input name="title" autoComplete="off" value={values.title} onChange={onInput("title")} />
        </FormField>
        <FormField label="Description">
          <Textarea name="description" rows={2} value={values.description} onChange={onInput("description")} />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label="Start date" required error={errors.startDate}>
            <DateTimeInput name="startDate" type="date" value={values.startDate} onCommit={(value) => set("startDate", value)} />
          </FormField>
          <FormField label="Start time" required error={errors.startTime}>
            <DateTimeInput name="startTime" type="time" value={values.startTime} onCommit={(value) => set("startTime", value)} />
          </FormField>
          <FormField label="End date" required error={errors.endDate}>
            <DateTimeInput
              name="endDate"
              type="date"
              min={values.startDate || undefined}
              value={values.endDate}
              onCommit={(value) => set("endDate", value)}
            />
          </FormField>
          <FormField label="End time" required error={errors.endTime}>
            <DateTimeInput name="endTime" type="time" value={values.endTime} onCommit={(value) => set("endTime", value)} />
          </FormField>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="end">
          <FormField label="Type">
            <SelectControl
              name="blockType"
              value={values.blockType}
              options={blockTypeOptions}
              onChange={(type) => setValues((current) => withBlockType(current, type as TimeBlockType))}
            />
          </FormField>
          <FormField label="Colour" error={errors.color}>
            <HStack gap="2">
              <Input name="color" type="color" value={values.color} onChange={onInput("color")} w="16" p="1" flexShrink={0} />
              <Text textStyle="sm" color="fg.muted" fontFamily="mono">
                {values.color}
              </Text>
            </HStack>
          </FormField>
        </SimpleGrid>
        <Box>
          <LabelledSwitch checked={values.isRecurring} onChange={(isRecurring) => set("isRecurring", isRecurring)} label="Recurring" />
        </Box>
        {values.isRecurring ? (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <FormField label="Repeats" required error={errors.recurringPattern}>
              <SelectControl
                name="recurringPattern"
                value={values.recurringPattern}
                options={patternOptions}
                onChange={(pattern) => set("recurringPattern", pattern as TimeBlockValues["recurringPattern"])}
              />
            </FormField>
            <FormField
              label="Repeat until (optional)"
              error={errors.recurrenceEndDate}
              helper="At most two years after the start; blank repeats for two years."
            >
              <DateTimeInput
                name="recurrenceEndDate"
                type="date"
                min={values.startDate}
                max={latestRepeatUntil(values.startDate)}
                value={values.recurrenceEndDate}
                onCommit={(value) => set("recurrenceEndDate", value)}
              />
            </FormField>
          </SimpleGrid>
        ) : null}
        {covered ? (
          <ConflictNotice
            conflicts={covered}
            pending={pending}
            bookAnywayLabel="Save anyway"
            onBookAnyway={() => submit(true)}
            onPickAnother={() => {
              setCovered(null);
              document.querySelector<HTMLInputElement>('input[name="startDate"]')?.focus();
            }}
          />
        ) : null}
      </Stack>
    </FormDialog>
  );
}
