import type { CrewJob, Lead } from "@crawlguard/validators";
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import type { SessionUser } from "../auth/use-session";
import type { LeadFilter } from "../leads/lead-board-model";
import type { DashboardTabValue } from "./dashboard-tab-value";

/** What panels can ask of the dashboard frame: switch tabs, open the shared dialogs. Stable across renders. */
export type DashboardActions = {
  user: SessionUser;
  showTab: (tab: DashboardTabValue) => void;
  /** The Add Lead dialog, or Edit Lead for `lead`. */
  openLeadForm: (lead?: Lead) => void;
  /** Book New Appointment, with `lead` preselected when given. */
  openBooking: (lead?: Lead) => void;
  /** Opens the Calendar tab on the week of `iso` (docs/product.md "Screens and routes": lead card scheduled date). */
  showInCalendar: (iso: string) => void;
  /** The job view of an appointment (docs/product.md "The crew's day"); `onReschedule` adds a Reschedule action to it. */
  openJob: (job: CrewJob, options?: { onReschedule?: () => void }) => void;
};

/** The week view request the Calendar tab reads when it opens. */
export type CalendarRequest = { view: "week"; date: string };

/**
 * The board's search and status filter, kept by the dashboard so they survive
 * tab switches (the panels unmount). A plain box rather than state: typing in
 * the search box must re-render the board only, not the whole dashboard.
 */
export type LeadFilterStore = { current: LeadFilter };

/**
 * The leads the board shows while its search or status filter narrows it (null: not narrowed, or
 * the board is not open), so that the stat cards count the same leads as the columns below them.
 * A store rather than state: a keystroke in the search redraws the stat cards, not the dashboard.
 */
export type ShownLeadsStore = {
  get: () => readonly Lead[] | null;
  set: (leads: readonly Lead[] | null) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createShownLeadsStore(): ShownLeadsStore {
  let shown: readonly Lead[] | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    set: (leads) => {
      if (leads === shown) return;
      shown = leads;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type DashboardState = {
  leadFilterStore: LeadFilterStore;
  shownLeads: ShownLeadsStore;
  calendarRequest: CalendarRequest | null;
};

const ActionsContext = createContext<DashboardActions | null>(null);
const StateContext = createContext<DashboardState | null>(null);

export function DashboardProvider({ actions, state, children }: { actions: DashboardActions; state: DashboardState; children: ReactNode }) {
  return (
    <ActionsContext.Provider value={actions}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </ActionsContext.Provider>
  );
}

export function useDashboardActions(): DashboardActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error("useDashboardActions must be used inside the dashboard");
  return actions;
}

function useDashboardState(): DashboardState {
  const state = useContext(StateContext);
  if (!state) throw new Error("Dashboard state is only available inside the dashboard");
  return state;
}

/** The board's filter: state of the calling panel, remembered by the dashboard for the next visit. */
export function useLeadFilter(): [LeadFilter, Dispatch<SetStateAction<LeadFilter>>] {
  const { leadFilterStore } = useDashboardState();
  const [filter, setFilter] = useState(leadFilterStore.current);
  useEffect(() => {
    leadFilterStore.current = filter;
  }, [leadFilterStore, filter]);
  return [filter, setFilter];
}

/** Sets the filter the board opens with next (e.g. "View lead" from a submission, right before switching tabs). */
export function usePresetLeadFilter(): (filter: LeadFilter) => void {
  const { leadFilterStore } = useDashboardState();
  return (filter) => {
    leadFilterStore.current = filter;
  };
}

/** Publishes the leads the board shows while it is narrowed (null when it is not), until the board closes. */
export function usePublishShownLeads(shown: readonly Lead[] | null): void {
  const { shownLeads } = useDashboardState();
  useEffect(() => {
    shownLeads.set(shown);
  }, [shownLeads, shown]);
  useEffect(() => () => shownLeads.set(null), [shownLeads]);
}

/** The leads the board shows while narrowed by a search or status filter, else null. */
export function useShownLeads(): readonly Lead[] | null {
  const { shownLeads } = useDashboardState();
  return useSyncExternalStore(shownLeads.subscribe, shownLeads.get, () => null);
}

export function useCalendarRequest(): CalendarRequest | null {
  return useDashboardState().calendarRequest;
}
