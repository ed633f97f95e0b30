import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { CreatedInvitation, Invitation } from "@crawlguard/validators";
import { isValid, parseISO } from "date-fns";
import { Copy, Link2, ShieldCheck, UserPlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { toastErrorText, trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { InviteUserDialog } from "./invite-user-dialog";

type NewInvitation = CreatedInvitation & { email: string | null; isAdmin: boolean };

/**
 * Invitations (issue 20 §1): after the first account, people join only through an admin's
 * invitation link. Invite User makes one and shows its link this once; pending ones can be revoked.
 */
export function InvitationsSection() {
  const headingId = useId();
  const [dialogKey, setDialogKey] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [created, setCreated] = useState<NewInvitation | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const invitations = trpc.invitations.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.invitations.revoke.useMutation({
    onSuccess: (_result, { id }) => {
      utils.invitations.list.setData(undefined, (list) => list?.filter((i) => i.id !== id));
    },
  });

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { id: revoking.id },
      {
        onSuccess: () => {
          setRevoking(null);
          if (created?.id === revoking.id) setCreated(null);
          showToast({ title: "Invitation revoked", description: "Its link no longer creates an account.", type: "success" });
        },
        onError: (error) => showToast({ title: "Failed to revoke invitation", description: toastErrorText(error), type: "error" }),
      },
    );
  };

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" mb="8">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h2" size="lg" id={headingId}>
            Invitations
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            New staff register with an invitation link from an admin.
          </Text>
        </Box>
        <Button
          colorPalette="brand"
          onClick={() => {
            setDialogKey((k) => k + 1);
            setInviting(true);
          }}
        >
          <UserPlus aria-hidden="true" />
          Invite User
        </Button>
      </Flex>

      {created ? <NewInvitationLink invitation={created} onDismiss={() => setCreated(null)} /> : null}

      {invitations.isPending ? (
        <Text color="fg.muted">Loading invitations...</Text>
      ) : invitations.isError ? (
        <Text color="fg.error" role="alert">
          Could not load invitations: {trpcErrorText(invitations.error)}
        </Text>
      ) : invitations.data.length === 0 ? (
        <Text color="fg.muted">No pending invitations.</Text>
      ) : (
        <Stack as="ul" aria-label="Pending invitations" gap="2" listStyleType="none" m="0" p="0">
          {invitations.data.map((invitation) => (
            <PendingInvitation key={invitation.id} invitation={invitation} onRevoke={() => setRevoking(invitation)} />
          ))}
        </Stack>
      )}

      <InviteUserDialog key={dialogKey} open={inviting} onClose={() => setInviting(false)} onCreated={setCreated} />
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke invitation?"
        confirmLabel="Revoke Invitation"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      >
        {revoking ? `The link for ${revoking.email ?? "anyone"} will no longer create an account.` : null}
      </ConfirmDialog>
    </Stack>
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
              ) : null}
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

/** The new invitation's link, shown once: it is not stored, so it cannot be shown again. */
function NewInvitationLink({ invitation, onDismiss }: { invitation: NewInvitation; onDismiss: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.url);
      setCopied(true);
      showToast({ title: "Link copied", description: "Send it to the person you are inviting.", type: "success" });
    } catch {
      // No clipboard access (an insecure origin, a denied permission): select it for Ctrl+C.
      input.current?.select();
      showToast({ title: "Copy the selected link", description: "Press Ctrl+C (or ⌘C) to copy it.", type: "info" });
    }
  };
  return (
    <Card.Root role="region" aria-label="New invitation link" variant="subtle" borderColor="brand.500" borderWidth="1px">
      <Card.Body gap="3">
        <HStack gap="2">
          <Link2 aria-hidden="true" />
          <Text fontWeight="semibold">
            Invitation created{invitation.email ? ` for ${invitation.email}` : ""}
            {invitation.isAdmin ? " (admin)" : ""}
          </Text>
        </HStack>
        <FormField label="Invitation link" helper="Shown only now: copy it and send it. It works once, for 7 days.">
          <Input ref={input} name="invitationLink" readOnly value={invitation.url} onFocus={(e) => e.target.select()} />
        </FormField>
        <HStack gap="2" justify="flex-end" wrap="wrap">
          <Button colorPalette="brand" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {copied ? "Copied" : "Copy Link"}
          </Button>
          <Button variant="outline" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
