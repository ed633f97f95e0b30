import { HStack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Star } from "lucide-react";

const STARS = [1, 2, 3, 4, 5] as const;

/** Five stars filled up to `rating`, with the value read out as "5.0 out of 5 stars". */
export function StarRating({ rating, size = 18, showValue = true }: { rating: number; size?: number; showValue?: boolean }) {
  const value = rating.toFixed(1);
  return (
    <HStack gap="1.5">
      <HStack gap="0.5" color="yellow.500" role="img" aria-label={`Rated ${value} out of 5 stars`}>
        {STARS.map((star) => (
          <Star key={star} size={size} aria-hidden="true" fill={star <= Math.round(rating) ? "currentColor" : "none"} />
        ))}
      </HStack>
      {showValue ? (
        <chakra.span fontWeight="bold" aria-hidden="true">
          {value}
        </chakra.span>
      ) : null}
    </HStack>
  );
}
