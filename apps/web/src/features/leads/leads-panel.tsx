import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Input } from "@chakra-ui/react/input";
import { InputGroup } from "@chakra-ui/react/input-group";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { Download, Search } from "lucide-react";
import { type Dispatch, memo, type SetStateAction, useCallback, useDeferredValue, useEffect, useMemo, useRef } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useLeadFilter, usePublishShownLeads } from "../dashboard/dashboard-context";
import { SelectControl } from "../../components/form-controls";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { LeadBoard } from "./lead-board";
import {
  type BoardColumnData,
  filterLeads,
  type LeadFilter,
  groupByColumn,
  keepUnchangedColumns,
  prepareSearch,
  type StatusFilter,
  statusFilterOptions,
} from "./lead-board-model";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { buildLeadsCsv, downloadCsv, leadsCsvFilename } from "./lead-csv";
import { isCrew } from "../auth/roles";
import { useSession } from "../auth/use-session";

/** Lead Management (docs/product.md "Screens and routes"): search, status filter, CSV export and the board. */
export default function LeadsPanel() {
  const leads = trpc.leads.list.useQuery();
  const zone = useBusinessTimeZone();
  const [filter, setFilter] = useLeadFilter();
  const crew = isCrew(useSession().user);
  // Typing stays responsive with thousands of leads: the box shows each key at once and the board
  // follows as a deferred render, which the next key interrupts. A search is one pass over text
  // prepared once per lead (filterLeads), and only the cards in view are drawn.
  const deferredFilter = useDeferredValue(filter);
  const all = leads.data;
  // The search's text of every lead, prepared while the browser is idle: the first keystroke
  // then filters at once instead of preparing thousands of names first.
  useEffect(() => (all ? prepareSearch(all) : undefined), [all]);
  const shown = useMemo(() => filterLeads(all ?? [], deferredFilter), [all, deferredFilter]);
  const previousColumns = useRef<BoardColumnData<Lead>[] | undefined>(undefined);
  const columns = useMemo(() => keepUnchangedColumns(previousColumns.current, groupByColumn(shown)), [shown]);
  useEffect(() => {
    previousColumns.current = columns;
  }, [columns]);
  // For bench/board: when the board has drawn the result of a search (no effect on the page).
  useEffect(() => {
    performance.mark("cg-leads-shown", { detail: { search: deferredFilter.search, shown: shown.length } });
  }, [deferredFilter.search, shown]);

  // A search or filter brings the first column with results into sight (on a phone, or a
  // narrow window, the board scrolls sideways and they could be off to the right).
  const firstWithResults = columns.find((column) => column.leads.length > 0)?.id;
  const filtering = deferredFilter.search.trim() !== "" || deferredFilter.status !== "all";
  // The stat cards above count what the board shows, narrowed or not.
  usePublishShownLeads(filtering && all ? shown : null);
  useEffect(() => {
    if (!filtering || !firstWithResults) return;
    const column = document.querySelector<HTMLElement>(`[data-column="${firstWithResults}"]`);
    const board = column?.closest<HTMLElement>('[role="region"][aria-label="Lead board"]');
    if (!column || !board) return;
    const boardBox = board.getBoundingClientRect();
    const box = column.getBoundingClientRect();
    if (box.left >= boardBox.left && box.right <= boardBox.right) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    board.scrollTo({ left: board.scrollLeft + box.left - boardBox.left, behavior: still ? "auto" : "smooth" });
  }, [filtering, firstWithResults, deferredFilter]);

  // The toolbar is memoised and its export reads the latest leads through a ref: a drop or an
  // edit changes the leads, and must not redraw the search box, the filter and the button.
  const utils = trpc.useUtils();
  const exportable = useRef({ shown, zone });
  useEffect(() => {
    exportable.current = { shown, zone };
  }, [shown, zone]);
  const exportCsv = useCallback(async () => {
    const { shown: leadsShown, zone: exportZone } = exportable.current;
    // Assignees by the names the calendar shows (the staff list, fetched now if not yet loaded);
    // without it, by the username each lead carries.
    const staff = await utils.users.staff.ensureData().catch(() => []);
    const names = new Map(staff.map((member) => [member.id, member.displayName]));
    downloadCsv(buildLeadsCsv(leadsShown, exportZone, names), leadsCsvFilename(exportZone));
    showToast({
      title: "Export ready",
      description: `${leadsShown.length} ${leadsShown.length === 1 ? "lead" : "leads"} exported to CSV.`,
      type: "success",
    });
  }, [utils]);

  return (
    <Stack gap="4">
      <LeadsToolbar filter={filter} setFilter={setFilter} canExport={shown.length > 0} onExport={exportCsv} showExport={!crew} />

      {all ? (
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {shown.length === all.length
            ? `${all.length.toLocaleString("en-US")} ${all.length === 1 ? "lead" : "leads"}`
            : `Showing ${shown.length.toLocaleString("en-US")} of ${all.length.toLocaleString("en-US")} leads`}
        </Text>
      ) : null}

      {leads.isPending ? (
        <CenteredSpinner label="Loading leads" minH="60" />
      ) : leads.isError ? (
        <LoadError what="leads" error={leads.error} onRetry={() => void leads.refetch()} />
      ) : shown.length === 0 ? (
        <PanelEmptyState title="No leads found">
          {all && all.length > 0 ? "No lead matches this search and status." : "Add a lead or convert a contact submission to get started."}
        </PanelEmptyState>
      ) : (
        <LeadBoard columns={columns} zone={zone} />
      )}
    </Stack>
  );
}

type LeadsToolbarProps = {
  filter: LeadFilter;
  setFilter: Dispatch<SetStateAction<LeadFilter>>;
  canExport: boolean;
  onExport: () => Promise<void>;
  /** Crew export nothing (docs/product.md "Roles and permissions"). */
  showExport: boolean;
};

/** "Search leads...", the status filter and "Export CSV". */
const LeadsToolbar = memo(function LeadsToolbar({ filter, setFilter, canExport, onExport, showExport }: LeadsToolbarProps) {
  return (
    <Flex gap="3" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "center" }}>
      <Box flex="1" maxW={{ md: "md" }}>
        <InputGroup startElement={<Search aria-hidden="true" />}>
          <Input
            type="search"
            aria-label="Search leads"
            placeholder="Search leads..."
            value={filter.search}
            onChange={(event) => setFilter((current) => ({ ...current, search: event.target.value }))}
            bg="bg"
          />
        </InputGroup>
      </Box>
      <Flex gap="3" align="center">
        <Box flex={{ base: "1", md: "none" }} minW={{ md: "44" }} bg="bg" rounded="l2">
          <SelectControl
            aria-label="Filter by status"
            value={filter.status}
            options={statusFilterOptions}
            onChange={(value) => setFilter((current) => ({ ...current, status: value as StatusFilter }))}
          />
        </Box>
        {showExport ? (
          <Button variant="outline" bg="bg" onClick={() => void onExport()} disabled={!canExport}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
});
