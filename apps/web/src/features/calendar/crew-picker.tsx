import { Flex } from "@chakra-ui/react/flex";
import { IconButton } from "@chakra-ui/react/button";
import { Box } from "@chakra-ui/react/box";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { SelectControl } from "../../components/form-controls";
import { StaffBadge } from "../staff/staff-badge";
import type { CrewColumn } from "./crew-model";

type CrewPickerProps = {
  columns: readonly CrewColumn[];
  /** The column shown. */
  person: string | undefined;
  onPerson: (id: string) => void;
};

/** On a phone the Crew view shows one person at a time: who, chosen here or stepped through. */
export function CrewPicker({ columns, person, onPerson }: CrewPickerProps) {
  const index = Math.max(
    0,
    columns.findIndex((c) => c.id === person),
  );
  const current = columns[index];
  const step = (by: number) => {
    const next = columns[(index + by + columns.length) % columns.length];
    if (next) onPerson(next.id);
  };
  return (
    <Flex as="section" aria-label="Crew member shown" gap="2" align="center" bg="bg" borderWidth="1px" rounded="l2" p="2">
      {current ? <StaffBadge member={current} size="1.5rem" /> : null}
      <Box flex="1" minW="0">
        <SelectControl
          aria-label="Crew member"
          size="sm"
          value={current?.id ?? ""}
          options={columns.map((c) => ({ value: c.id, label: c.title }))}
          onChange={onPerson}
        />
      </Box>
      <IconButton size="sm" variant="outline" aria-label="Previous crew member" disabled={columns.length < 2} onClick={() => step(-1)}>
        <ChevronLeft aria-hidden="true" />
      </IconButton>
      <IconButton size="sm" variant="outline" aria-label="Next crew member" disabled={columns.length < 2} onClick={() => step(1)}>
        <ChevronRight aria-hidden="true" />
      </IconButton>
    </Flex>
  );
}
