import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import { company } from "@crawlguard/content";
import { StarRating } from "./star-rating";

/** The aggregate rating: 5.0 from 50 reviews. */
export function ReviewsBlock() {
  const { ratingValue, reviewCount, bestRating } = company.aggregateRating;
  return (
    <Stack
      direction={{ base: "column", sm: "row" }}
      align="center"
      justify="center"
      textAlign={{ base: "center", sm: "start" }}
      gap={{ base: "3", md: "6" }}
      p={{ base: "5", md: "6" }}
      bg="white"
      rounded="xl"
      borderWidth="1px"
      shadow="sm"
    >
      <chakra.span fontSize="5xl" fontWeight="extrabold" lineHeight="1" color="brand.950">
        {ratingValue.toFixed(1)}
      </chakra.span>
      {/* One column on phones, every line centred under the big figure; side by side from sm. */}
      <Stack gap="1" align={{ base: "center", sm: "flex-start" }}>
        <StarRating rating={ratingValue} size={22} showValue={false} />
        <Text fontWeight="semibold" color="gray.800">
          {ratingValue.toFixed(1)} out of {bestRating} from {reviewCount} reviews
        </Text>
        <Text textStyle="sm" color="fg.muted">
          Trusted by homeowners across Western North Carolina since {company.foundedYear}
        </Text>
      </Stack>
    </Stack>
  );
}
