import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { getService } from "@crawlguard/content";
import { formatCents, type PriceBookItem } from "@crawlguard/validators";
import { useId, useState } from "react";
import { toastErrorText, trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { PriceBookItemForm } from "./price-book-item-form";
import { QuoteSettingsForm } from "./quote-settings-form";

/**
 * Quotes in User Management (admins): the price book quote lines are built from (add, change,
 * retire, delete items) and how quotes start and follow up (default tax rate, reminder delay, terms).
 */
export default function PriceBookSection() {
  const headingId = useId();
  const utils = trpc.useUtils();
  const items = trpc.priceBook.list.useQuery();
  const refresh = () => utils.priceBook.list.invalidate();
  const create = trpc.priceBook.create.useMutation({ onSuccess: refresh });
  const update = trpc.priceBook.update.useMutation({ onSuccess: refresh });
  const remove = trpc.priceBook.delete.useMutation({ onSuccess: refresh });
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PriceBookItem | null>(null);

  const saved = async (work: () => Promise<unknown>, what: string) => {
    try {
      await work();
      showToast({ title: what, type: "success" });
      return true;
    } catch (error) {
      showToast({ title: "Failed to save the item", description: toastErrorText(error), type: "error" });
      return false;
    }
  };

  return (
    <Box as="section" aria-labelledby={headingId} mt="8" mb="8">
      <Heading as="h2" id={headingId} size="md" mb="1">
        Price Book
      </Heading>
      <Text color="fg.muted" textStyle="sm" mb="4">
        The priced items quotes are built from. A quote keeps the lines it was written with when an item changes.
      </Text>
      <Stack gap="6">
        <Box borderWidth="1px" borderRadius="l2" p="4" bg="bg">
          <Heading as="h3" size="sm" mb="3">
            Add an item
          </Heading>
          <PriceBookItemForm
            submitLabel="Add item"
            pending={create.isPending}
            onSubmit={(input) => saved(() => create.mutateAsync(input), "Item added")}
          />
        </Box>
        {items.isPending ? (
          <Text color="fg.muted">Loading the price book...</Text>
        ) : items.isError ? (
          <Text color="fg.error">{trpcErrorText(items.error)}</Text>
        ) : items.data.length === 0 ? (
          <Text color="fg.muted">No items yet.</Text>
        ) : (
          <Stack as="ul" gap="2" aria-label="Price book items">
            {items.data.map((item) => (
              <Box as="li" key={item.id} listStyleType="none" borderWidth="1px" borderRadius="l2" p="3" bg="bg">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="semibold">
                    <bdi>{item.name}</bdi>
                  </Text>
                  <Text textStyle="sm">
                    {formatCents(item.unitPriceCents)} / <bdi>{item.unit}</bdi>
                  </Text>
                  {item.service ? <Badge variant="subtle">{getService(item.service)?.name ?? item.service}</Badge> : null}
                  {item.active ? null : <Badge colorPalette="gray">Inactive</Badge>}
                  <Flex ms="auto" gap="1">
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-expanded={editing === item.id}
                      onClick={() => setEditing((id) => (id === item.id ? null : item.id))}
                      aria-label={`Edit ${item.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => setDeleting(item)}
                      aria-label={`Delete ${item.name}`}
                    >
                      Delete
                    </Button>
                  </Flex>
                </Flex>
                {item.description ? (
                  <Text textStyle="sm" color="fg.muted">
                    <bdi>{item.description}</bdi>
                  </Text>
                ) : null}
                {editing === item.id ? (
                  <Box mt="3">
                    <PriceBookItemForm
                      item={item}
                      submitLabel="Save item"
                      pending={update.isPending}
                      onSubmit={async (input) => {
                        const ok = await saved(() => update.mutateAsync({ id: item.id, ...input }), "Item saved");
                        if (ok) setEditing(null);
                        return ok;
                      }}
                    />
                  </Box>
                ) : null}
              </Box>
            ))}
          </Stack>
        )}
        <QuoteSettingsForm />
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this item?"
        confirmLabel="Delete item"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => setDeleting(null),
              onError: (error) => showToast({ title: "Failed to delete the item", description: toastErrorText(error), type: "error" }),
            },
          )
        }
      >
        {deleting ? (
          <>
            <bdi>{deleting.name}</bdi> leaves the price book. Quotes already written keep their lines.
          </>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
