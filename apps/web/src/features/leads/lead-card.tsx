import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Link } from "@chakra-ui/react/link";
import { NativeSelect } from "@chakra-ui/react/native-select";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone, getServiceLabel } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { animate } from "framer-motion/dom/mini";
import { CalendarClock, CalendarPlus, GripVertical, Mail, MapPin, Pencil, Phone, Trash2, Wrench } from "lucide-react";
import { type ChangeEvent, memo, type ReactNode, useEffect } from "react";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { EstimatedValueInput } from "./estimated-value-input";
import { type ColumnId, columnOf, type LeadPriority, priorityOptions, priorityPalette, statusLabels, statusPalette, truncate } from "./lead-board-model";
import { formatScheduled } from "./lead-schedule";
import { useUpdateLead } from "./use-lead-mutations";

/** docs/product.md §9: notes are cut at 100 characters on lead cards. */
const NOTES_MAX = 100;

export type DragHandle = {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

type LeadCardProps = {
  lead: Lead;
  handle: DragHandle;
  isDragging: boolean;
  onDelete: (lead: Lead) => void;
};

/** One lead on the board (docs/product.md §2, Lead card). Memoised: a board can hold thousands. */
/** The card to reveal when it next appears in that column (just dropped there), and whether its handle takes the focus. */
let pendingReveal: { leadId: string; column: ColumnId; focus: boolean } | null = null;

/**
 * After a move the card is drawn anew in its new column (or, when the save fails, back in its
 * old one). There it is scrolled into sight and briefly highlighted (framer-motion), so a drop
 * at the edge of a phone's screen is not lost; after a keyboard move its handle also takes the
 * focus, instead of the focus falling to the page.
 */
export function revealWhenShown(leadId: string, column: ColumnId, focus: boolean): void {
  pendingReveal = { leadId, column, focus };
}

function reveal(handle: HTMLElement, focus: boolean) {
  const card = handle.closest("article") ?? handle;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  card.scrollIntoView({ block: "nearest", inline: "nearest", behavior: still ? "auto" : "smooth" });
  if (focus) handle.focus({ preventScroll: true });
  if (!still) {
    void animate(
      card,
      { transform: ["scale(1.04)", "scale(1)"], boxShadow: ["0 0 0 3px rgb(19 103 137 / 0.6)", "0 0 0 0 rgb(19 103 137 / 0)"] },
      { duration: 0.6, ease: "easeOut" },
    );
  }
}

export const LeadCard = memo(function LeadCard({ lead, handle, isDragging, onDelete }: LeadCardProps) {
  useEffect(() => {
    if (pendingReveal?.leadId !== lead.id || pendingReveal.column !== columnOf(lead.status)) return;
    const { focus } = pendingReveal;
    pendingReveal = null;
    const handleElement = document.querySelector<HTMLElement>(`[data-lead-handle="${CSS.escape(lead.id)}"]`);
    if (handleElement) reveal(handleElement, focus);
  });
  const { openBooking, openLeadForm, showInCalendar } = useDashboardActions();
  const scheduledAt = lead.scheduledDate;
  const zone = useBusinessTimeZone();
  const scheduled = scheduledAt ? formatScheduled(scheduledAt, zone) : null;

  return (
    <Card.Root
      as="article"
      size="sm"
      aria-label={lead.name}
      // The whole card drags (pointer and touch; the sensors skip its fields, links and buttons);
      // its text is not selectable, so a press-and-move never drags text into a field.
      {...handle.listeners}
      cursor="grab"
      userSelect="none"
      opacity={isDragging ? 0.4 : 1}
      borderColor={isDragging ? "brand.solid" : undefined}
      borderStyle={isDragging ? "dashed" : undefined}
    >
      <Card.Body gap="3">
        <Flex align="flex-start" gap="1">
          <IconButton
            ref={handle.setActivatorNodeRef}
            data-lead-handle={lead.id}
            {...handle.attributes}
            aria-label={`Move ${lead.name}`}
            variant="ghost"
            size="xs"
            ms="-2"
            cursor="grab"
            touchAction="manipulation"
            color="fg.muted"
          >
            <GripVertical aria-hidden="true" />
          </IconButton>
          <Heading as="h3" size="sm" lineClamp={2} flex="1" pt="1" wordBreak="break-word">
            {lead.name}
          </Heading>
        </Flex>

        <HStack justify="space-between" gap="2">
          <PrioritySelect lead={lead} />
          <Badge colorPalette={statusPalette[lead.status]} variant="subtle">
            {statusLabels[lead.status]}
          </Badge>
        </HStack>

        <Stack gap="1.5" textStyle="sm">
          <Detail icon={<Mail />} label="Email">
            <Link href={`mailto:${lead.email}`} color="fg" truncate display="block" title={lead.email}>
              {lead.email}
            </Link>
          </Detail>
          {lead.phone ? (
            <Detail icon={<Phone />} label="Phone">
              <Link href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} color="fg">
                {formatPhone(lead.phone)}
              </Link>
            </Detail>
          ) : null}
          {lead.address || lead.zipCode ? (
            <Detail icon={<MapPin />} label="Address">
              <Text as="span">
                {lead.address}
                {lead.address && lead.zipCode ? ", " : ""}
                {lead.zipCode ? `Zip ${lead.zipCode}` : ""}
              </Text>
            </Detail>
          ) : null}
          <Detail icon={<Wrench />} label="Service">
            <Text as="span">{getServiceLabel(lead.service)}</Text>
          </Detail>
        </Stack>

        <EstimatedValueInput lead={lead} />

        {lead.notes ? (
          <Text textStyle="sm" color="fg.muted" title={lead.notes.length > NOTES_MAX ? lead.notes : undefined} wordBreak="break-word">
            {truncate(lead.notes, NOTES_MAX)}
          </Text>
        ) : null}

        {scheduled && scheduledAt ? (
          <Button
            variant="subtle"
            colorPalette="brand"
            size="xs"
            justifyContent="flex-start"
            onClick={() => showInCalendar(scheduledAt)}
            aria-label={`Scheduled ${scheduled.date} at ${scheduled.time}. Open in calendar`}
          >
            <CalendarClock aria-hidden="true" />
            {scheduled.date} · {scheduled.time}
          </Button>
        ) : null}

        <HStack gap="1" justify="space-between" pt="1" borderTopWidth="1px">
          <Button variant="ghost" colorPalette="brand" size="xs" onClick={() => openBooking(lead)}>
            <CalendarPlus aria-hidden="true" />
            Book Appointment
          </Button>
          <HStack gap="0">
            <IconButton aria-label={`Edit ${lead.name}`} variant="ghost" size="xs" onClick={() => openLeadForm(lead)}>
              <Pencil aria-hidden="true" />
            </IconButton>
            <IconButton aria-label={`Delete ${lead.name}`} variant="ghost" colorPalette="red" size="xs" onClick={() => onDelete(lead)}>
              <Trash2 aria-hidden="true" />
            </IconButton>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Flex gap="2" align="flex-start" minW="0">
      <Box as="span" color="fg.muted" mt="0.5" flexShrink={0} css={{ "& svg": { width: "3.5", height: "3.5" } }} aria-hidden="true">
        {icon}
      </Box>
      <Box as="span" srOnly>
        {label}:
      </Box>
      <Box minW="0" flex="1">
        {children}
      </Box>
    </Flex>
  );
}

/** Priority right on the card (docs/product.md: low, medium, high; high red, medium yellow, low green). */
function PrioritySelect({ lead }: { lead: Lead }) {
  const update = useUpdateLead();
  const palette = priorityPalette[lead.priority];
  return (
    <NativeSelect.Root size="xs" width="auto">
      <NativeSelect.Field
        aria-label={`Priority of ${lead.name}`}
        value={lead.priority}
        bg={`${palette}.subtle`}
        color={`${palette}.fg`}
        borderColor={`${palette}.muted`}
        fontWeight="medium"
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          update.mutate({ id: lead.id, priority: event.target.value as LeadPriority })
        }
      >
        {priorityOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator color={`${palette}.fg`} />
    </NativeSelect.Root>
  );
}
