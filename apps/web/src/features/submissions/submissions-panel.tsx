import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { ContactSubmission, DuplicateLead } from "@crawlguard/validators";
import { useCallback, useEffect, useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useDashboardActions, usePresetLeadFilter } from "../dashboard/dashboard-context";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { useLeadsCache } from "../leads/use-lead-mutations";
import { MatchDialog } from "./match-dialog";
import { SubmissionCard } from "./submission-card";

/** Contact Submissions (docs/product.md "Screens and routes"): newest first, each convertible to a lead once. */
export default function SubmissionsPanel() {
  // docs/product.md "The calls it makes": always refetched when the tab opens.
  const submissions = trpc.submissions.list.useQuery(undefined, { staleTime: 0, refetchOnMount: "always" });
  const utils = trpc.useUtils();
  const leadsCache = useLeadsCache();
  const { showTab } = useDashboardActions();
  const presetLeadFilter = usePresetLeadFilter();
  const [duplicates, setDuplicates] = useState<Record<string, DuplicateLead[]>>({});
  // The leads a submission matches, shown before it is converted.
  const [matching, setMatching] = useState<{ submission: ContactSubmission; matches: DuplicateLead[] } | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

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
    onError: (error) => showToast({ title: "Failed to convert submission", description: toastErrorText(error), type: "error" }),
    onSettled: () => setMatching(null),
  });

  const addToLead = trpc.submissions.addToLead.useMutation({
    onSuccess: ({ lead, added }, { id }) => {
      utils.submissions.list.setData(undefined, (list) => list?.map((s) => (s.id === id ? { ...s, leadId: lead.id } : s)));
      leadsCache.upsert(lead);
      showToast(
        added
          ? {
              title: "Added to lead",
              description: (
                <>
                  The request is now in <bdi>{lead.name}</bdi>&rsquo;s notes and history.
                </>
              ),
              type: "success",
              action: { label: "View lead", onClick: () => viewLead(lead.email) },
            }
          : {
              title: "Already a lead",
              description: (
                <>
                  This submission is already part of the lead <bdi>{lead.name}</bdi>; nothing was changed.
                </>
              ),
              type: "info",
              action: { label: "View lead", onClick: () => viewLead(lead.email) },
            },
      );
    },
    onError: (error) => showToast({ title: "Failed to add to lead", description: toastErrorText(error), type: "error" }),
    onSettled: () => setMatching(null),
  });

  const { mutate: convertSubmission } = convert;
  const onConvert = useCallback(
    (submission: ContactSubmission) => {
      setChecking(submission.id);
      utils.submissions.matchingLeads
        .fetch({ id: submission.id }, { staleTime: 0 })
        .then((matches) => {
          if (matches.length > 0) setMatching({ submission, matches });
          else convertSubmission({ id: submission.id });
        })
        .catch((error: unknown) => showToast({ title: "Failed to convert submission", description: toastErrorText(error), type: "error" }))
        .finally(() => setChecking(null));
    },
    [convertSubmission, utils],
  );
  const onViewLead = useCallback((submission: ContactSubmission) => viewLead(submission.email), [viewLead]);

  // The tab's badge counts what this list shows as not yet converted: keep the two in step.
  const openCount = submissions.data?.filter((s) => !s.leadId).length;
  useEffect(() => {
    if (openCount !== undefined) utils.submissions.newCount.setData(undefined, { count: openCount });
  }, [openCount, utils]);

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
            converting={checking === submission.id || (convert.isPending && convert.variables?.id === submission.id)}
            duplicates={duplicates[submission.id]}
            onConvert={onConvert}
            onViewLead={onViewLead}
          />
        ))}
      </SimpleGrid>
      <MatchDialog
        submission={matching?.submission ?? null}
        matches={matching?.matches ?? []}
        pending={addToLead.isPending ? (addToLead.variables?.leadId ?? null) : convert.isPending ? "new" : null}
        onAddToLead={(lead) => matching && addToLead.mutate({ id: matching.submission.id, leadId: lead.id })}
        onCreateNew={() => matching && convertSubmission({ id: matching.submission.id })}
        onClose={() => setMatching(null)}
      />
    </Stack>
  );
}
