import { Stack } from "@chakra-ui/react/stack";
import { resetPasswordFormSchema, type User } from "@crawlguard/validators";
import { useState } from "react";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";

type ResetField = "newPassword" | "confirmPassword";

/** Reset Password (docs/product.md "Dialogs"): New Password + Confirm Password; the request sends `password`. */
export function ResetPasswordDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const reset = trpc.users.resetPassword.useMutation();

  // Validation runs on submit, then again on every change.
  const parsed = resetPasswordFormSchema.safeParse({ newPassword, confirmPassword });
  const errors = submitted ? fieldErrors<ResetField>(parsed) : {};

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      await reset.mutateAsync({ id: user.id, password: parsed.data.newPassword });
      showToast({
        title: "Password reset",
        description: (
          <>
            <bdi>{user.username}</bdi> can now sign in with the new password.
          </>
        ),
        type: "success",
      });
      onClose();
    } catch (error) {
      showToast({ title: "Failed to reset password", description: toastErrorText(error), type: "error" });
    }
  };

  const dirty = useChangedSinceOpen([newPassword, confirmPassword]);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Reset Password"
      description={`Set a new password for ${user.username}. Their other sessions are signed out.`}
      onSubmit={() => void submit()}
      submitLabel="Reset Password"
      pendingLabel="Resetting..."
      pending={reset.isPending}
      size="md"
    >
      <Stack gap="4">
        <FormField label="New Password" required error={errors.newPassword}>
          <Input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </FormField>
        <FormField label="Confirm Password" required error={errors.confirmPassword}>
          <Input
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
