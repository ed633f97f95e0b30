import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { TimeBlock } from "@crawlguard/validators";
import { Pencil, Plus, Repeat, Trash2 } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { recurringSchedule, sortByStart, timeBlockSpan } from "./time-block-form";
import { TimeBlockTypeBadge } from "./time-block-type-badge";
import { useAvailabilityInvalidation } from "./use-availability-mutations";

const TimeBlockDialog = lazy(() => import("./time-block-dialog"));

type DialogState = { open: boolean; block?: TimeBlock | undefined; key: number };

/** Time Blocks (docs/product.md "Screens and routes", Availability): Blocked Time Periods by start, add, edit, delete. */
export function TimeBlocksSection() {
  const zone = useBusinessTimeZone();
  const blocks = trpc.timeBlocks.list.useQuery();
  const sorted = useMemo(() => sortByStart(blocks.data ?? []), [blocks.data]);
  const [dialog, setDialog] = useState<DialogState>({ open: false, key: 0 });
  const [deleting, setDeleting] = useState<TimeBlock | null>(null);
  const { timeBlocksChanged } = useAvailabilityInvalidation();
  const utils = trpc.useUtils();

  const remove = trpc.timeBlocks.delete.useMutation({
    onSuccess: (_result, { id }) => {
      utils.timeBlocks.list.setData(undefined, (list) => list?.filter((b) => b.id !== id));
      timeBlocksChanged();
      setDeleting(null);
      showToast({ title: "Time block deleted successfully", type: "success" });
    },
    onError: (error) => showToast({ title: "Failed to delete time block", description: toastErrorText(error), type: "error" }),
  });

  const openDialog = (block?: TimeBlock) => setDialog((d) => ({ open: true, block, key: d.key + 1 }));

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Box>
          <Heading as="h3" size="md">
            Blocked Time Periods
          </Heading>
          <Text textStyle="sm" color="fg.muted">
            Breaks, travel and other time nobody can book.
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => openDialog()}>
          <Plus aria-hidden="true" />
          Add Time Block
        </Button>
      </Flex>
      {blocks.isPending ? (
        <CenteredSpinner label="Loading time blocks" minH="40" />
      ) : blocks.isError ? (
        <LoadError what="time blocks" error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : sorted.length === 0 ? (
        <PanelEmptyState title="No time blocks configured">Add one for lunch, travel or days off.</PanelEmptyState>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Blocked Time Periods">
          {sorted.map((block) => (
            <TimeBlockItem key={block.id} block={block} zone={zone} onEdit={() => openDialog(block)} onDelete={() => setDeleting(block)} />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {dialog.key > 0 ? (
          <TimeBlockDialog
            key={dialog.key}
            open={dialog.open}
            block={dialog.block}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete time block?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        {deleting
          ? `"${deleting.title}"${deleting.isRecurring ? " and every repeat of it" : ""} will be removed from your calendar.`
          : null}
      </ConfirmDialog>
    </Stack>
  );
}

function TimeBlockItem({ block, zone, onEdit, onDelete }: { block: TimeBlock; zone: string; onEdit: () => void; onDelete: () => void }) {
  // A recurring block by its weekday and time, then from when until when.
  const repeats = recurringSchedule(block, zone);
  return (
    <Card.Root as="li" size="sm" aria-label={block.title} borderStartWidth="4px" style={{ borderInlineStartColor: block.color }}>
      <Card.Body>
        <Flex gap="3" align="flex-start" justify="space-between">
          <Stack gap="1" minW="0">
            <HStack gap="2" wrap="wrap">
              <Heading as="h4" size="sm" wordBreak="break-word">
                {block.title}
              </Heading>
              <TimeBlockTypeBadge block={block} />
            </HStack>
            {repeats ? (
              <>
                <HStack gap="1" textStyle="sm">
                  <Repeat aria-hidden="true" size="0.9em" />
                  <Text as="span">{repeats.when}</Text>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  {repeats.span}
                </Text>
              </>
            ) : (
              <Text textStyle="sm">{timeBlockSpan(block, zone)}</Text>
            )}
            {block.description ? (
              <Text textStyle="sm" color="fg.muted" wordBreak="break-word">
                {block.description}
              </Text>
            ) : null}
          </Stack>
          <HStack gap="0" flexShrink={0}>
            <IconButton aria-label={`Edit ${block.title}`} variant="ghost" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" />
            </IconButton>
            <IconButton aria-label={`Delete ${block.title}`} variant="ghost" colorPalette="red" size="sm" onClick={onDelete}>
              <Trash2 aria-hidden="true" />
            </IconButton>
          </HStack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
