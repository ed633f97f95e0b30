import { Box } from "@chakra-ui/react/box";
import { Flex } from "@chakra-ui/react/flex";
import { Text } from "@chakra-ui/react/text";
import type { StaffMember } from "@crawlguard/validators";
import { SelectControl } from "../../components/form-controls";
import { StaffBadge } from "../staff/staff-badge";

/** The person filter's value for "everyone". */
export const EVERYONE = "";

type EveryoneLegendProps = {
  staff: readonly StaffMember[];
  /** A user id, or EVERYONE. */
  person: string;
  onPersonChange: (person: string) => void;
};

/**
 * The Everyone view's key: each person's colour and initials as the calendar marks
 * their appointments and blocks, and a filter to show one person's only (their name then in bold;
 * the others are not faded, which would fail text contrast).
 */
export function EveryoneLegend({ staff, person, onPersonChange }: EveryoneLegendProps) {
  const options = [{ value: EVERYONE, label: "Everyone" }, ...staff.map((m) => ({ value: m.id, label: m.displayName }))];
  return (
    <Flex
      as="section"
      aria-label="Whose is what"
      gap="3"
      align={{ base: "stretch", md: "center" }}
      direction={{ base: "column", md: "row" }}
      bg="bg"
      borderWidth="1px"
      rounded="l2"
      p="2"
    >
      <Box minW="44">
        <SelectControl aria-label="Show person" size="sm" value={person} options={options} onChange={onPersonChange} />
      </Box>
      <Box as="ul" display="flex" flexWrap="wrap" gap="3" listStyleType="none" aria-label="Legend">
        {staff.map((member) => (
          <Flex as="li" key={member.id} align="center" gap="1.5" fontWeight={person === member.id ? "semibold" : undefined}>
            <StaffBadge member={member} />
            <Text as="span" textStyle="sm">
              <bdi>{member.displayName}</bdi>
            </Text>
          </Flex>
        ))}
        <Flex as="li" align="center" gap="1.5">
          <StaffBadge member={{ color: "#52525b", initials: "–" }} />
          <Text as="span" textStyle="sm">
            Unassigned
          </Text>
        </Flex>
      </Box>
    </Flex>
  );
}
