import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Tabs } from "@chakra-ui/react/tabs";
import type { Lead } from "@crawlguard/validators";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { PageMain } from "../../components/page-main";
import { preloadToaster } from "../../components/toast-host";
import type { SessionUser } from "../auth/use-session";
import { emptyLeadFilter } from "../leads/lead-board-model";
import { type CalendarRequest, type DashboardActions, DashboardProvider, type LeadFilterStore } from "./dashboard-context";
import { DashboardHeader } from "./dashboard-header";
import { DashboardPanel } from "./dashboard-panel";
import { type DashboardTabValue, visibleDashboardTabs } from "./dashboard-tabs";
import { NewSubmissionsBadge } from "../submissions/new-submissions-badge";
import { StatCards } from "./stat-cards";

// The dialogs load when first opened (the header offers both on every tab).
const LeadFormDialog = lazy(() => import("../leads/lead-form-dialog"));
const BookAppointmentDialog = lazy(() => import("../appointments/book-appointment-dialog"));

/**
 * One opening of a dialog. `key` grows with each opening, so every opening
 * starts from a fresh form while the closing one can still animate out.
 */
type DialogState = { open: boolean; lead?: Lead | undefined; key: number };
const closedDialog: DialogState = { open: false, key: 0 };

export function Dashboard({ user }: { user: SessionUser }) {
  const tabs = visibleDashboardTabs(user);
  const [tab, setTab] = useState<DashboardTabValue>("leads");
  const [leadFilterStore] = useState<LeadFilterStore>(() => ({ current: emptyLeadFilter }));
  const [calendarRequest, setCalendarRequest] = useState<CalendarRequest | null>(null);
  const [leadDialog, setLeadDialog] = useState<DialogState>(closedDialog);
  const [bookingDialog, setBookingDialog] = useState<DialogState>(closedDialog);
  useEffect(preloadToaster, []);

  const openLeadForm = useCallback((lead?: Lead) => setLeadDialog((d) => ({ open: true, lead, key: d.key + 1 })), []);
  const openBooking = useCallback((lead?: Lead) => setBookingDialog((d) => ({ open: true, lead, key: d.key + 1 })), []);
  const showInCalendar = useCallback((iso: string) => {
    setCalendarRequest({ view: "week", date: iso });
    setTab("calendar");
  }, []);

  const actions = useMemo<DashboardActions>(
    () => ({ user, showTab: setTab, openLeadForm, openBooking, showInCalendar }),
    [user, openLeadForm, openBooking, showInCalendar],
  );
  const state = useMemo(() => ({ leadFilterStore, calendarRequest }), [leadFilterStore, calendarRequest]);

  return (
    <DashboardProvider actions={actions} state={state}>
      <Box minH="100dvh" bg="bg.muted">
        <DashboardHeader user={user} onBookAppointment={() => openBooking()} onAddLead={() => openLeadForm()} />
        <PageMain>
          <Container maxW="full" py={{ base: "4", md: "6" }} px={{ base: "3", md: "6" }}>
            <StatCards />
            <Tabs.Root
              value={tab}
              onValueChange={(details) => setTab(details.value as DashboardTabValue)}
              variant="enclosed"
              lazyMount
              unmountOnExit
              mt={{ base: "4", md: "6" }}
            >
              {/* Phones: the seven tabs wrap onto rows, all in sight (a strip scrolled sideways hid
                  five of them with no hint); wider screens keep one row, scrolling if it must. */}
              <Box overflowX={{ base: "visible", md: "auto" }} pb="1">
                <Tabs.List minW={{ md: "max-content" }} flexWrap={{ base: "wrap", md: "nowrap" }}>
                  {tabs.map(({ value, label, icon: Icon }) => (
                    <Tabs.Trigger key={value} value={value}>
                      <Icon aria-hidden="true" />
                      {label}
                      {value === "submissions" ? <NewSubmissionsBadge /> : null}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
              </Box>
              {tabs.map((definition) => (
                <Tabs.Content key={definition.value} value={definition.value} pt={{ base: "4", md: "6" }}>
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
