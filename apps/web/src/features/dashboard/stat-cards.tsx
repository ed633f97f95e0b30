import { Box } from "@chakra-ui/react/box";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Text } from "@chakra-ui/react/text";
import { CalendarCheck, type LucideIcon, Sparkles, Trophy, Users } from "lucide-react";
import { useMemo, useRef } from "react";
import { trpc } from "../../lib/trpc";
import { useScrollsSideways } from "../../lib/use-scrolls-sideways";
import { leadStats, type LeadStats } from "../leads/lead-board-model";
import { useShownLeads } from "./dashboard-context";

const cards: ReadonlyArray<{ key: keyof LeadStats; label: string; icon: LucideIcon; palette: string }> = [
  { key: "total", label: "Total Leads", icon: Users, palette: "brand" },
  { key: "new", label: "New Leads", icon: Sparkles, palette: "blue" },
  { key: "scheduled", label: "Scheduled", icon: CalendarCheck, palette: "orange" },
  { key: "won", label: "Won", icon: Trophy, palette: "green" },
];

/**
 * The four stat cards above the tabs (docs/product.md "Screens and routes"), computed from the leads. Phones: one
 * compact row, scrolled sideways if it must (two rows of cards pushed the board off
 * the screen); wider screens: a row of four. A row that scrolls takes keyboard focus, so that
 * the arrow keys scroll it. While the board's search or status filter narrows it, the cards count
 * the leads it shows, as its columns do, and say so.
 */
export function StatCards() {
  const leads = trpc.leads.list.useQuery();
  const shown = useShownLeads();
  const counted = shown ?? leads.data;
  const stats = useMemo(() => (counted ? leadStats(counted) : null), [counted]);
  const rowRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(rowRef);
  return (
    <>
      <SimpleGrid
        ref={rowRef}
        as="section"
        aria-label="Lead statistics"
        tabIndex={scrolls ? 0 : undefined}
        focusVisibleRing="inside"
        display={{ base: "flex", md: "grid" }}
        overflowX={{ base: "auto", md: "visible" }}
        columns={{ md: 4 }}
        gap={{ base: "2", md: "4" }}
        pb={{ base: "1", md: "0" }}
      >
        {cards.map(({ key, label, icon: Icon, palette }) => (
          <Card.Root
            key={key}
            size="sm"
            role="group"
            aria-labelledby={`stat-${key}`}
            flex={{ base: "1 0 auto", md: "initial" }}
            minW={{ base: "6.5rem", md: "0" }}
          >
            <Card.Body py={{ base: "1.5", md: undefined }} px={{ base: "3", md: undefined }}>
              <Flex justify="space-between" align="flex-start" gap="2">
                <Box>
                  <Text textStyle={{ base: "xs", md: "sm" }} color="fg.muted" id={`stat-${key}`} whiteSpace="nowrap">
                    {label}
                  </Text>
                  <Text textStyle={{ base: "lg", md: "3xl" }} fontWeight="bold" data-testid={`stat-${key}`}>
                    {stats ? stats[key].toLocaleString("en-US") : "–"}
                  </Text>
                </Box>
                <Flex
                  display={{ base: "none", md: "flex" }}
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
      {shown ? (
        <Text textStyle="xs" color="fg.muted" mt="1" data-testid="stat-scope">
          Counting the {shown.length.toLocaleString("en-US")} {shown.length === 1 ? "lead" : "leads"} that match the board&apos;s search and
          filter
        </Text>
      ) : null}
    </>
  );
}
