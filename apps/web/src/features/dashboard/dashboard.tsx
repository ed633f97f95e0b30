import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Tabs } from "@chakra-ui/react/tabs";
import type { CrewJob, Lead } from "@crawlguard/validators";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PageMain } from "../../components/page-main";
import { preloadToaster } from "../../components/toast-host";
import { trpc } from "../../lib/trpc";
import type { SessionUser } from "../auth/use-session";
import { emptyLeadFilter } from "../leads/lead-board-model";
import {
  type CalendarRequest,
  createShownLeadsStore,
  type DashboardActions,
  DashboardProvider,
  type LeadFilterStore,
} from "./dashboard-context";
import { DashboardHeader } from "./dashboard-header";
import { DashboardPanel } from "./dashboard-panel";
import { type DashboardTabValue, visibleDashboardTabs } from "./dashboard-tabs";
import { NewSubmissionsBadge } from "../submissions/new-submissions-badge";
import { StatCards } from "./stat-cards";

// The dialogs load when first opened (the header offers both on every tab).
const LeadFormDialog = lazy(() => import("../leads/lead-form-dialog"));
const BookAppointmentDialog = lazy(() => import("../appointments/book-appointment-dialog"));
const JobView = lazy(() => import("../crew/job-view"));

/**
 * One opening of a dialog. `key` grows with each opening, so every opening
 * starts from a fresh form while the closing one can still animate out.
 */
type DialogState = { open: boolean; lead?: Lead | undefined; key: number };
const closedDialog: DialogState = { open: false, key: 0 };

type JobState = { open: boolean; key: number; job?: CrewJob | undefined; onReschedule?: (() => void) | undefined };

/** Whether the dashboard was opened at /admin/today. */
const openedOnToday = () => typeof window !== "undefined" && window.location.pathname.replace(/\/$/, "") === "/admin/today";

/** Where the dashboard opens: /admin/today on Today, crew members on Today too, everyone else on the board. */
function initialTab(user: SessionUser): DashboardTabValue {
  return openedOnToday() || user.role === "crew" ? "today" : "leads";
}

export function Dashboard({ user }: { user: SessionUser }) {
  const [onToday] = useState(openedOnToday);
  const tabs = visibleDashboardTabs(user, { today: onToday });
  const [tab, setTab] = useState<DashboardTabValue>(() => initialTab(user));
  const [leadFilterStore] = useState<LeadFilterStore>(() => ({ current: emptyLeadFilter }));
  const [shownLeads] = useState(createShownLeadsStore);
  const [calendarRequest, setCalendarRequest] = useState<CalendarRequest | null>(null);
  const [leadDialog, setLeadDialog] = useState<DialogState>(closedDialog);
  const [bookingDialog, setBookingDialog] = useState<DialogState>(closedDialog);
  const [jobDialog, setJobDialog] = useState<JobState>({ open: false, key: 0 });
  useEffect(preloadToaster, []);
  const utils = trpc.useUtils();
  // The links in office e-mails: /admin?lead=<id> opens that lead, /admin?tab=<tab> that tab.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const wantedTab = params.get("tab");
    const leadId = params.get("lead");
    if (!wantedTab && !leadId) return;
    const visible = tabs.find((t) => t.value === wantedTab);
    if (visible) setTab(visible.value);
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (leadId) {
      void utils.leads.list.fetch().then(
        (leads) => {
          const lead = leads.find((l) => l.id === leadId);
          if (lead) setLeadDialog((d) => ({ open: true, lead, key: d.key + 1 }));
        },
        () => {},
      );
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const tabStripRef = useRef<HTMLDivElement>(null);
  // After a tab switch its content is in view: the chosen tab is scrolled into the
  // strip, and when the tabs are above the screen or low on it, the page brings them to the top.
  useEffect(() => {
    const strip = tabStripRef.current;
    if (!strip) return;
    const trigger = strip.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (trigger) {
      const offset = trigger.getBoundingClientRect().left - strip.getBoundingClientRect().left;
      strip.scrollTo({ left: Math.max(0, strip.scrollLeft + offset - (strip.clientWidth - trigger.offsetWidth) / 2) });
    }
    const { top } = strip.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) strip.scrollIntoView({ block: "start" });
  }, [tab]);

  const openLeadForm = useCallback((lead?: Lead) => setLeadDialog((d) => ({ open: true, lead, key: d.key + 1 })), []);
  const openBooking = useCallback((lead?: Lead) => setBookingDialog((d) => ({ open: true, lead, key: d.key + 1 })), []);
  const openJob = useCallback(
    (job: CrewJob, options?: { onReschedule?: () => void }) =>
      setJobDialog((d) => ({ open: true, key: d.key + 1, job, onReschedule: options?.onReschedule })),
    [],
  );
  const showInCalendar = useCallback((iso: string) => {
    setCalendarRequest({ view: "week", date: iso });
    setTab("calendar");
  }, []);

  const actions = useMemo<DashboardActions>(
    () => ({ user, showTab: setTab, openLeadForm, openBooking, showInCalendar, openJob }),
    [user, openLeadForm, openBooking, showInCalendar, openJob],
  );
  const state = useMemo(() => ({ leadFilterStore, shownLeads, calendarRequest }), [leadFilterStore, shownLeads, calendarRequest]);

  return (
    <DashboardProvider actions={actions} state={state}>
      <Box minH="100dvh" bg="bg.muted">
        <DashboardHeader user={user} onBookAppointment={() => openBooking()} onAddLead={() => openLeadForm()} />
        <PageMain>
          <Container maxW="full" py={{ base: "2", md: "6" }} px={{ base: "3", md: "6" }}>
            {/* Today is a phone screen of one's own jobs: the business's figures would push them down. */}
            {tab === "today" ? null : <StatCards />}
            <Tabs.Root
              value={tab}
              onValueChange={(details) => setTab(details.value as DashboardTabValue)}
              variant="enclosed"
              lazyMount
              unmountOnExit
              mt={{ base: "2", md: "6" }}
            >
              {/* Phones: every tab in sight, in compact rows of words (one row scrolled sideways
                  hid the Calendar tab past the edge). Wider screens: one row with icons, scrolled
                  sideways when it must, the chosen tab scrolled into sight. */}
              <Box ref={tabStripRef} overflowX={{ base: "visible", md: "auto" }} pb={{ base: "0", md: "1" }} scrollPaddingInline="8">
                <Tabs.List minW={{ base: "0", md: "max-content" }} flexWrap={{ base: "wrap", md: "nowrap" }}>
                  {tabs.map(({ value, label, icon: Icon }) => (
                    <Tabs.Trigger
                      key={value}
                      value={value}
                      data-tab={value}
                      flexShrink={0}
                      px={{ base: "2.5", md: undefined }}
                      h={{ base: "7", md: undefined }}
                      textStyle={{ base: "sm", md: undefined }}
                    >
                      <Box as="span" display={{ base: "none", md: "contents" }}>
                        <Icon aria-hidden="true" />
                      </Box>
                      {label}
                      {value === "submissions" ? <NewSubmissionsBadge /> : null}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
              </Box>
              {tabs.map((definition) => (
                <Tabs.Content key={definition.value} value={definition.value} pt={{ base: "3", md: "6" }}>
                  <DashboardPanel tab={definition} />
                </Tabs.Content>
              ))}
            </Tabs.Root>
          </Container>
        </PageMain>
      </Box>
      <Suspense fallback={null}>
        {leadDialog.key > 0 ? (
          <LeadFormDialog
            key={leadDialog.key}
            open={leadDialog.open}
            lead={leadDialog.lead}
            onClose={() => setLeadDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
        {jobDialog.key > 0 && jobDialog.job ? (
          <JobView
            key={jobDialog.key}
            open={jobDialog.open}
            job={jobDialog.job}
            onReschedule={
              jobDialog.onReschedule
                ? () => {
                    setJobDialog((d) => ({ ...d, open: false }));
                    jobDialog.onReschedule?.();
                  }
                : undefined
            }
            onClose={() => setJobDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
        {bookingDialog.key > 0 ? (
          <BookAppointmentDialog
            key={bookingDialog.key}
            open={bookingDialog.open}
            lead={bookingDialog.lead}
            onClose={() => setBookingDialog((d) => ({ ...d, open: false }))}
          />
        ) : null}
      </Suspense>
    </DashboardProvider>
  );
}
