import { Box } from "@chakra-ui/react/box";
import { SimpleGrid } from "@chakra-ui/react/simple-grid";
import type { User } from "@crawlguard/validators";
import { useState } from "react";
import { CenteredSpinner } from "../../components/centered-spinner";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../dashboard/confirm-dialog";
import { useDashboardActions } from "../dashboard/dashboard-context";
import { LoadError } from "../dashboard/load-error";
import { PanelEmptyState } from "../dashboard/panel-empty-state";
import { ApiKeysSection } from "./api-keys-section";
import { ProfileDialog } from "../staff/profile-dialog";
import { InvitationsSection } from "./invitations-section";
import { NotificationsSection } from "./notifications-section";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { UserCard } from "./user-card";
import { WebhooksSection } from "./webhooks-section";
import PriceBookSection from "../quotes/price-book-section";

/** User Management (docs/product.md "Admin dashboard", admins only): invitations, every account, reset passwords, delete non-admins. */
export default function UsersPanel() {
  const { user: me } = useDashboardActions();
  const users = trpc.users.list.useQuery();
  const utils = trpc.useUtils();
  const [resetting, setResetting] = useState<{ user: User; key: number } | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [profile, setProfile] = useState<{ user: User; key: number; open: boolean } | null>(null);

  const remove = trpc.users.delete.useMutation({
    onSuccess: (_result, { id }) => {
      utils.users.list.setData(undefined, (list) => list?.filter((u) => u.id !== id));
    },
    onError: (error) => showToast({ title: "Failed to delete user", description: toastErrorText(error), type: "error" }),
  });

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, username } = deleting;
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          setDeleting(null);
          showToast({
            title: "User deleted",
            description: (
              <>
                <bdi>{username}</bdi> can no longer sign in.
              </>
            ),
            type: "success",
          });
        },
      },
    );
  };

  if (users.isPending) return <CenteredSpinner label="Loading users" minH="60" />;
  if (users.isError) return <LoadError what="users" error={users.error} onRetry={() => void users.refetch()} />;

  return (
    <>
      <InvitationsSection />
      <NotificationsSection />
      {users.data.length === 0 ? (
        <PanelEmptyState title="No users found" />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {users.data.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              isCurrentUser={user.id === me.id}
              onResetPassword={() => {
                setResetting((current) => ({ user, key: (current?.key ?? 0) + 1 }));
                setResetOpen(true);
              }}
              onDelete={() => setDeleting(user)}
              onEditProfile={() => setProfile((current) => ({ user, key: (current?.key ?? 0) + 1, open: true }))}
            />
          ))}
        </SimpleGrid>
      )}
      {profile ? (
        <ProfileDialog
          key={profile.key}
          user={profile.user}
          own={profile.user.id === me.id}
          open={profile.open}
          onClose={() => setProfile((current) => current && { ...current, open: false })}
        />
      ) : null}
      <PriceBookSection />
      <ApiKeysSection />
      <Box mt="8">
        <WebhooksSection />
      </Box>
      {resetting ? (
        <ResetPasswordDialog key={resetting.key} user={resetting.user} open={resetOpen} onClose={() => setResetOpen(false)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete user?"
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {deleting ? (
          <>
            <bdi>{deleting.username}</bdi> will lose access to the dashboard. This cannot be undone.
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
