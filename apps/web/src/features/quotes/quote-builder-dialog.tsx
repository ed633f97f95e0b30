import { Box } from "@chakra-ui/react/box";
import { Button, CloseButton } from "@chakra-ui/react/button";
import { Dialog } from "@chakra-ui/react/dialog";
import { Heading } from "@chakra-ui/react/heading";
import { Portal } from "@chakra-ui/react/portal";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatCents, formatPercent, type Quote } from "@crawlguard/validators";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { Input, SelectControl, Textarea } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { PriceBookPicker } from "./price-book-picker";
import { checkDraft, draftOf, lineFromItem, newDraft, type DepositMode, type QuoteDraft } from "./quote-builder-model";
import { QuoteLinesEditor } from "./quote-lines-editor";
import { quoteName } from "./quote-labels";
import { useReturnFocus } from "../../components/return-focus";

const DEPOSIT_OPTIONS = [
  { value: "none", label: "No deposit" },
  { value: "percent", label: "A share of the total (%)" },
  { value: "amount", label: "A fixed amount ($)" },
];

/**
 * The quote builder (docs/product.md "Quotes"): lines from the price book or typed, add-ons,
 * discount, tax, deposit, validity and a message, the totals live as they are typed (by the
 * server's own rules); Save draft, Preview (the PDF the homeowner gets), Send quote. Opened on a
 * draft, it changes that draft (a new revision is a draft too).
 */
export default function QuoteBuilderDialog({
  open,
  onClose,
  leadId,
  leadName,
  quote,
  defaultTaxRatePercent,
}: {
  open: boolean;
  onClose: () => void;
  leadId: string;
  leadName: string;
  /** The draft to change; none: a new quote. */
  quote?: Quote | undefined;
  defaultTaxRatePercent: number;
}) {
  const [draft, setDraft] = useState<QuoteDraft>(() => (quote ? draftOf(quote) : newDraft(defaultTaxRatePercent)));
  const [savedId, setSavedId] = useState<string | null>(quote?.id ?? null);
  const [showErrors, setShowErrors] = useState(false);
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.quotes.list.invalidate({ leadId }), utils.quotes.summaries.invalidate(), utils.leads.list.invalidate()]);
  const create = trpc.quotes.create.useMutation();
  const update = trpc.quotes.update.useMutation();
  const send = trpc.quotes.send.useMutation();
  const pending = create.isPending || update.isPending || send.isPending;
  const checked = checkDraft(draft);
  const patch = (p: Partial<QuoteDraft>) => setDraft((d) => ({ ...d, ...p }));

  /** Saves the draft (creating it the first time); its id, or null when it could not be saved. */
  const save = async (): Promise<string | null> => {
    setShowErrors(true);
    if (!checked.body) {
      showToast({ title: "Check the quote", description: "Some fields need a valid value (shown in red).", type: "error" });
      return null;
    }
    try {
      const saved = savedId
        ? await update.mutateAsync({ id: savedId, ...checked.body })
        : await create.mutateAsync({ leadId, ...checked.body });
      setSavedId(saved.id);
      setDraft((d) => ({ ...d, validUntil: saved.validUntil }));
      await refresh();
      return saved.id;
    } catch (error) {
      showToast({ title: "Failed to save the quote", description: toastErrorText(error), type: "error" });
      return null;
    }
  };

  const saveDraft = async () => {
    if (await save()) showToast({ title: "Draft saved", type: "success" });
  };
  const preview = async () => {
    // Opened at once (a popup after an await would be blocked), pointed at the PDF once saved.
    const tab = window.open("about:blank", "_blank");
    const id = await save();
    if (id && tab) tab.location.href = `/api/quotes/${id}/pdf`;
    else tab?.close();
  };
  const sendQuote = async () => {
    const id = await save();
    if (!id) return;
    try {
      const sent = await send.mutateAsync({ id });
      await refresh();
      showToast({ title: "Quote sent", description: `${quoteName(sent)} was sent to ${leadName}.`, type: "success" });
      onClose();
    } catch (error) {
      showToast({ title: "Failed to send the quote", description: toastErrorText(error), type: "error" });
    }
  };

  const returnFocus = useReturnFocus(open);
  const title = quote ? `Edit quote ${quoteName(quote)}` : `Create quote for ${leadName}`;
  const t = checked.totals;
  return (
    <Dialog.Root
      open={open}
      finalFocusEl={returnFocus}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content minH={{ md: "auto" }} borderRadius={{ md: "l3" }}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1" pe="12">
              <Dialog.Title>{title}</Dialog.Title>
              <Dialog.Description color="fg.muted">
                For <bdi>{leadName}</bdi>. The homeowner gets a link to approve it online and the PDF.
              </Dialog.Description>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <PriceBookPicker onPick={(item) => patch({ lines: [...draft.lines, lineFromItem(item)] })} />
                <QuoteLinesEditor
                  lines={draft.lines}
                  errors={checked.lineErrors}
                  totals={checked.lineTotals}
                  showErrors={showErrors}
                  onChange={(lines) => patch({ lines })}
                />
                {showErrors && checked.errors.lines ? (
                  <Text color="fg.error" textStyle="sm">
                    {checked.errors.lines}
                  </Text>
                ) : null}
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                  <FormField label="Discount $" error={showErrors ? checked.errors.discount : undefined}>
                    <Input
                      inputMode="decimal"
                      value={draft.discount}
                      onChange={(e) => patch({ discount: e.target.value })}
                      placeholder="0"
                    />
                  </FormField>
                  <FormField label="Tax rate %" error={showErrors ? checked.errors.taxRate : undefined}>
                    <Input inputMode="decimal" value={draft.taxRate} onChange={(e) => patch({ taxRate: e.target.value })} />
                  </FormField>
                  <FormField label="Valid until" helper={draft.validUntil ? undefined : "30 days from today unless set"}>
                    <Input type="date" value={draft.validUntil} onChange={(e) => patch({ validUntil: e.target.value })} />
                  </FormField>
                  <FormField label="Deposit">
                    <SelectControl
                      value={draft.depositMode}
                      options={DEPOSIT_OPTIONS}
                      onChange={(value) => patch({ depositMode: value as DepositMode })}
                    />
                  </FormField>
                  {draft.depositMode !== "none" ? (
                    <FormField
                      label={draft.depositMode === "percent" ? "Deposit %" : "Deposit $"}
                      error={showErrors ? checked.errors.deposit : undefined}
                    >
                      <Input inputMode="decimal" value={draft.deposit} onChange={(e) => patch({ deposit: e.target.value })} />
                    </FormField>
                  ) : null}
                </SimpleGrid>
                <FormField label="Message to the client">
                  <Textarea rows={3} value={draft.message} onChange={(e) => patch({ message: e.target.value })} maxLength={2000} />
                </FormField>
                <Box as="section" aria-labelledby="quote-totals-heading" borderWidth="1px" borderRadius="l2" p="3">
                  <Heading as="h3" size="sm" id="quote-totals-heading" mb="2">
                    Totals
                  </Heading>
                  <Box as="dl" display="grid" gridTemplateColumns="1fr auto" gap="1" textStyle="sm" aria-live="polite">
                    <dt>Subtotal</dt>
                    <Box as="dd" textAlign="end" data-testid="quote-subtotal">
                      {formatCents(t.subtotalCents)}
                    </Box>
                    <dt>Discount</dt>
                    <Box as="dd" textAlign="end">
                      -{formatCents(t.discountCents)}
                    </Box>
                    <dt>Tax ({formatPercent(Number(draft.taxRate) || 0)})</dt>
                    <Box as="dd" textAlign="end">
                      {formatCents(t.taxCents)}
                    </Box>
                    <Box as="dt" fontWeight="bold">
                      Total
                    </Box>
                    <Box as="dd" textAlign="end" fontWeight="bold" data-testid="quote-total">
                      {formatCents(t.totalCents)}
                    </Box>
                    <dt>Deposit due on approval</dt>
                    <Box as="dd" textAlign="end" data-testid="quote-deposit">
                      {formatCents(t.depositCents)}
                    </Box>
                    {checked.addOnsCents > 0 ? (
                      <>
                        <Box as="dt" color="fg.muted">
                          Optional add-ons (not in the total)
                        </Box>
                        <Box as="dd" textAlign="end" color="fg.muted">
                          {formatCents(checked.addOnsCents)}
                        </Box>
                      </>
                    ) : null}
                  </Box>
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button type="button" variant="outline" onClick={() => void preview()} disabled={pending}>
                Preview PDF
              </Button>
              <Button type="button" variant="outline" onClick={() => void saveDraft()} disabled={pending}>
                {create.isPending || update.isPending ? "Saving..." : "Save draft"}
              </Button>
              <Button type="button" colorPalette="brand" onClick={() => void sendQuote()} disabled={pending}>
                {send.isPending ? "Sending..." : "Send quote"}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
