import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { Link } from "@tanstack/react-router";
import { CallButton } from "./call-button";

/** The hero's two calls to action: "Get Free Estimate" (to /contact) and the phone number. */
export function HeroActions() {
  return (
    <Stack direction={{ base: "column", sm: "row" }} gap="4">
      <Button asChild size="lg" colorPalette="accent">
        <Link to="/contact">Get Free Estimate</Link>
      </Button>
      <CallButton variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: "whiteAlpha.200" }} />
    </Stack>
  );
}
