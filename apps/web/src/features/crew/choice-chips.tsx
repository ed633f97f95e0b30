import { Flex } from "@chakra-ui/react/flex";
import { chakra } from "@chakra-ui/react/styled-system";
import { useId } from "react";

/**
 * One choice of a few, as large radio chips a thumb can hit (at least 44 px high): a fieldset with
 * its legend, real radio inputs for keyboards and screen readers, the chosen chip marked.
 */
export function ChoiceChips<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  labelOf,
}: {
  legend: string;
  choices: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (choice: T) => string;
}) {
  const name = useId();
  return (
    <chakra.fieldset border="none" p="0" m="0">
      <chakra.legend fontWeight="semibold" fontSize="sm" color="gray.800" mb="1.5">
        {legend}
      </chakra.legend>
      <Flex gap="2" wrap="wrap">
        {choices.map((choice) => (
          <chakra.label
            key={choice}
            display="inline-flex"
            alignItems="center"
            gap="2"
            minH="11"
            px="3"
            borderWidth="1px"
            borderRadius="full"
            cursor="pointer"
            bg={value === choice ? "brand.subtle" : "bg"}
            borderColor={value === choice ? "brand.solid" : "border"}
            fontWeight={value === choice ? "semibold" : "normal"}
            _focusWithin={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
          >
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
            {labelOf(choice)}
          </chakra.label>
        ))}
      </Flex>
    </chakra.fieldset>
  );
}
