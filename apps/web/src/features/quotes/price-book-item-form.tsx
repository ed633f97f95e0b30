import { Button } from "@chakra-ui/react/button";
import { Checkbox } from "@chakra-ui/react/checkbox";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { services, type ServiceId } from "@crawlguard/content";
import type { PriceBookItem, PriceBookItemCreateInput } from "@crawlguard/validators";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { Input, SelectControl } from "../../components/form-controls";
import { centsToDollars, dollarsToCents } from "./quote-builder-model";

const SERVICE_OPTIONS = services.map((s) => ({ value: s.id, label: s.name }));

/** The fields of a price book item: add one (empty) or change one (`item`). */
export function PriceBookItemForm({
  item,
  submitLabel,
  pending,
  onSubmit,
}: {
  item?: PriceBookItem;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when saved (the add form then starts over). */
  onSubmit: (input: Required<Omit<PriceBookItemCreateInput, "service">> & { service: ServiceId | null }) => Promise<boolean>;
}) {
  const [name, setName] = useState(item?.name ?? "");
  const [description, setDescription] = useState(item?.description ?? "");
  const [unit, setUnit] = useState(item?.unit ?? "each");
  const [price, setPrice] = useState(item ? centsToDollars(item.unitPriceCents) : "");
  const [service, setService] = useState<string>(item?.service ?? "");
  const [active, setActive] = useState(item?.active ?? true);
  const [submitted, setSubmitted] = useState(false);
  const cents = dollarsToCents(price);
  const errors = {
    name: name.trim() ? undefined : "Name is required",
    unit: unit.trim() ? undefined : "Unit is required",
    price: cents === null ? "A dollar amount, e.g. 2.99" : undefined,
  };
  const submit = async () => {
    setSubmitted(true);
    if (errors.name || errors.unit || cents === null) return;
    const saved = await onSubmit({
      name: name.trim(),
      description: description.trim(),
      unit: unit.trim(),
      unitPriceCents: cents,
      service: (service || null) as ServiceId | null,
      active,
    });
    if (saved && !item) {
      setName("");
      setDescription("");
      setPrice("");
      setSubmitted(false);
    }
  };
  const shown = (error: string | undefined) => (submitted ? error : undefined);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label="Item name" required error={shown(errors.name)}>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </FormField>
          <FormField label="Unit" required error={shown(errors.unit)} helper="each, sq ft, linear ft, hour...">
            <Input value={unit} onChange={(e) => setUnit(e.target.value)} maxLength={30} />
          </FormField>
          <FormField label="Unit price $" required error={shown(errors.price)}>
            <Input inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          </FormField>
          <FormField label="Service">
            <SelectControl value={service} options={SERVICE_OPTIONS} placeholder="No particular service" onChange={setService} />
          </FormField>
        </SimpleGrid>
        <FormField label="Description (what the quote line says)">
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
        </FormField>
        <Checkbox.Root checked={active} onCheckedChange={(d) => setActive(d.checked === true)} size="sm">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Offered for new quote lines</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" size="sm" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
