import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { parseISO } from "date-fns";
import { Link2, X } from "lucide-react";
import { useId, useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";

/**
 * The user's secret calendar feed URL (ADR 029): subscribe from any calendar app to see
 * one's appointments and time blocks. Shown once when made; a new one replaces it; revocable.
 */
export function CalendarFeedSection() {
  const headingId = useId();
  const zone = useBusinessTimeZone();
  const [url, setUrl] = useState<string | null>(null);
  const feed = trpc.calendarFeed.get.useQuery();
  const utils = trpc.useUtils();
  const create = trpc.calendarFeed.create.useMutation({
    onSuccess: (made) => {
      setUrl(made.url);
      void utils.calendarFeed.get.invalidate();
    },
    onError: (error) => showToast({ title: "Failed to create the feed URL", description: toastErrorText(error), type: "error" }),
  });
  const revoke = trpc.calendarFeed.revoke.useMutation({
    onSuccess: () => {
      setUrl(null);
      void utils.calendarFeed.get.invalidate();
      showToast({ title: "Calendar feed revoked", description: "Its URL no longer works.", type: "success" });
    },
    onError: (error) => showToast({ title: "Failed to revoke the feed", description: toastErrorText(error), type: "error" }),
  });

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Box>
        <Heading as="h2" size="lg" id={headingId}>
          Calendar feed
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          A private URL of your appointments and time blocks for any calendar app (Apple, Outlook, Google: subscribe by URL).
        </Text>
      </Box>
      {feed.data?.active && feed.data.createdAt ? (
        <Text>Your feed URL was made {formatInZone(parseISO(feed.data.createdAt), DATE_FORMAT, zone)}.</Text>
      ) : feed.isSuccess ? (
        <Text color="fg.muted">You have no feed URL.</Text>
      ) : null}
      {url ? (
        <FormField label="Calendar feed URL" helper="Shown only now: copy it into your calendar app. Anyone with it sees your calendar.">
          <Input name="calendarFeedUrl" readOnly value={url} onFocus={(e) => e.target.select()} />
        </FormField>
      ) : null}
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="brand" onClick={() => create.mutate()} loading={create.isPending} loadingText="Creating...">
          <Link2 aria-hidden="true" />
          {feed.data?.active ? "New Feed URL" : "Create Feed URL"}
        </Button>
        {feed.data?.active ? (
          <Button variant="outline" colorPalette="red" onClick={() => revoke.mutate()} loading={revoke.isPending}>
            <X aria-hidden="true" />
            Revoke Feed
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
