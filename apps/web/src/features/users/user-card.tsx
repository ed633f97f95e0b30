import { Badge } from "@chakra-ui/react/badge";
import { Box } from "@chakra-ui/react/box";
import { Button } from "@chakra-ui/react/button";
import { Card } from "@chakra-ui/react/card";
import { Flex } from "@chakra-ui/react/flex";
import { Heading } from "@chakra-ui/react/heading";
import { HStack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import type { User } from "@crawlguard/validators";
import { isValid, parseISO } from "date-fns";
import { DATE_FORMAT, formatInZone } from "../../lib/business-time";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { initialsOf } from "@crawlguard/validators";
import { KeyRound, Palette, ShieldCheck, Trash2 } from "lucide-react";
import { StaffBadge } from "../staff/staff-badge";
import { UserRoleSelect } from "./user-role-select";

type UserCardProps = {
  user: User;
  isCurrentUser: boolean;
  onResetPassword: () => void;
  onDelete: () => void;
  /** Display name and calendar colour (ADR 026). */
  onEditProfile: () => void;
};

/** One account: username, email or N/A, created date, Admin badge, its role; Delete User only for non-admins (docs/product.md "Roles and permissions"). */
export function UserCard({ user, isCurrentUser, onResetPassword, onDelete, onEditProfile }: UserCardProps) {
  const created = parseISO(user.createdAt);
  const zone = useBusinessTimeZone();
  return (
    <Card.Root as="article" aria-label={user.username} size="sm">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="2">
          <Box minW="0">
            <Heading as="h3" size="md" wordBreak="break-word">
              <bdi>{user.username}</bdi>
              {isCurrentUser ? (
                <Text as="span" textStyle="sm" color="fg.muted" fontWeight="normal">
                  {" "}
                  (you)
                </Text>
              ) : null}
            </Heading>
            <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
              {user.email ?? "N/A"}
            </Text>
          </Box>
          {user.isAdmin ? (
            <Badge colorPalette="brand" variant="solid" flexShrink={0}>
              <ShieldCheck aria-hidden="true" size="1em" />
              Admin
            </Badge>
          ) : null}
        </Flex>
        {user.color ? (
          <HStack gap="2">
            <StaffBadge member={{ color: user.color, initials: initialsOf(user.displayName ?? user.username) }} />
            <Text textStyle="sm">
              Shown as <bdi>{user.displayName ?? user.username}</bdi>
            </Text>
          </HStack>
        ) : null}
        <UserRoleSelect user={user} />
        <Text textStyle="sm" color="fg.muted">
          Created {isValid(created) ? formatInZone(created, DATE_FORMAT, zone) : "N/A"}
        </Text>
        <HStack gap="2" justify="flex-end" flexWrap="wrap" mt="auto">
          <Button variant="outline" size="sm" onClick={onEditProfile} aria-label={`Name & colour of ${user.username}`}>
            <Palette aria-hidden="true" />
            Name &amp; colour
          </Button>
          <Button variant="outline" size="sm" onClick={onResetPassword}>
            <KeyRound aria-hidden="true" />
            Reset Password
          </Button>
          {user.isAdmin ? null : (
            <Button variant="outline" colorPalette="red" size="sm" onClick={onDelete}>
              <Trash2 aria-hidden="true" />
              Delete User
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
