import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CreatedInvitation, Invitation, Role } from "@crawlguard/validators";
import { isValid, parseISO } from "date-fns";
import { Link2, ShieldCheck, UserPlus, X } from "lucide-react";
import { AdminSection } from "../../components/admin-section/admin-section";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { roleLabels, roleOf } from "../auth/roles";
import { InviteUserDialog } from "./invite-user-dialog";

type NewInvitation = CreatedInvitation & { email: string | null; role: Role };

/**
 * Invitations: after the first account, people join only through an admin's invitation link
 * (docs/product.md: Auth, and Roles and permissions; ADR 019). Invite User makes one and shows its
 * link this once; pending ones can be revoked.
 */
export function InvitationsSection() {
  const invitations = trpc.invitations.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.invitations.revoke.useMutation({
    onSuccess: (_result, { id }) => {
      utils.invitations.list.setData(undefined, (list) => list?.filter((i) => i.id !== id));
    },
  });

  return (
    <AdminSection<Invitation, NewInvitation>
      title="Invitations"
      description="New staff register with an invitation link from an admin."
      create={{ button: { label: "Invite User", icon: <UserPlus aria-hidden="true" /> }, dialog: InviteUserDialog }}
      shownOnce={(invitation) => ({
        label: "New invitation link",
        icon: <Link2 aria-hidden="true" />,
        title: (
          <>
            Invitation created{invitation.email ? ` for ${invitation.email}` : ""}
            {invitation.role === "office" ? "" : ` (${invitation.role})`}
          </>
        ),
        field: {
          label: "Invitation link",
          helper: "Shown only now: copy it and send it. It works once, for 7 days.",
          name: "invitationLink",
        },
        value: invitation.url,
        copy: {
          label: "Copy Link",
          copied: { title: "Link copied", description: "Send it to the person you are inviting." },
          selectTitle: "Copy the selected link",
        },
      })}
      list={{
        query: invitations,
        label: "Pending invitations",
        loading: "Loading invitations...",
        loadFailed: "Could not load invitations",
        empty: "No pending invitations.",
      }}
      renderItem={(invitation, confirm) => <PendingInvitation invitation={invitation} onRevoke={confirm} />}
      confirm={{
        title: "Revoke invitation?",
        confirmLabel: "Revoke Invitation",
        pendingLabel: "Revoking...",
        message: (invitation) => `The link for ${invitation.email ?? "anyone"} will no longer create an account.`,
        mutation: revoke,
        done: { title: "Invitation revoked", description: "Its link no longer creates an account." },
        failed: "Failed to revoke invitation",
      }}
    />
  );
}

function PendingInvitation({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const zone = useBusinessTimeZone();
  const expires = parseISO(invitation.expiresAt);
  const who = invitation.email ?? "Anyone with the link";
  return (
    <Card.Root as="li" size="sm" variant="outline">
      <Card.Body>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Box minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium" wordBreak="break-all">
                {who}
              </Text>
              {invitation.isAdmin ? (
                <Badge colorPalette="brand" variant="solid">
                  <ShieldCheck aria-hidden="true" size="1em" />
                  Admin
                </Badge>
              ) : (
                <Badge variant="outline">{roleLabels[roleOf(invitation)]}</Badge>
              )}
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              Expires {isValid(expires) ? formatInZone(expires, DATE_FORMAT, zone) : "N/A"}
              {invitation.createdBy ? ` · invited by ${invitation.createdBy}` : ""}
            </Text>
          </Box>
          <Button variant="outline" colorPalette="red" size="sm" onClick={onRevoke} aria-label={`Revoke invitation for ${who}`}>
            <X aria-hidden="true" />
            Revoke
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
