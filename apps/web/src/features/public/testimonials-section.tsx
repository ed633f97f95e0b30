import { Button } from "@chakra-ui/react/button";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import { Stack } from "@chakra-ui/react/stack";
import { company, testimonials } from "@crawlguard/content";
import { ExternalLink } from "lucide-react";
import { ReviewsBlock } from "./reviews-block";
import { Section } from "./section";
import { TestimonialCard } from "./testimonial-card";

/** Testimonial cards, the aggregate rating and 'Read Verified Reviews'. */
export function TestimonialsSection() {
  return (
    <Section
      eyebrow="Testimonials"
      title="What Our Customers Say"
      intro="Real reviews from homeowners in Asheville and the surrounding mountains."
      bg="gray.50"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {testimonials.map((testimonial) => (
          <TestimonialCard key={testimonial.name} testimonial={testimonial} />
        ))}
      </SimpleGrid>
      <Stack direction={{ base: "column", md: "row" }} gap="6" mt="10" align="center" justify="center">
        <ReviewsBlock />
        <Button asChild variant="outline" colorPalette="brand" size="lg">
          <a href={company.reviewsUrl} target="_blank" rel="noopener noreferrer">
            Read Verified Reviews
            <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      </Stack>
    </Section>
  );
}
