import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { chakra } from "@chakra-ui/react/styled-system";
import { CircleCheck } from "lucide-react";

type CheckListProps = {
  items: readonly string[];
  columns?: { base?: number; md?: number; lg?: number };
  /** Icon colour token; use a light one on dark backgrounds. */
  iconColor?: string;
};

/** A list of points, each with a check mark. */
export function CheckList({ items, columns = { base: 1 }, iconColor = "green.600" }: CheckListProps) {
  return (
    <SimpleGrid as="ul" columns={columns} gap="3" listStyleType="none">
      {items.map((item) => (
        <chakra.li key={item} display="flex" gap="3" alignItems="flex-start">
          <chakra.span color={iconColor} mt="0.5" flexShrink="0">
            <CircleCheck aria-hidden="true" size={20} />
          </chakra.span>
          <span>{item}</span>
        </chakra.li>
      ))}
    </SimpleGrid>
  );
}
