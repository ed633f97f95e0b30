import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Container } from "@chakra-ui/react/container";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { useNavigate } from "@tanstack/react-router";
import { CalendarPlus, LogOut, UserPlus } from "lucide-react";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { isCrew, roleOf } from "../auth/roles";
import { type SessionUser, useSession } from "../auth/use-session";

type DashboardHeaderProps = {
  user: SessionUser;
  onBookAppointment: () => void;
  onAddLead: () => void;
};

export function DashboardHeader({ user, onBookAppointment, onAddLead }: DashboardHeaderProps) {
  const { logout } = useSession();
  const navigate = useNavigate();
  // Crew book their own leads from the lead's card; new clients and leads are the office's.
  const crew = isCrew(user);
  const role = roleOf(user);

  const signOut = async () => {
    try {
      await logout.mutateAsync();
      showToast({ title: "Logged out", description: "You have been successfully logged out.", type: "success" });
      await navigate({ to: "/auth" });
    } catch (error) {
      showToast({ title: "Logout failed", description: toastErrorText(error), type: "error" });
    }
  };

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" boxShadow="xs">
      {/* Phones: a compact header, title and Logout on one line, the two actions on
          the next; wider screens: one row. */}
      <Container maxW="full" py={{ base: "2", md: "4" }} px={{ base: "3", md: "6" }}>
        <Flex
          gap={{ base: "2", md: "3" }}
          align={{ base: "stretch", md: "center" }}
          justify="space-between"
          direction={{ base: "column", md: "row" }}
        >
          <Flex justify="space-between" align="center" gap="2">
            <Box minW="0">
              <Heading as="h1" size={{ base: "md", md: "2xl" }} lineHeight="short">
                CrawlGuard Dashboard
              </Heading>
              <Text textStyle="xs" color="fg.muted" truncate>
                Signed in as <bdi>{user.username}</bdi>
                {role === "office" ? "" : ` (${role})`}
              </Text>
            </Box>
            {/* Phones: Logout beside the title, so the two actions below share one row. */}
            <Button
              variant="ghost"
              size="xs"
              display={{ base: "inline-flex", md: "none" }}
              onClick={() => void signOut()}
              disabled={logout.isPending}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </Flex>
          {/* Crew on a phone: nothing left on this row (Logout is beside the title). */}
          <HStack gap="2" justify="flex-end" display={crew ? { base: "none", md: "flex" } : undefined}>
            {crew ? null : (
              <>
                <Button colorPalette="brand" size={{ base: "sm", md: "md" }} flex={{ base: "1", md: "none" }} onClick={onBookAppointment}>
                  <CalendarPlus aria-hidden="true" />
                  Book Appointment
                </Button>
                <Button
                  variant="outline"
                  colorPalette="brand"
                  size={{ base: "sm", md: "md" }}
                  flex={{ base: "1", md: "none" }}
                  onClick={onAddLead}
                >
                  <UserPlus aria-hidden="true" />
                  Add Lead
                </Button>
              </>
            )}
            <Button
              variant="ghost"
              display={{ base: "none", md: "inline-flex" }}
              onClick={() => void signOut()}
              disabled={logout.isPending}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
