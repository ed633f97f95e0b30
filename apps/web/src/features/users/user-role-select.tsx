import { Flex } from "@chakra-ui/react/flex";
import { Text } from "@chakra-ui/react/text";
import type { Role, User } from "@crawlguard/validators";
import { SelectControl } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { roleLabels, roleOf, roleOptions } from "../auth/roles";

/**
 * An account's role in User Management (admins only): Office, Crew or Admin. The server keeps the
 * last admin an admin (409, shown as a toast); the change applies to the account's next request.
 */
export function UserRoleSelect({ user }: { user: User }) {
  const utils = trpc.useUtils();
  const change = trpc.users.updateProfile.useMutation({
    onSuccess: (updated) => {
      utils.users.list.setData(undefined, (list) => list?.map((u) => (u.id === updated.id ? updated : u)));
      void utils.users.staff.invalidate();
      showToast({
        title: "Role changed",
        description: (
          <>
            <bdi>{updated.username}</bdi> is now {roleLabels[roleOf(updated)].toLowerCase()}.
          </>
        ),
        type: "success",
      });
    },
    onError: (error) => showToast({ title: "Failed to change role", description: toastErrorText(error), type: "error" }),
  });
  return (
    <Flex align="center" gap="2">
      <Text as="span" textStyle="sm" color="fg.muted" aria-hidden="true">
        Role
      </Text>
      <SelectControl
        size="sm"
        aria-label={`Role of ${user.username}`}
        value={roleOf(user)}
        options={roleOptions.map((o) => ({ value: o.value, label: roleLabels[o.value] }))}
        onChange={(role) => change.mutate({ id: user.id, role: role as Role })}
        disabled={change.isPending}
      />
    </Flex>
  );
}
