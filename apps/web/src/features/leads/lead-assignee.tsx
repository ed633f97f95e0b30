import { Box } from "@chakra-ui/react/box";
import { Flex } from "@chakra-ui/react/flex";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Conflict, Lead } from "@crawlguard/validators";
import { useState } from "react";
import { SelectControl } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { serverConflicts } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { isCrew } from "../auth/roles";
import { useSession } from "../auth/use-session";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { StaffBadge } from "../staff/staff-badge";
import { assigneeOptions, useStaff } from "../staff/use-staff";
import { SavedNote, useSavedNote } from "./saved-note";
import { useUpdateLead } from "./use-lead-mutations";

/** The shown name of a lead's assignee: their display name once the staff list is known, else the username the lead carries. */
function useAssignee(lead: Lead) {
  const member = useStaff().byId.get(lead.assignedTo ?? "");
  return { member, name: member?.displayName ?? lead.assigneeName ?? null };
}

/** On a lead card: who the lead is assigned to, with their calendar colour; nothing when nobody. */
export function AssigneeLine({ lead }: { lead: Lead }) {
  const { member, name } = useAssignee(lead);
  if (!lead.assignedTo || !name) return null;
  return (
    <HStack gap="1.5" textStyle="xs" color="fg.muted" minW="0" data-testid="lead-card-assignee">
      {member ? <StaffBadge member={member} size="1rem" /> : null}
      <Text as="span" truncate>
        Assigned to <bdi>{name}</bdi>
      </Text>
    </HStack>
  );
}

/** What the "Assign anyway?" question lists. */
function ClashList({ name, conflicts }: { name: string; conflicts: readonly Conflict[] }) {
  return (
    <>
      <Text>
        The appointment clashes with <bdi>{name}</bdi>&rsquo;s calendar:
      </Text>
      <Box as="ul" ps="4" mt="1" listStyleType="disc">
        {conflicts.map((conflict, index) => (
          <li key={`${conflict.kind}-${conflict.id ?? index}-${conflict.start ?? ""}`}>{conflict.message}</li>
        ))}
      </Box>
    </>
  );
}

/**
 * The expanded card's "Assignee": office staff and admins choose who the lead is for (staff by
 * display name, or Unassigned). A lead with a coming appointment is checked against the new
 * person's calendar; a clash asks "Assign anyway?". Crew see the name only: they cannot give a
 * lead away.
 */
export function AssigneeSelect({ lead }: { lead: Lead }) {
  const { user } = useSession();
  const staff = useStaff();
  const update = useUpdateLead({ optimistic: false, toastErrors: false });
  const savedNote = useSavedNote();
  const [clash, setClash] = useState<{ assignedTo: string; conflicts: readonly Conflict[] } | null>(null);
  const { name } = useAssignee(lead);
  if (!user || isCrew(user)) {
    return (
      <Text textStyle="sm" color="fg.muted">
        Assignee: {name ? <bdi>{name}</bdi> : "Unassigned"}
      </Text>
    );
  }

  const assign = async (assignedTo: string, confirm = false) => {
    try {
      await update.mutateAsync({ id: lead.id, assignedTo: assignedTo || null, ...(confirm ? { confirm: true } : {}) });
      setClash(null);
      savedNote.flash();
    } catch (error) {
      const conflicts = serverConflicts(error);
      if (conflicts) {
        setClash({ assignedTo, conflicts });
        return;
      }
      setClash(null);
      showToast({ title: "Failed to assign lead", description: toastErrorText(error), type: "error" });
    }
  };

  const clashName = clash ? (staff.byId.get(clash.assignedTo)?.displayName ?? "the new assignee") : "";
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text as="span" textStyle="sm" color="fg.muted" aria-hidden="true">
        Assignee
      </Text>
      <Box flex="1" minW="32">
        <SelectControl
          size="xs"
          aria-label={`Assignee of ${lead.name}`}
          value={lead.assignedTo ?? ""}
          options={[
            ...(lead.assignedTo ? [{ value: "", label: "Unassigned" }] : []),
            ...assigneeOptions(staff.list, user.id, lead.assignedTo ?? undefined),
          ]}
          onChange={(value) => void assign(value)}
          disabled={update.isPending}
        />
      </Box>
      <SavedNote shown={savedNote.shown} what="Assignee saved" />
      <ConfirmDialog
        open={clash !== null}
        onClose={() => setClash(null)}
        title="Assign anyway?"
        confirmLabel="Assign anyway"
        pendingLabel="Assigning..."
        cancelLabel="Keep current"
        pending={update.isPending}
        onConfirm={() => clash && void assign(clash.assignedTo, true)}
      >
        {clash ? <ClashList name={clashName} conflicts={clash.conflicts} /> : null}
      </ConfirmDialog>
    </Flex>
  );
}
