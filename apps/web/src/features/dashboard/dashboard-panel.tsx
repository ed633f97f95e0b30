import { Card } from "@chakra-ui/react/card";
import { Heading } from "@chakra-ui/react/heading";
import { Text } from "@chakra-ui/react/text";
import { Suspense } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import type { DashboardTab } from "./dashboard-tabs";

/** Renders a tab's panel, waiting for its lazy chunk under a spinner. */
export function DashboardPanel({ tab }: { tab: DashboardTab }) {
  const { Panel } = tab;
  if (!Panel) return <SectionPlaceholder title={tab.label} />;
  return (
    <Suspense fallback={<CenteredSpinner label={`Loading ${tab.label}`} minH="60" />}>
      <Panel />
    </Suspense>
  );
}

function SectionPlaceholder({ title }: { title: string }) {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted">This section is being set up.</Text>
      </Card.Body>
    </Card.Root>
  );
}
