import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { chakra } from "@chakra-ui/react/styled-system";
import { serviceAreas, withState } from "@crawlguard/content";
import { MapPin } from "lucide-react";

/** The 24 service-area towns; `withStateName` appends ", NC" (the contact page). */
export function ServiceAreaGrid({ withStateName = false }: { withStateName?: boolean }) {
  return (
    <SimpleGrid as="ul" columns={{ base: 2, sm: 3, md: 4, lg: 6 }} gap="3" listStyleType="none">
      {serviceAreas.map((area) => (
        <chakra.li
          key={area}
          display="flex"
          alignItems="center"
          gap="2"
          px="3"
          py="2.5"
          bg="white"
          rounded="md"
          borderWidth="1px"
          fontWeight="medium"
          color="gray.800"
          textStyle="sm"
        >
          <chakra.span color="brand.600" flexShrink="0">
            <MapPin aria-hidden="true" size={16} />
          </chakra.span>
          {withStateName ? withState(area) : area}
        </chakra.li>
      ))}
    </SimpleGrid>
  );
}
