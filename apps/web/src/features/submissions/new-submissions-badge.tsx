import { Badge } from "@chakra-ui/react/badge";
import { VisuallyHidden } from "@chakra-ui/react/visually-hidden";
import { trpc } from "../../lib/trpc";

/** How often the tab's count is asked again while the dashboard is open (new requests arrive from the website). */
const REFRESH_MS = 60_000;

/**
 * The Contact Submissions tab shows how many requests are new (neither converted nor
 * added to a lead). The number is read as "3 new"; nothing is shown when there are none.
 */
export function NewSubmissionsBadge() {
  const count = trpc.submissions.newCount.useQuery(undefined, { refetchInterval: REFRESH_MS }).data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Badge colorPalette="blue" variant="solid" size="sm" rounded="full" data-testid="new-submissions-badge">
      {count > 99 ? "99+" : count}
      <VisuallyHidden> new</VisuallyHidden>
    </Badge>
  );
}
