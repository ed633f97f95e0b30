import { Button } from "@chakra-ui/react/button";
import { Flex } from "@chakra-ui/react/flex";
import { Text } from "@chakra-ui/react/text";
import { initialsOf } from "@crawlguard/validators";
import { Palette } from "lucide-react";
import { useState } from "react";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { ProfileDialog } from "./profile-dialog";
import { StaffBadge } from "./staff-badge";

/** How the signed-in person shows on the calendar, and the way for everyone to change their own. */
export function YourProfileBar() {
  const { user } = useDashboardActions();
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const shown = user.displayName ?? user.username;
  return (
    <Flex gap="3" align="center" wrap="wrap" mb="4">
      {user.color ? <StaffBadge member={{ color: user.color, initials: initialsOf(shown) }} size="1.75rem" /> : null}
      <Text textStyle="sm">
        You show as <bdi>{shown}</bdi> on the calendar and in “Assigned to”.
      </Text>
      <Button size="sm" variant="outline" onClick={() => setDialog((d) => ({ open: true, key: d.key + 1 }))}>
        <Palette aria-hidden="true" />
        Edit your name &amp; colour
      </Button>
      {dialog.key > 0 ? (
        <ProfileDialog key={dialog.key} user={user} own open={dialog.open} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
      ) : null}
    </Flex>
  );
}
