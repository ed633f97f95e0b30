import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { Link } from "@chakra-ui/react/link";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { formatCents, type Quote } from "@crawlguard/validators";
import { FilePlus2 } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { toastErrorText, trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { quoteName, quoteStatusPalette, quoteStatusWord, quoteStatusWords } from "./quote-labels";

const QuoteBuilderDialog = lazy(() => import("./quote-builder-dialog"));

type Builder = { open: boolean; quote?: Quote | undefined; key: number };

/** "Create quote" for a lead, opening the builder (the card's button and the lead's history share it). */
export function useQuoteBuilder(leadId: string, leadName: string) {
  const [builder, setBuilder] = useState<Builder>({ open: false, key: 0 });
  const settings = trpc.quotes.settings.useQuery(undefined, { enabled: builder.key > 0 });
  const openBuilder = (quote?: Quote) => setBuilder((b) => ({ open: true, quote, key: b.key + 1 }));
  const dialog =
    builder.key > 0 && settings.data ? (
      <Suspense fallback={null}>
        <QuoteBuilderDialog
          key={builder.key}
          open={builder.open}
          onClose={() => setBuilder((b) => ({ ...b, open: false }))}
          leadId={leadId}
          leadName={leadName}
          quote={builder.quote}
          defaultTaxRatePercent={settings.data.defaultTaxRatePercent}
        />
      </Suspense>
    ) : null;
  return { openBuilder, dialog };
}

/** The lead's name: given, or read from the board's list of leads (already loaded). */
function useLeadName(leadId: string, given: string | undefined): string {
  const leads = trpc.useUtils().leads.list.getData();
  if (given) return given;
  return leads?.find((l) => l.id === leadId)?.name ?? "this lead";
}

/** A lead's quotes (every revision) and their status, with Create quote, edit, revise, the PDF and the homeowner's link. */
export function LeadQuotes({ leadId, leadName: givenName }: { leadId: string; leadName?: string }) {
  const headingId = useId();
  const leadName = useLeadName(leadId, givenName);
  const quotes = trpc.quotes.list.useQuery({ leadId }, { refetchOnMount: "always" });
  const { openBuilder, dialog } = useQuoteBuilder(leadId, leadName);
  const utils = trpc.useUtils();
  const revise = trpc.quotes.revise.useMutation({
    onSuccess: async (draft) => {
      await Promise.all([utils.quotes.list.invalidate({ leadId }), utils.quotes.summaries.invalidate()]);
      openBuilder(draft);
    },
    onError: (error) => showToast({ title: "Failed to revise the quote", description: toastErrorText(error), type: "error" }),
  });
  const copyLink = async (quote: Quote) => {
    if (!quote.clientUrl) return;
    await navigator.clipboard.writeText(quote.clientUrl).then(
      () => showToast({ title: "Link copied", description: `The homeowner's link to ${quoteName(quote)}.`, type: "success" }),
      () => showToast({ title: "Copy failed", description: quote.clientUrl ?? "", type: "error" }),
    );
  };
  const latestOf = (quote: Quote) => !quotes.data?.some((q) => q.number === quote.number && q.revision > quote.revision);

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" pt="4">
      <Flex justify="space-between" align="center" gap="2" mb="2">
        <Heading as="h3" id={headingId} size="sm">
          Quotes
        </Heading>
        <Button size="xs" colorPalette="brand" variant="subtle" onClick={() => openBuilder()}>
          <FilePlus2 aria-hidden="true" />
          Create quote
        </Button>
      </Flex>
      {quotes.isPending ? (
        <Text color="fg.muted" textStyle="sm">
          Loading quotes...
        </Text>
      ) : quotes.isError ? (
        <Text color="fg.error" textStyle="sm">
          {trpcErrorText(quotes.error)}
        </Text>
      ) : quotes.data.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          No quotes yet.
        </Text>
      ) : (
        <Stack as="ul" gap="2" aria-label={`Quotes of ${leadName}`}>
          {[...quotes.data].reverse().map((quote) => {
            const word = quoteStatusWord(quote);
            return (
              <Box as="li" key={quote.id} listStyleType="none" borderWidth="1px" borderRadius="l2" p="2">
                <Flex align="center" gap="2" wrap="wrap" textStyle="sm">
                  <Text fontWeight="semibold">{quoteName(quote)}</Text>
                  <Badge colorPalette={quoteStatusPalette[word]} variant="subtle">
                    {quoteStatusWords[word]}
                  </Badge>
                  <Text ms="auto" fontWeight="semibold">
                    {formatCents(quote.approval?.totalCents ?? quote.totalCents)}
                  </Text>
                </Flex>
                {quote.changeRequest ? (
                  <Text textStyle="xs" color="fg.muted" mt="1">
                    Changes asked for: “<bdi>{quote.changeRequest.message}</bdi>”
                  </Text>
                ) : null}
                {quote.approval ? (
                  <Text textStyle="xs" color="fg.muted" mt="1">
                    Approved by <bdi>{quote.approval.signedName}</bdi>
                    {quote.approval.depositCents > 0 ? `, deposit ${formatCents(quote.approval.depositCents)}` : ""}
                  </Text>
                ) : null}
                <Flex gap="1" wrap="wrap" mt="1">
                  {quote.status === "draft" ? (
                    <Button size="xs" variant="ghost" onClick={() => openBuilder(quote)} aria-label={`Edit ${quoteName(quote)}`}>
                      Edit
                    </Button>
                  ) : null}
                  {quote.status !== "draft" && quote.status !== "approved" && latestOf(quote) ? (
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => revise.mutate({ id: quote.id })}
                      disabled={revise.isPending}
                      aria-label={`Revise ${quoteName(quote)}`}
                    >
                      Revise
                    </Button>
                  ) : null}
                  <Link href={`/api/quotes/${quote.id}/pdf`} target="_blank" rel="noopener" textStyle="xs" px="2" alignSelf="center">
                    PDF of {quoteName(quote)}
                  </Link>
                  {quote.clientUrl ? (
                    <Button
                      size="xs"
                      variant="ghost"
                      onClick={() => void copyLink(quote)}
                      aria-label={`Copy the link to ${quoteName(quote)}`}
                    >
                      Copy link
                    </Button>
                  ) : null}
                </Flex>
              </Box>
            );
          })}
        </Stack>
      )}
      {dialog}
    </Box>
  );
}
