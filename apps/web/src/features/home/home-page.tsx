import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Heading } from "@chakra-ui/react/heading";
import { HStack, Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { company, heroFeatures } from "@crawlguard/content";
import { CircleCheck, Phone } from "lucide-react";
import { PageMain } from "../../components/page-main";

/** Home hero. The full public home page (services, areas, reviews, form) builds on this. */
export function HomePage() {
  return (
    <PageMain>
      <Box bg="brand.900" color="white">
        <Container maxW="6xl" py={{ base: "14", md: "24" }}>
          <Stack gap={{ base: "6", md: "8" }} maxW="3xl">
            <Text textStyle="sm" fontWeight="semibold" letterSpacing="wide" color="brand.100">
              {company.name} · Asheville &amp; Western North Carolina
            </Text>
            <Heading as="h1" size={{ base: "3xl", md: "5xl" }} lineHeight="1.1">
              Expert Crawl Space Waterproofing in Asheville, NC
            </Heading>
            <Text textStyle={{ base: "md", md: "xl" }} color="brand.50">
              {company.description}
            </Text>
            <HStack gap="4" flexWrap="wrap">
              <Button asChild size="lg" colorPalette="accent">
                <a href={company.phone.href}>
                  <Phone aria-hidden="true" />
                  Call {company.phone.display}
                </a>
              </Button>
            </HStack>
            <Stack as="ul" gap="2" listStyleType="none">
              {heroFeatures.map((feature) => (
                <HStack as="li" key={feature} gap="2">
                  <CircleCheck aria-hidden="true" size={20} />
                  {feature}
                </HStack>
              ))}
            </Stack>
          </Stack>
        </Container>
      </Box>
    </PageMain>
  );
}
