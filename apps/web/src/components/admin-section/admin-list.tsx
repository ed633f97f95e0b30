import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { Fragment, type ReactNode } from "react";
import { trpcErrorText } from "../../lib/http-error";

/** A list query's three states, as a tRPC `useQuery` result has them. */
export type ListQuery<Item> = { status: "pending" } | { status: "error"; error: unknown } | { status: "success"; data: Item[] };

export type AdminListTexts = {
  /** The list's accessible name, e.g. "Pending invitations". */
  label: string;
  /** While loading, e.g. "Loading invitations...". */
  loading: string;
  /** Before the reason when loading fails, e.g. "Could not load invitations". */
  loadFailed: string;
  /** When there is nothing, e.g. "No pending invitations.". */
  empty: string;
};

export type AdminListProps<Item extends { id: string }> = AdminListTexts & {
  query: ListQuery<Item>;
  gap?: "2" | "3";
  renderItem: (item: Item) => ReactNode;
};

/** The section's items, or what stands in for them while loading, after a failure or when there are none. */
export function AdminList<Item extends { id: string }>({
  label,
  loading,
  loadFailed,
  empty,
  query,
  gap = "2",
  renderItem,
}: AdminListProps<Item>) {
  if (query.status === "pending") return <Text color="fg.muted">{loading}</Text>;
  if (query.status === "error") {
    return (
      <Text color="fg.error" role="alert">
        {loadFailed}: {trpcErrorText(query.error)}
      </Text>
    );
  }
  if (query.data.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Stack as="ul" aria-label={label} gap={gap} listStyleType="none" m="0" p="0">
      {query.data.map((item) => (
        <Fragment key={item.id}>{renderItem(item)}</Fragment>
      ))}
    </Stack>
  );
}
