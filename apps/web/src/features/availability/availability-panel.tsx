import { Tabs } from "@chakra-ui/react/tabs";
import { CalendarOff, Clock, Rss } from "lucide-react";
import { YourProfileBar } from "../staff/your-profile-bar";
import { CalendarFeedSection } from "./calendar-feed-section";
import { TimeBlocksSection } from "./time-blocks-section";
import { WorkingHoursSection } from "./working-hours-section";

/** Availability (docs/product.md "Screens and routes"), for the current user: Working Hours, Time Blocks and the calendar feed URL. */
export default function AvailabilityPanel() {
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
      </Tabs.Root>
    </>
  );
}
