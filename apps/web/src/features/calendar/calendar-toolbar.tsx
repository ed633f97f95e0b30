import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { CalendarPlus, CalendarSync, ChevronLeft, ChevronRight } from "lucide-react";
import { DateTimeInput } from "../../components/date-time-input";
import { SelectControl } from "../../components/form-controls";
import { floatingOf, floatingToWallTime } from "../../lib/business-time";
import { type CalendarScope, type CalendarView, calendarViews, navigateDate, periodName, viewTitle } from "./calendar-model";

const scopeOptions = [
  { value: "mine", label: "My calendar" },
  { value: "all", label: "Everyone" },
  { value: "crew", label: "Crew, side by side" },
];

type CalendarToolbarProps = {
  view: CalendarView;
  onView: (view: CalendarView) => void;
  scope: CalendarScope;
  onScope: (scope: CalendarScope) => void;
  onSchedule: () => void;
  syncing: boolean;
  onSync: () => void;
};

/** The Calendar tab's first row: the views, whose calendar, Schedule Appointment and the Google sync. */
export function CalendarToolbar({ view, onView, scope, onScope, onSchedule, syncing, onSync }: CalendarToolbarProps) {
  return (
    <Flex gap="3" justify="space-between" align={{ base: "stretch", lg: "center" }} direction={{ base: "column", lg: "row" }}>
      <HStack gap="1" role="group" aria-label="Calendar view" bg="bg" borderWidth="1px" rounded="l2" p="1" overflowX="auto">
        {calendarViews.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={view === option.value ? "solid" : "ghost"}
            colorPalette={view === option.value ? "brand" : "gray"}
            aria-pressed={view === option.value}
            onClick={() => onView(option.value)}
            flexShrink={0}
          >
            {option.label}
          </Button>
        ))}
      </HStack>
      <Flex gap="2" wrap="wrap" align="center">
        <Box minW="36" bg="bg" rounded="l2">
          <SelectControl
            aria-label="Whose calendar"
            size="sm"
            value={scope}
            options={scopeOptions}
            onChange={(value) => onScope(value as CalendarScope)}
          />
        </Box>
        <Button size="sm" colorPalette="brand" onClick={onSchedule}>
          <CalendarPlus aria-hidden="true" />
          Schedule Appointment
        </Button>
        <Button size="sm" variant="outline" bg="bg" disabled={syncing} onClick={onSync}>
          <CalendarSync aria-hidden="true" />
          {syncing ? "Syncing..." : "Sync with Google Calendar"}
        </Button>
      </Flex>
    </Flex>
  );
}

type CalendarNavigationProps = {
  view: CalendarView;
  /** Floating date within the period shown. */
  date: Date;
  /** The business zone's wall clock now, floating. */
  now: Date;
  onDate: (date: Date) => void;
  loading: boolean;
};

/**
 * The period's title, and for the grids Today, previous, next and "Go to date" (a typed date is
 * taken on Enter or blur).
 */
export function CalendarNavigation({ view, date, now, onDate, loading }: CalendarNavigationProps) {
  const title = viewTitle(view, date);
  if (view === "schedule") {
    return (
      <Heading as="h2" size="lg">
        {title}
      </Heading>
    );
  }
  const period = periodName(view);
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Button size="sm" variant="outline" bg="bg" onClick={() => onDate(navigateDate(view, date, "TODAY", now))}>
        Today
      </Button>
      <IconButton
        size="sm"
        variant="outline"
        bg="bg"
        aria-label={`Previous ${period}`}
        onClick={() => onDate(navigateDate(view, date, "PREV", now))}
      >
        <ChevronLeft aria-hidden="true" />
      </IconButton>
      <IconButton
        size="sm"
        variant="outline"
        bg="bg"
        aria-label={`Next ${period}`}
        onClick={() => onDate(navigateDate(view, date, "NEXT", now))}
      >
        <ChevronRight aria-hidden="true" />
      </IconButton>
      <Heading as="h2" size="lg" aria-live="polite" ms="1" me="auto">
        {title}
      </Heading>
      <DateTimeInput
        type="date"
        size="sm"
        w="auto"
        bg="bg"
        aria-label="Go to date"
        value={floatingToWallTime(date).date}
        onCommit={(value) => {
          const day = floatingOf(value);
          if (day) onDate(day);
        }}
      />
      {loading ? (
        <Text textStyle="xs" color="fg.muted">
          Loading…
        </Text>
      ) : null}
    </Flex>
  );
}
