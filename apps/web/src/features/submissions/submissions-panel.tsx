import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { ContactSubmission, DuplicateLead } from "@crawlguard/validators";
import { useCallback, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useDashboardActions, usePresetLeadFilter } from "../dashboard/dashboard-context";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { useLeadsCache } from "../leads/use-lead-mutations";
import { SubmissionCard } from "./submission-card";

/** Contact Submissions (docs/product.md §2): newest first, each convertible to a lead once. */
export default function SubmissionsPanel() {
  // docs/product.md §7: always refetched when the tab opens.
  const submissions = trpc.submissions.list.useQuery(undefined, { staleTime: 0, refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const leadsCache = useLeadsCache();
  const { showTab } = useDashboardActions();
  const presetLeadFilter = usePresetLeadFilter();
  const [duplicates, setDuplicates] = useState<Record<string, DuplicateLead[]>>({});

  const viewLead = useCallback(
    (email: string) => {
      presetLeadFilter({ search: email, status: "all" });
      showTab("leads");
    },
    [presetLeadFilter, showTab],
  );

  const convert = trpc.submissions.convertToLead.useMutation({
    onSuccess: ({ lead, created, duplicates: found }, { id }) => {
      utils.submissions.list.setData(undefined, (list) => list?.map((s) => (s.id === id ? { ...s, leadId: lead.id } : s)));
      leadsCache.upsert(lead);
      setDuplicates((current) => ({ ...current, [id]: found.filter((d) => d.id !== lead.id) }));
      showToast(
        created
          ? {
              title: "Converted to lead",
              description: (
                <>
                  <bdi>{lead.name}</bdi> is now in New Leads.
                </>
              ),
              type: "success",
            }
          : {
              // Converted before (another tab, another person): nothing new was made; here is the lead.
              title: "Already a lead",
              description: (
                <>
                  This submission is already the lead <bdi>{lead.name}</bdi>; no new lead was made.
                </>
              ),
              type: "info",
              action: { label: "View lead", onClick: () => viewLead(lead.email) },
            },
      );
    },
    onError: (error) => showToast({ title: "Failed to convert submission", description: trpcErrorText(error), type: "error" }),
  });

  const { mutate: convertSubmission } = convert;
  const onConvert = useCallback((submission: ContactSubmission) => convertSubmission({ id: submission.id }), [convertSubmission]);
  const onViewLead = useCallback((submission: ContactSubmission) => viewLead(submission.email), [viewLead]);

  if (submissions.isPending) return <CenteredSpinner label="Loading contact submissions" minH="60" />;
  if (submissions.isError)
    return <LoadError what="contact submissions" error={submissions.error} onRetry={() => void submissions.refetch()} />;
  if (submissions.data.length === 0) {
    return (
      <PanelEmptyState title="No contact submissions yet">Requests sent through the website's contact form show up here.</PanelEmptyState>
    );
  }

  const open = submissions.data.filter((s) => !s.leadId).length;
  return (
    <Stack gap="4">
      <Text textStyle="sm" color="fg.muted">
        {submissions.data.length} {submissions.data.length === 1 ? "submission" : "submissions"}, {open} not yet converted
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {submissions.data.map((submission) => (
          <SubmissionCard
            key={submission.id}
            submission={submission}
            converting={convert.isPending && convert.variables?.id === submission.id}
            duplicates={duplicates[submission.id]}
            onConvert={onConvert}
            onViewLead={onViewLead}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
