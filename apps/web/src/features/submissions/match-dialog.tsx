import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Flex } from "@chakra-ui/react/flex";
import { Portal } from "@chakra-ui/react/portal";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone } from "@crawlguard/content";
import type { ContactSubmission, DuplicateLead } from "@crawlguard/validators";
import { useId } from "react";
import { statusLabels } from "../leads/lead-board-model";
import { useReturnFocus } from "../../components/return-focus";

type MatchDialogProps = {
  submission: ContactSubmission | null;
  matches: readonly DuplicateLead[];
  /** The lead being added to, or "new" while a lead is being made. */
  pending: string | null;
  onAddToLead: (lead: DuplicateLead) => void;
  onCreateNew: () => void;
  onClose: () => void;
};

/** Why a lead matches: the same email (any case), the same phone number (by its digits), or both. */
function matchReason(submission: ContactSubmission, lead: DuplicateLead): string {
  const digits = (value: string | null) => (value ?? "").replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  const email = submission.email.trim().toLowerCase() === lead.email.trim().toLowerCase();
  const phone = digits(submission.phone) !== "" && digits(submission.phone) === digits(lead.phone);
  if (email && phone) return "Same email and phone";
  return email ? "Same email" : "Same phone";
}

/**
 * Converting a submission whose email or phone matches a lead shows the match first,
 * with "Add to this lead" (the message joins that lead's notes and timeline) next to "Create a new
 * lead". Nothing is converted until one is chosen; Cancel leaves the submission as it was.
 */
export function MatchDialog({ submission, matches, pending, onAddToLead, onCreateNew, onClose }: MatchDialogProps) {
  const baseId = useId();
  const returnFocus = useReturnFocus(submission !== null);
  return (
    <Dialog.Root
      open={submission !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      finalFocusEl={returnFocus}
      placement="center"
      size={{ base: "full", sm: "md" }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {matches.length === 1 ? "This may be a lead you already have" : "These may be leads you already have"}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Dialog.Description>
                  {submission ? (
                    <>
                      <bdi>{submission.name}</bdi>&rsquo;s request has the email or phone number of{" "}
                      {matches.length === 1 ? "this lead" : `these ${matches.length} leads`}. Add it to a lead (its message joins the
                      lead&rsquo;s notes and history), or create a new lead.
                    </>
                  ) : null}
                </Dialog.Description>
                <Stack as="ul" gap="2" listStyleType="none" aria-label="Matching leads">
                  {matches.map((lead) => {
                    const labelId = `${baseId}-${lead.id}`;
                    return (
                      <Box as="li" key={lead.id} borderWidth="1px" rounded="l2" p="3">
                        <Flex gap="3" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }}>
                          <Box id={labelId} minW="0" flex="1" textStyle="sm">
                            <Text fontWeight="semibold" wordBreak="break-word">
                              <bdi>{lead.name}</bdi>
                            </Text>
                            <Text color="fg.muted" wordBreak="break-all">
                              <bdi>{lead.email}</bdi>
                              {lead.phone ? (
                                <>
                                  {" · "}
                                  <bdi>{formatPhone(lead.phone)}</bdi>
                                </>
                              ) : null}
                            </Text>
                            <Flex gap="2" mt="1" wrap="wrap">
                              <Badge variant="subtle" colorPalette="gray">
                                {statusLabels[lead.status]}
                              </Badge>
                              {submission ? (
                                <Badge variant="subtle" colorPalette="orange">
                                  {matchReason(submission, lead)}
                                </Badge>
                              ) : null}
                            </Flex>
                          </Box>
                          <Button
                            size="sm"
                            colorPalette="brand"
                            flexShrink={0}
                            aria-describedby={labelId}
                            disabled={pending !== null}
                            onClick={() => onAddToLead(lead)}
                          >
                            {pending === lead.id ? "Adding..." : "Add to this lead"}
                          </Button>
                        </Flex>
                      </Box>
                    );
                  })}
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button variant="outline" onClick={onCreateNew} disabled={pending !== null}>
                {pending === "new" ? "Converting..." : "Create a new lead"}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
