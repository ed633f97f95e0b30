import { Box } from "@chakra-ui/react/box";
import { Button, IconButton } from "@chakra-ui/react/button";
import { Checkbox } from "@chakra-ui/react/checkbox";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Flex } from "@chakra-ui/react/flex";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatCents } from "@crawlguard/validators";
import { Plus, Trash2 } from "lucide-react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { blankLine, type LineDraft, type LineErrors } from "./quote-builder-model";

/** The quote's lines, each with its description, quantity, unit, unit price, add-on switch and total. */
export function QuoteLinesEditor({
  lines,
  errors,
  totals,
  showErrors,
  onChange,
}: {
  lines: LineDraft[];
  errors: LineErrors[];
  /** Each line's total in cents (null while it cannot be computed). */
  totals: (number | null)[];
  showErrors: boolean;
  onChange: (lines: LineDraft[]) => void;
}) {
  const set = (key: string, patch: Partial<LineDraft>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <Stack gap="3">
      <Box as="ol" display="flex" flexDirection="column" gap="3" aria-label="Quote lines">
        {lines.map((line, i) => {
          const n = i + 1;
          const e = showErrors ? (errors[i] ?? {}) : {};
          const total = totals[i];
          return (
            <Box as="li" key={line.key} borderWidth="1px" borderRadius="l2" p="3" listStyleType="none">
              <Stack gap="2">
                <FormField label={`Description (line ${n})`} required error={e.description}>
                  <Input value={line.description} onChange={(ev) => set(line.key, { description: ev.target.value })} />
                </FormField>
                <SimpleGrid columns={{ base: 2, md: 3 }} gap="2">
                  <FormField label={`Quantity (line ${n})`} required error={e.quantity}>
                    <Input inputMode="decimal" value={line.quantity} onChange={(ev) => set(line.key, { quantity: ev.target.value })} />
                  </FormField>
                  <FormField label={`Unit (line ${n})`} required error={e.unit}>
                    <Input value={line.unit} onChange={(ev) => set(line.key, { unit: ev.target.value })} />
                  </FormField>
                  <FormField label={`Unit price $ (line ${n})`} required error={e.unitPrice}>
                    <Input inputMode="decimal" value={line.unitPrice} onChange={(ev) => set(line.key, { unitPrice: ev.target.value })} />
                  </FormField>
                </SimpleGrid>
                <Flex align="center" justify="space-between" gap="2" wrap="wrap">
                  <Checkbox.Root
                    checked={line.optional}
                    onCheckedChange={(details) => set(line.key, { optional: details.checked === true })}
                    size="sm"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{`Optional add-on (line ${n})`}</Checkbox.Label>
                  </Checkbox.Root>
                  <Flex align="center" gap="2">
                    <Text textStyle="sm" fontWeight="semibold" data-testid="quote-line-total">
                      {total === null || total === undefined ? "—" : formatCents(total)}
                    </Text>
                    <IconButton
                      aria-label={`Remove line ${n}`}
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
                    >
                      <Trash2 aria-hidden="true" />
                    </IconButton>
                  </Flex>
                </Flex>
              </Stack>
            </Box>
          );
        })}
      </Box>
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => onChange([...lines, blankLine()])}>
        <Plus aria-hidden="true" />
        Add a line
      </Button>
    </Stack>
  );
}
