import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Link } from "@chakra-ui/react/link";
import { NativeSelect } from "@chakra-ui/react/native-select";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone } from "@crawlguard/content";
import type { Lead } from "@crawlguard/validators";
import { CalendarPlus, FilePlus2, History, Mail, MapPin, Pencil, Phone, Trash2 } from "lucide-react";
import { type ChangeEvent, type ReactNode, useId, useState } from "react";
import { isCrew } from "../auth/roles";
import { useSession } from "../auth/use-session";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { useQuoteBuilder } from "../quotes/lead-quotes";
import { AssigneeSelect } from "./lead-assignee";
import { EstimatedValueInput } from "./estimated-value-input";
import { LeadTimeline } from "./lead-timeline";
import { type LeadPriority, priorityOptions, priorityPalette, statusLabels, statusPalette, truncate } from "./lead-board-model";
import { SavedNote, useSavedNote } from "./saved-note";
import { useUpdateLead } from "./use-lead-mutations";

/** docs/product.md "Business constants and limits": notes are cut at 100 characters on lead cards. */
const NOTES_MAX = 100;

/**
 * The rest of a lead card (docs/product.md "Screens and routes", Lead card), drawn only while open: the priority
 * selector, the status badge, email and phone links, address and zip, the editable estimated
 * value, the notes, the assignee, and "Book Appointment", edit and delete (not for crew, whom the
 * server refuses: docs/product.md "Roles and permissions").
 */
export function LeadCardDetails({ id, lead, onDelete }: { id: string; lead: Lead; onDelete: (lead: Lead) => void }) {
  const { openBooking, openLeadForm } = useDashboardActions();
  // The lead's timeline, reachable from the card, not only from Edit Lead.
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyId = useId();
  const crew = isCrew(useSession().user);
  const quote = useQuoteBuilder(lead.id, lead.name);
  return (
    <Stack id={id} role="group" aria-label={`Details of ${lead.name}`} gap="3" pt="2" borderTopWidth="1px">
      <HStack justify="space-between" gap="2">
        <PrioritySelect lead={lead} />
        <Badge colorPalette={statusPalette[lead.status]} variant="subtle">
          {statusLabels[lead.status]}
        </Badge>
      </HStack>

      <Stack gap="1.5" textStyle="sm">
        <Detail icon={<Mail />} label="Email">
          <Link href={`mailto:${lead.email}`} color="fg" truncate display="block" title={lead.email}>
            <bdi>{lead.email}</bdi>
          </Link>
        </Detail>
        {lead.phone ? (
          <Detail icon={<Phone />} label="Phone">
            <Link href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`} color="fg">
              <bdi>{formatPhone(lead.phone)}</bdi>
            </Link>
          </Detail>
        ) : null}
        {lead.address || lead.zipCode ? (
          <Detail icon={<MapPin />} label="Address">
            <Text as="span">
              <bdi>{lead.address}</bdi>
              {lead.address && lead.zipCode ? ", " : ""}
              {lead.zipCode ? (
                <>
                  Zip <bdi>{lead.zipCode}</bdi>
                </>
              ) : null}
            </Text>
          </Detail>
        ) : null}
      </Stack>

      <EstimatedValueInput lead={lead} />

      <AssigneeSelect lead={lead} />

      {lead.notes ? (
        <Text textStyle="sm" color="fg.muted" title={lead.notes.length > NOTES_MAX ? lead.notes : undefined} wordBreak="break-word">
          {truncate(lead.notes, NOTES_MAX)}
        </Text>
      ) : null}

      {/* The actions wrap: in a narrow column (six share 1440 px) History, Edit and Delete take a
          line of their own at the end rather than being cut off past the card's edge. */}
      <HStack gap="1" justify="space-between" wrap="wrap" pt="1" borderTopWidth="1px">
        <HStack gap="0" wrap="wrap">
          <Button variant="ghost" colorPalette="brand" size="xs" onClick={() => openBooking(lead)}>
            <CalendarPlus aria-hidden="true" />
            Book Appointment
          </Button>
          <Button variant="ghost" colorPalette="brand" size="xs" onClick={() => quote.openBuilder()}>
            <FilePlus2 aria-hidden="true" />
            Create quote
          </Button>
        </HStack>
        <HStack gap="0" ms="auto">
          <IconButton
            aria-label={`History of ${lead.name}`}
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            variant={historyOpen ? "subtle" : "ghost"}
            size="xs"
            onClick={() => setHistoryOpen((open) => !open)}
          >
            <History aria-hidden="true" />
          </IconButton>
          <IconButton aria-label={`Edit ${lead.name}`} variant="ghost" size="xs" onClick={() => openLeadForm(lead)}>
            <Pencil aria-hidden="true" />
          </IconButton>
          {crew ? null : (
            <IconButton aria-label={`Delete ${lead.name}`} variant="ghost" colorPalette="red" size="xs" onClick={() => onDelete(lead)}>
              <Trash2 aria-hidden="true" />
            </IconButton>
          )}
        </HStack>
      </HStack>
      {historyOpen ? (
        <Box id={historyId}>
          <LeadTimeline leadId={lead.id} />
        </Box>
      ) : null}
      {quote.dialog}
    </Stack>
  );
}

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

/** Priority (docs/product.md: low, medium, high; high red, medium yellow, low green). */
function PrioritySelect({ lead }: { lead: Lead }) {
  const update = useUpdateLead();
  const savedNote = useSavedNote();
  const palette = priorityPalette[lead.priority];
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <NativeSelect.Root size="xs" width="auto">
        <NativeSelect.Field
          aria-label={`Priority of ${lead.name}`}
          value={lead.priority}
          bg={`${palette}.subtle`}
          color={`${palette}.fg`}
          borderColor={`${palette}.muted`}
          fontWeight="medium"
          onChange={(event: ChangeEvent<HTMLSelectElement>) =>
            update.mutate({ id: lead.id, priority: event.target.value as LeadPriority }, { onSuccess: savedNote.flash })
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
      <SavedNote shown={savedNote.shown} what="Priority saved" />
    </Flex>
  );
}
