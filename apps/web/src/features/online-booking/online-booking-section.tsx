import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Checkbox } from "@chakra-ui/react/checkbox";
import { Heading } from "@chakra-ui/react/heading";
import { Link } from "@chakra-ui/react/link";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { dayNames } from "@crawlguard/validators";
import { ExternalLink, Plus, Save, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { DateTimeInput } from "../../components/date-time-input";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { serverIssues } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { LoadError } from "../dashboard/load-error";
import { LabelledSwitch } from "../availability/labelled-switch";
import { useStaff } from "../staff/use-staff";
import { type BookingDraft, draftErrors, type DraftErrors, newWindow, toDraft, toInput, type WindowDraft } from "./online-booking-model";

const DAY_OPTIONS = dayNames.map((label, value) => ({ value: String(value), label }));

/**
 * Online booking (docs/product.md "Online booking"), under Availability: whether homeowners can
 * book on /book, the weekly arrival windows, notice, horizon, who can be booked and the service
 * area, with a preview of the next free windows. Office staff see it; only an admin saves it.
 */
export default function OnlineBookingSection({ canEdit }: { canEdit: boolean }) {
  const headingId = useId();
  const settings = trpc.onlineBooking.settings.useQuery();
  if (settings.isPending) return <CenteredSpinner label="Loading online booking" minH="40" />;
  if (settings.isError) return <LoadError what="online booking" error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="5">
      <Box>
        <Heading as="h3" size="md" id={headingId}>
          Online booking
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          Homeowners pick an arrival window for their free inspection on{" "}
          <Link href="/book" target="_blank" rel="noopener" colorPalette="brand" variant="underline">
            the booking page
            <ExternalLink aria-hidden="true" size="14" />
          </Link>
          . A window is offered while someone who can be booked is free for all of it. Times are in the business time zone (
          {settings.data.timeZone}).
        </Text>
      </Box>
      <SettingsForm key={settings.dataUpdatedAt} initial={toDraft(settings.data)} canEdit={canEdit} />
      <Preview />
    </Stack>
  );
}

function SettingsForm({ initial, canEdit }: { initial: BookingDraft; canEdit: boolean }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({ windows: {} });
  const staff = useStaff();
  const utils = trpc.useUtils();
  const save = trpc.onlineBooking.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.onlineBooking.settings.setData(undefined, saved);
      void utils.onlineBooking.preview.invalidate();
      setErrors({ windows: {} });
      showToast({
        title: "Online booking saved",
        description: saved.enabled ? "Homeowners can book online." : "Online booking is off.",
        type: "success",
      });
    },
    onError: (error) => {
      const issues = serverIssues(error);
      setErrors(draftErrors(draft, issues));
      showToast({
        title: "Failed to save online booking",
        description: issues.length ? "Check the fields marked." : toastErrorText(error),
        type: "error",
      });
    },
  });
  const set = <K extends keyof BookingDraft>(field: K, value: BookingDraft[K]) => setDraft((d) => ({ ...d, [field]: value }));
  const setWindow = (key: number, change: Partial<WindowDraft>) =>
    setDraft((d) => ({ ...d, windows: d.windows.map((w) => (w.key === key ? { ...w, ...change } : w)) }));
  const disabled = !canEdit || save.isPending;

  return (
    <chakra.form
      noValidate
      aria-label="Online booking settings"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(toInput(draft));
      }}
    >
      <Card.Root>
        <Card.Body gap="5">
          <LabelledSwitch
            checked={draft.enabled}
            onChange={(on) => set("enabled", on)}
            label="Homeowners can book online"
            disabled={disabled}
          />
          {!canEdit ? (
            <Text textStyle="sm" color="fg.muted">
              Only an admin can change these settings.
            </Text>
          ) : null}

          <Stack as="fieldset" gap="3">
            <Text as="legend" fontWeight="semibold" mb="2">
              Arrival windows (every week)
            </Text>
            {draft.windows.length === 0 ? <Text color="fg.muted">No windows: nothing can be booked.</Text> : null}
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {draft.windows.map((w, i) => (
                <Box as="li" key={w.key} aria-label={`Window ${i + 1}`}>
                  <HStack gap="2" align="end" wrap="wrap">
                    <Box flex="1 1 10rem">
                      <FormField label={`Window ${i + 1}: day`}>
                        <SelectControl
                          value={w.dayOfWeek}
                          options={DAY_OPTIONS}
                          onChange={(v) => setWindow(w.key, { dayOfWeek: v })}
                          disabled={disabled}
                        />
                      </FormField>
                    </Box>
                    <Box flex="1 1 7rem">
                      <FormField label="From">
                        <DateTimeInput type="time" value={w.start} onCommit={(v) => setWindow(w.key, { start: v })} disabled={disabled} />
                      </FormField>
                    </Box>
                    <Box flex="1 1 7rem">
                      <FormField label="To">
                        <DateTimeInput type="time" value={w.end} onCommit={(v) => setWindow(w.key, { end: v })} disabled={disabled} />
                      </FormField>
                    </Box>
                    <Button
                      variant="outline"
                      colorPalette="red"
                      aria-label={`Remove window ${i + 1}`}
                      onClick={() => setDraft((d) => ({ ...d, windows: d.windows.filter((o) => o.key !== w.key) }))}
                      disabled={disabled}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </HStack>
                  {errors.windows[w.key] ? (
                    <Text color="fg.error" textStyle="sm" mt="1" role="alert">
                      {errors.windows[w.key]}
                    </Text>
                  ) : null}
                </Box>
              ))}
            </Stack>
            <Box>
              <Button variant="outline" onClick={() => set("windows", [...draft.windows, newWindow(draft.windows)])} disabled={disabled}>
                <Plus aria-hidden="true" />
                Add window
              </Button>
            </Box>
          </Stack>

          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Notice (hours)" error={errors.noticeHours} helper="The soonest a window may start, from now.">
              <Input
                inputMode="numeric"
                value={draft.noticeHours}
                onChange={(e) => set("noticeHours", e.target.value)}
                disabled={disabled}
              />
            </FormField>
            <FormField label="Book up to (days ahead)" error={errors.horizonDays} helper="How far ahead windows are offered.">
              <Input
                inputMode="numeric"
                value={draft.horizonDays}
                onChange={(e) => set("horizonDays", e.target.value)}
                disabled={disabled}
              />
            </FormField>
          </SimpleGrid>

          <Stack as="fieldset" gap="2">
            <Text as="legend" fontWeight="semibold" mb="2">
              Who can be booked
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
              {staff.list.map((member) => (
                <Checkbox.Root
                  key={member.id}
                  checked={draft.bookableUserIds.includes(member.id)}
                  onCheckedChange={(d) =>
                    set(
                      "bookableUserIds",
                      d.checked === true ? [...draft.bookableUserIds, member.id] : draft.bookableUserIds.filter((id) => id !== member.id),
                    )
                  }
                  colorPalette="brand"
                  disabled={disabled}
                >
                  <Checkbox.HiddenInput name="bookableUserIds" value={member.id} />
                  <Checkbox.Control />
                  <Checkbox.Label>{member.displayName}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
            {errors.bookableUserIds ? (
              <Text color="fg.error" textStyle="sm" role="alert">
                {errors.bookableUserIds}
              </Text>
            ) : null}
          </Stack>

          <FormField
            label="Service zip codes"
            error={errors.zipCodes}
            helper="Five-digit zip codes, separated by commas or spaces. Empty: every zip code. Others are asked to call."
          >
            <Textarea value={draft.zipCodes} onChange={(e) => set("zipCodes", e.target.value)} disabled={disabled} rows={3} />
          </FormField>

          {errors.other ? (
            <Text color="fg.error" role="alert">
              {errors.other}
            </Text>
          ) : null}
          {canEdit ? (
            <Box>
              <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText="Saving...">
                <Save aria-hidden="true" />
                Save online booking
              </Button>
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
    </chakra.form>
  );
}

/** The next free windows as the saved settings make them, and how many people are free for each. */
function Preview() {
  const headingId = useId();
  const preview = trpc.onlineBooking.preview.useQuery(undefined, { staleTime: 0 });
  return (
    <Stack as="section" aria-labelledby={headingId} gap="2">
      <Heading as="h4" size="sm" id={headingId}>
        Next free windows
      </Heading>
      {preview.isPending ? <CenteredSpinner label="Loading the next free windows" minH="16" /> : null}
      {preview.isError ? <LoadError what="the next free windows" error={preview.error} onRetry={() => void preview.refetch()} /> : null}
      {preview.data ? (
        <>
          {!preview.data.enabled ? (
            <Text textStyle="sm" color="fg.muted">
              Online booking is off: homeowners don&apos;t see these yet.
            </Text>
          ) : null}
          {preview.data.windows.length === 0 ? (
            <Text color="fg.muted">No free windows: check the windows, who can be booked and their working hours.</Text>
          ) : (
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {preview.data.windows.map((w) => (
                <HStack as="li" key={w.start} justify="space-between" gap="3" borderBottomWidth="1px" py="1.5">
                  <Text fontWeight="medium">{w.label}</Text>
                  <Text textStyle="sm" color="fg.muted">
                    {w.freeCount} free
                  </Text>
                </HStack>
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
