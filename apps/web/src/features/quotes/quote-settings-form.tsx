import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Heading } from "@chakra-ui/react/heading";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import type { QuoteSettings } from "@crawlguard/validators";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { Input, Textarea } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { parsePercent } from "./quote-builder-model";

/** Quote settings (admins): the tax rate a new quote starts with, the days before a sent quote's one reminder, the terms. */
export function QuoteSettingsForm() {
  const settings = trpc.quotes.settings.useQuery();
  if (!settings.data) return null;
  return <SettingsFields initial={settings.data} />;
}

function SettingsFields({ initial }: { initial: QuoteSettings }) {
  const utils = trpc.useUtils();
  const save = trpc.quotes.updateSettings.useMutation({ onSuccess: (saved) => utils.quotes.settings.setData(undefined, saved) });
  const [tax, setTax] = useState(String(initial.defaultTaxRatePercent));
  const [days, setDays] = useState(String(initial.followUpDays));
  const [terms, setTerms] = useState(initial.terms);
  const taxRate = parsePercent(tax);
  const followUp = /^\d{1,2}$/.test(days.trim()) && Number(days) <= 60 ? Number(days) : null;
  const submit = () => {
    if (taxRate === null || followUp === null) {
      showToast({ title: "Check the quote settings", description: "Tax: 0 to 100 %. Follow-up: 0 to 60 days.", type: "error" });
      return;
    }
    save.mutate(
      { defaultTaxRatePercent: taxRate, followUpDays: followUp, terms: terms.trim() },
      {
        onSuccess: () => showToast({ title: "Quote settings saved", type: "success" }),
        onError: (error) => showToast({ title: "Failed to save the quote settings", description: toastErrorText(error), type: "error" }),
      },
    );
  };
  return (
    <Box borderWidth="1px" borderRadius="l2" p="4" bg="bg">
      <Heading as="h3" size="sm" mb="3">
        Quote settings
      </Heading>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="Default tax rate %" error={taxRate === null ? "A percentage from 0 to 100" : undefined}>
              <Input inputMode="decimal" value={tax} onChange={(e) => setTax(e.target.value)} />
            </FormField>
            <FormField
              label="Follow up unanswered quotes after (days)"
              error={followUp === null ? "A whole number of days from 0 to 60" : undefined}
              helper="One reminder e-mail to the homeowner; 0 sends none."
            >
              <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
            </FormField>
          </SimpleGrid>
          <FormField label="Terms printed on every quote">
            <Textarea rows={3} value={terms} onChange={(e) => setTerms(e.target.value)} maxLength={4000} />
          </FormField>
          <Button type="submit" colorPalette="brand" size="sm" alignSelf="flex-start" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save quote settings"}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
