import { Box } from "@chakra-ui/react/box";
import { Container } from "@chakra-ui/react/container";
import { Tabs } from "@chakra-ui/react/tabs";
import { useEffect, useState } from "react";
import { PageMain } from "../../components/page-main";
import { preloadToaster } from "../../components/toast-host";
import type { SessionUser } from "../auth/use-session";
import { DashboardHeader } from "./dashboard-header";
import { DashboardPanel } from "./dashboard-panel";
import { type DashboardTabValue, visibleDashboardTabs } from "./dashboard-tabs";

export function Dashboard({ user }: { user: SessionUser }) {
  const tabs = visibleDashboardTabs(user);
  const [tab, setTab] = useState<DashboardTabValue>("leads");
  useEffect(preloadToaster, []);

  return (
    <Box minH="100dvh" bg="bg.muted">
      <DashboardHeader
        user={user}
        // Staff dashboard issue: these open the Book Appointment and Add Lead
        // dialogs once they exist; until then they bring up the tab where
        // appointments and leads are managed.
        onBookAppointment={() => setTab("calendar")}
        onAddLead={() => setTab("leads")}
      />
      <PageMain>
        <Container maxW="7xl" py={{ base: "4", md: "8" }} px={{ base: "3", md: "6" }}>
          <Tabs.Root
            value={tab}
            onValueChange={(details) => setTab(details.value as DashboardTabValue)}
            variant="enclosed"
            lazyMount
            unmountOnExit
          >
            <Box overflowX="auto" pb="1">
              <Tabs.List minW="max-content">
                {tabs.map(({ value, label, icon: Icon }) => (
                  <Tabs.Trigger key={value} value={value}>
                    <Icon aria-hidden="true" />
                    {label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
            </Box>
            {tabs.map((definition) => (
              <Tabs.Content key={definition.value} value={definition.value} pt="6">
                <DashboardPanel tab={definition} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Container>
      </PageMain>
    </Box>
  );
}
