import { Stack } from "@chakra-ui/react/stack";
import { chakra } from "@chakra-ui/react/styled-system";
import { Text } from "@chakra-ui/react/text";
import type { Testimonial } from "@crawlguard/content";
import { Quote } from "lucide-react";
import { StarRating } from "./star-rating";

/** Name, location, star rating (one decimal), the quote and its source link. */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { name, location, rating, text, sourceLabel, sourceUrl } = testimonial;
  return (
    <Stack as="figure" gap="4" p={{ base: "6", md: "7" }} bg="white" rounded="xl" borderWidth="1px" shadow="sm" h="full">
      <Stack direction="row" justify="space-between" align="center">
        <StarRating rating={rating} />
        <chakra.span color="brand.200">
          <Quote aria-hidden="true" size={28} />
        </chakra.span>
      </Stack>
      <chakra.blockquote flex="1" color="gray.700" lineHeight="tall">
        “{text}”
      </chakra.blockquote>
      <chakra.figcaption display="flex" justifyContent="space-between" alignItems="flex-end" gap="3" flexWrap="wrap">
        <span>
          <Text as="span" display="block" fontWeight="bold" color="brand.950">
            {name}
          </Text>
          <Text as="span" display="block" textStyle="sm" color="fg.muted">
            {location}
          </Text>
        </span>
        {sourceUrl ? (
          <chakra.a
            href={sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            textStyle="sm"
            fontWeight="semibold"
            color="brand.700"
            _hover={{ textDecoration: "underline" }}
          >
            {sourceLabel ?? "Source"} review<chakra.span srOnly> by {name} (opens in a new tab)</chakra.span>
          </chakra.a>
        ) : null}
      </chakra.figcaption>
    </Stack>
  );
}
