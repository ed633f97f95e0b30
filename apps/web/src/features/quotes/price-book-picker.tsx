import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatCents, type PriceBookItem } from "@crawlguard/validators";
import { Plus } from "lucide-react";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { trpc } from "../../lib/trpc";

const SHOWN = 8;

/** Search the price book's active items and add one as a line. */
export function PriceBookPicker({ onPick }: { onPick: (item: PriceBookItem) => void }) {
  const [search, setSearch] = useState("");
  const items = trpc.priceBook.list.useQuery({ active: "true" });
  const words = search.trim().toLowerCase();
  const matches = (items.data ?? []).filter((i) => !words || `${i.name} ${i.description}`.toLowerCase().includes(words)).slice(0, SHOWN);
  return (
    <Stack gap="2">
      <FormField label="Search the price book">
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Vapor barrier, sump pump..." />
      </FormField>
      {items.isPending ? (
        <Text textStyle="sm" color="fg.muted">
          Loading the price book...
        </Text>
      ) : matches.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {items.data?.length ? "No item matches." : "The price book is empty: an admin adds items in User Management."}
        </Text>
      ) : (
        <Box as="ul" aria-label="Price book items" display="flex" flexWrap="wrap" gap="2">
          {matches.map((item) => (
            <li key={item.id}>
              <Button size="xs" variant="outline" onClick={() => onPick(item)} aria-label={`Add ${item.name}`}>
                <Plus aria-hidden="true" />
                {item.name} · {formatCents(item.unitPriceCents)} / {item.unit}
              </Button>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
