import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { WorkingDay } from "@crawlguard/validators";
import { Pencil } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../dashboard/load-error";
import { LabelledSwitch } from "./labelled-switch";
import { useAvailabilityInvalidation } from "./use-availability-mutations";
import { dayName, type WorkingDayDraft, workingDaySummary, workingWeek } from "./working-hours-model";

const WorkingHoursDialog = lazy(() => import("./working-hours-dialog"));

/** Working Hours (docs/product.md "Screens and routes", Availability): seven day cards with a switch each, and Edit Hours. */
export function WorkingHoursSection() {
  const hours = trpc.workingHours.list.useQuery();
  const utils = trpc.useUtils();
  const { workingHoursChanged } = useAvailabilityInvalidation();
  const [dialog, setDialog] = useState({ open: false, key: 0 });

  const update = trpc.workingHours.update.useMutation({
    onSuccess: (day) => {
      utils.workingHours.list.setData(undefined, (rows) => replaceDay(rows, day));
      workingHoursChanged();
      showToast({ title: "Working hours updated successfully", type: "success" });
    },
    onError: (error) => showToast({ title: "Failed to update working hours", description: toastErrorText(error), type: "error" }),
  });

  if (hours.isPending) return <CenteredSpinner label="Loading working hours" minH="40" />;
  if (hours.isError) return <LoadError what="working hours" error={hours.error} onRetry={() => void hours.refetch()} />;
  const week = workingWeek(hours.data);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h3" size="md">
            Working Hours
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            When you can be booked. Times are in the business time zone.
          </Text>
        </Box>
        <Button variant="outline" bg="bg" onClick={() => setDialog((d) => ({ open: true, key: d.key + 1 }))}>
          <Pencil aria-hidden="true" />
          Edit Hours
        </Button>
      </Flex>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 4, xl: 7 }} gap="3" listStyleType="none" m="0" p="0">
        {week.map((day) => (
          <DayCard
            key={day.dayOfWeek}
            day={day}
            pending={update.isPending && update.variables.dayOfWeek === day.dayOfWeek}
            onToggle={(isActive) => update.mutate({ ...day, isActive })}
          />
        ))}
      </SimpleGrid>
      <Suspense fallback={null}>
        {dialog.key > 0 ? (
          <WorkingHoursDialog key={dialog.key} open={dialog.open} week={week} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
        ) : null}
      </Suspense>
    </Stack>
  );
}

function DayCard({ day, pending, onToggle }: { day: WorkingDayDraft; pending: boolean; onToggle: (isActive: boolean) => void }) {
  const name = dayName(day.dayOfWeek);
  return (
    <Card.Root as="li" size="sm" aria-label={name} opacity={day.isActive ? 1 : 0.8} bg={day.isActive ? "bg" : "bg.subtle"}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h4" size="sm">
            {name}
          </Heading>
          <LabelledSwitch checked={day.isActive} onChange={onToggle} label={`${name} open`} hideLabel disabled={pending} />
        </Flex>
        <Text textStyle="sm" color={day.isActive ? "fg" : "fg.muted"} fontWeight={day.isActive ? "medium" : undefined}>
          {workingDaySummary(day)}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function replaceDay(rows: WorkingDay[] | undefined, day: WorkingDay): WorkingDay[] | undefined {
  if (!rows) return rows;
  return rows.some((r) => r.dayOfWeek === day.dayOfWeek) ? rows.map((r) => (r.dayOfWeek === day.dayOfWeek ? day : r)) : [...rows, day];
}
