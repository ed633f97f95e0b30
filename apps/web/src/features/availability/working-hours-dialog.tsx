import { Box } from "@chakra-ui/react/box";
import { Grid } from "@chakra-ui/react/grid";
import { Stack } from "@chakra-ui/react/stack";
import type { DayOfWeek } from "@crawlguard/validators";
import { useState } from "react";
import { DateTimeInput } from "../../components/date-time-input";
import { FormField } from "../../components/form-field";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { LabelledSwitch } from "./labelled-switch";
import { useAvailabilityInvalidation } from "./use-availability-mutations";
import { type DayErrors, dayName, type WorkingDayDraft, workingWeekErrors } from "./working-hours-model";

type WorkingHoursDialogProps = { open: boolean; onClose: () => void; week: WorkingDayDraft[] };

/**
 * Configure Working Hours (docs/product.md "Screens and routes"): a switch and start/end times per day, saved together
 * by Save All (`workingHours.saveAll`: all seven days or none). Mount it per opening.
 */
export default function WorkingHoursDialog({ open, onClose, week }: WorkingHoursDialogProps) {
  const [days, setDays] = useState<WorkingDayDraft[]>(week);
  const [submitted, setSubmitted] = useState(false);
  const utils = trpc.useUtils();
  const { workingHoursChanged } = useAvailabilityInvalidation();
  const saveAll = trpc.workingHours.saveAll.useMutation({
    onSuccess: (rows) => {
      utils.workingHours.list.setData(undefined, rows);
      workingHoursChanged();
      showToast({ title: "Working hours updated successfully", type: "success" });
      onClose();
    },
    onError: (error) => showToast({ title: "Failed to update working hours", description: toastErrorText(error), type: "error" }),
  });

  const errors = submitted ? workingWeekErrors(days) : {};
  const change = (dayOfWeek: DayOfWeek, patch: Partial<WorkingDayDraft>) =>
    setDays((current) => current.map((day) => (day.dayOfWeek === dayOfWeek ? { ...day, ...patch } : day)));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(workingWeekErrors(days)).length > 0) return;
    saveAll.mutate({ days });
  };

  const dirty = useChangedSinceOpen(days);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Configure Working Hours"
      description="Turn each day on or off and set its hours. Times are in the business time zone."
      onSubmit={submit}
      submitLabel="Save All"
      pendingLabel="Saving..."
      pending={saveAll.isPending}
    >
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {days.map((day) => (
          <DayRow key={day.dayOfWeek} day={day} errors={errors[day.dayOfWeek]} onChange={(patch) => change(day.dayOfWeek, patch)} />
        ))}
      </Stack>
    </FormDialog>
  );
}

function DayRow({
  day,
  errors,
  onChange,
}: {
  day: WorkingDayDraft;
  errors: DayErrors | undefined;
  onChange: (patch: Partial<WorkingDayDraft>) => void;
}) {
  const name = dayName(day.dayOfWeek);
  return (
    <Grid as="li" templateColumns={{ base: "1fr 1fr", md: "10rem 1fr 1fr" }} gap="3" alignItems="start" borderBottomWidth="1px" pb="3">
      <Box gridColumn={{ base: "1 / -1", md: "auto" }} pt={{ md: "7" }}>
        <LabelledSwitch checked={day.isActive} onChange={(isActive) => onChange({ isActive })} label={name} />
      </Box>
      <TimeField
        label="Start"
        name={`${name} start time`}
        value={day.startTime}
        disabled={!day.isActive}
        error={errors?.startTime}
        onChange={(startTime) => onChange({ startTime })}
      />
      <TimeField
        label="End"
        name={`${name} end time`}
        value={day.endTime}
        disabled={!day.isActive}
        error={errors?.endTime}
        onChange={(endTime) => onChange({ endTime })}
      />
    </Grid>
  );
}

function TimeField({
  label,
  name,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} required={!disabled} error={error}>
      <DateTimeInput type="time" aria-label={name} value={value} disabled={disabled} onCommit={onChange} />
    </FormField>
  );
}
