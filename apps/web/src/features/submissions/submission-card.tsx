import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Link } from "@chakra-ui/react/link";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatPhone, getServiceLabel } from "@crawlguard/content";
import type { ContactSubmission, DuplicateLead, ExistingLead } from "@crawlguard/validators";
import { isValid, parseISO } from "date-fns";
import { formatInZone } from "../../lib/business-time";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { ArrowRight, CheckCircle2, UserCheck, UserPlus } from "lucide-react";
import { memo, type ReactNode, useId, useState } from "react";
import { DuplicateWarning } from "../leads/duplicate-warning";
import { statusLabels, truncate } from "../leads/lead-board-model";
import { attributionOf } from "./attribution";

/** docs/product.md "Business constants and limits": messages are cut at 200 characters on submission cards. */
const MESSAGE_MAX = 200;

type SubmissionCardProps = {
  submission: ContactSubmission;
  converting: boolean;
  duplicates: DuplicateLead[] | undefined;
  onConvert: (submission: ContactSubmission) => void;
  onViewLead: (submission: ContactSubmission) => void;
};

export const SubmissionCard = memo(function SubmissionCard({
  submission,
  converting,
  duplicates,
  onConvert,
  onViewLead,
}: SubmissionCardProps) {
  const submitted = parseISO(submission.createdAt);
  const zone = useBusinessTimeZone();
  const converted = submission.leadId !== null;
  const attribution = attributionOf(submission);

  return (
    <Card.Root as="article" aria-label={submission.name} size="sm">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Heading as="h3" size="md" wordBreak="break-word">
              <bdi>{submission.name}</bdi>
            </Heading>
            {isValid(submitted) ? (
              <Text textStyle="xs" color="fg.muted">
                Submitted <time dateTime={submission.createdAt}>{formatInZone(submitted, "MMM d, yyyy 'at' h:mm a", zone)}</time>
              </Text>
            ) : null}
          </Box>
          {converted ? (
            <Badge colorPalette="green" variant="subtle" flexShrink={0}>
              <CheckCircle2 aria-hidden="true" size="1em" />
              Converted
            </Badge>
          ) : (
            <Badge colorPalette="blue" variant="subtle" flexShrink={0}>
              New
            </Badge>
          )}
        </Flex>

        {submission.existingLead ? <ExistingLeadNote lead={submission.existingLead} /> : null}

        <Stack as="dl" gap="1" textStyle="sm">
          <Row label="Email">
            <Link href={`mailto:${submission.email}`} color="fg" wordBreak="break-all">
              <bdi>{submission.email}</bdi>
            </Link>
          </Row>
          <Row label="Phone">
            {submission.phone ? (
              <Link href={`tel:${submission.phone.replace(/[^\d+]/g, "")}`} color="fg">
                <bdi>{formatPhone(submission.phone)}</bdi>
              </Link>
            ) : (
              "Not given"
            )}
          </Row>
          <Row label="Service">{submission.service ? getServiceLabel(submission.service) : "Not specified"}</Row>
          {submission.address ? (
            <Row label="Address">
              <bdi>{submission.address}</bdi>
            </Row>
          ) : null}
          <Row label="Zip Code">
            <bdi>{submission.zipCode}</bdi>
          </Row>
          {attribution ? (
            <Row label="Source">
              <bdi>{attribution}</bdi>
            </Row>
          ) : null}
        </Stack>

        {submission.message ? <SubmissionMessage message={submission.message} /> : null}

        <DuplicateWarning duplicates={duplicates ?? []} title="Matches an existing lead" />

        <HStack justify="flex-end" mt="auto">
          {converted ? (
            <Button variant="outline" size="sm" onClick={() => onViewLead(submission)}>
              View lead
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Button colorPalette="brand" size="sm" onClick={() => onConvert(submission)} disabled={converting}>
              <UserPlus aria-hidden="true" />
              {converting ? "Converting..." : "Convert to Lead"}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
});

/** The message, cut at 200 characters (docs/product.md "Business constants and limits") with a button that shows the rest. */
function SubmissionMessage({ message }: { message: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = message.length > MESSAGE_MAX;
  const id = useId();
  return (
    <Stack gap="1" align="flex-start">
      <Text id={id} textStyle="sm" bg="bg.muted" p="3" rounded="l2" wordBreak="break-word" whiteSpace="pre-wrap" alignSelf="stretch">
        {expanded || !long ? message : truncate(message, MESSAGE_MAX)}
      </Text>
      {long ? (
        <Button
          variant="plain"
          size="xs"
          px="0"
          color="brand.700"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? "Show less" : "Read the whole message"}
        </Button>
      ) : null}
    </Stack>
  );
}

/** A request from someone who is already a lead (same email or phone), said on the card before any click. */
function ExistingLeadNote({ lead }: { lead: ExistingLead }) {
  const status = (statusLabels as Record<string, string | undefined>)[lead.status] ?? lead.status;
  return (
    <Flex
      align="center"
      gap="2"
      textStyle="sm"
      fontWeight="medium"
      bg="orange.50"
      borderWidth="1px"
      borderColor="orange.300"
      rounded="l2"
      px="2"
      py="1"
      alignSelf="flex-start"
    >
      <UserCheck aria-hidden="true" size="1em" />
      <Text>
        Existing lead: <bdi>{lead.name}</bdi> ({status})
      </Text>
    </Flex>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="2">
      <Text as="dt" color="fg.muted" minW="20" flexShrink={0}>
        {label}
      </Text>
      <Text as="dd" minW="0">
        {children}
      </Text>
    </Flex>
  );
}
