import { Tabs } from "@chakra-ui/react/tabs";
import { CalendarCheck, CalendarOff, Clock, Rss } from "lucide-react";
import { lazy, Suspense } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { YourProfileBar } from "../staff/your-profile-bar";
import { CalendarFeedSection } from "./calendar-feed-section";
import { TimeBlocksSection } from "./time-blocks-section";
import { WorkingHoursSection } from "./working-hours-section";

const OnlineBookingSection = lazy(() => import("../online-booking/online-booking-section"));

/**
 * Availability (docs/product.md "Screens and routes"), for the current user: Working Hours, Time
 * Blocks and the calendar feed URL; for the office, Online Booking too (admins change it).
 */
export default function AvailabilityPanel() {
  const { user } = useDashboardActions();
  const office = user.role !== "crew";
  return (
    <>
      <YourProfileBar />
      <Tabs.Root defaultValue="hours" variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="hours">
            <Clock aria-hidden="true" />
            Working Hours
          </Tabs.Trigger>
          <Tabs.Trigger value="blocks">
            <CalendarOff aria-hidden="true" />
            Time Blocks
          </Tabs.Trigger>
          <Tabs.Trigger value="feed">
            <Rss aria-hidden="true" />
            Calendar Feed
          </Tabs.Trigger>
          {office ? (
            <Tabs.Trigger value="online-booking">
              <CalendarCheck aria-hidden="true" />
              Online Booking
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="hours" pt="4">
          <WorkingHoursSection />
        </Tabs.Content>
        <Tabs.Content value="blocks" pt="4">
          <TimeBlocksSection />
        </Tabs.Content>
        <Tabs.Content value="feed" pt="4">
          <CalendarFeedSection />
        </Tabs.Content>
        {office ? (
          <Tabs.Content value="online-booking" pt="4">
            <Suspense fallback={<CenteredSpinner label="Loading online booking" minH="40" />}>
              <OnlineBookingSection canEdit={user.isAdmin} />
            </Suspense>
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </>
  );
}
