import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import type { QuoteSummary } from "@crawlguard/validators";
import { trpc } from "../../lib/trpc";
import { quoteStatusPalette, quoteStatusWord, quoteStatusWords } from "./quote-labels";

const byLead = (list: QuoteSummary[] | undefined, leadId: string) => list?.find((s) => s.leadId === leadId);

/**
 * The lead's latest quote on its board card: "Q-1001 viewed", "Q-1001 changes requested". One query
 * for the whole board (each card picks its lead's line from it).
 */
export function QuoteStatusBadge({ leadId }: { leadId: string }) {
  const summary = trpc.quotes.summaries.useQuery(undefined, { select: (list) => byLead(list, leadId) ?? null }).data;
  if (!summary) return null;
  const word = quoteStatusWord(summary);
  return (
    <Badge colorPalette={quoteStatusPalette[word]} variant="subtle" data-testid="lead-card-quote-status" alignSelf="flex-start">
      <Box as="span" srOnly>
        {"Quote "}
      </Box>
      {summary.number} {quoteStatusWords[word]}
    </Badge>
  );
}
