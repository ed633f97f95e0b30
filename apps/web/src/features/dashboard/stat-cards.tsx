import { Box } from "@chakra-ui/react/box";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Text } from "@chakra-ui/react/text";
import { CalendarCheck, type LucideIcon, Sparkles, Trophy, Users } from "lucide-react";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";
import { leadStats, type LeadStats } from "../leads/lead-board-model";

const cards: ReadonlyArray<{ key: keyof LeadStats; label: string; icon: LucideIcon; palette: string }> = [
  { key: "total", label: "Total Leads", icon: Users, palette: "brand" },
  { key: "new", label: "New Leads", icon: Sparkles, palette: "blue" },
  { key: "scheduled", label: "Scheduled", icon: CalendarCheck, palette: "orange" },
  { key: "won", label: "Won", icon: Trophy, palette: "green" },
];

/** The four stat cards above the tabs (docs/product.md §2), computed from the leads. */
export function StatCards() {
  const leads = trpc.leads.list.useQuery();
  const stats = useMemo(() => (leads.data ? leadStats(leads.data) : null), [leads.data]);
  return (
    <SimpleGrid as="section" aria-label="Lead statistics" columns={{ base: 2, md: 4 }} gap={{ base: "3", md: "4" }}>
      {cards.map(({ key, label, icon: Icon, palette }) => (
        <Card.Root key={key} size="sm" role="group" aria-labelledby={`stat-${key}`}>
          <Card.Body>
            <Flex justify="space-between" align="flex-start" gap="2">
              <Box>
                <Text textStyle="sm" color="fg.muted" id={`stat-${key}`}>
                  {label}
                </Text>
                <Text textStyle={{ base: "2xl", md: "3xl" }} fontWeight="bold" data-testid={`stat-${key}`}>
                  {stats ? stats[key].toLocaleString("en-US") : "–"}
                </Text>
              </Box>
              <Flex
                display={{ base: "none", sm: "flex" }}
                align="center"
                justify="center"
                boxSize={{ base: "8", md: "10" }}
                rounded="full"
                bg={`${palette}.subtle`}
                color={`${palette}.fg`}
                flexShrink={0}
                aria-hidden="true"
              >
                <Icon size="1.1em" />
              </Flex>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
