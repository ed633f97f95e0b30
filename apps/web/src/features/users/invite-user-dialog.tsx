import { Stack } from "@chakra-ui/react/stack";
import { type CreatedInvitation, invitationCreateSchema, type Role } from "@crawlguard/validators";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { Input, SelectControl } from "../../components/form-controls";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { roleOptions } from "../auth/roles";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";

/**
 * Invite User (ADR 019): an optional email the invitation is bound to, and the role of the account
 * it makes (office unless chosen). The new invitation's link goes to `onCreated`: it is shown once,
 * never stored.
 */
export function InviteUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (invitation: CreatedInvitation & { email: string | null; role: Role }) => void;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("office");
  const [submitted, setSubmitted] = useState(false);
  const utils = trpc.useUtils();
  const create = trpc.invitations.create.useMutation({ onSuccess: () => utils.invitations.list.invalidate() });

  const parsed = invitationCreateSchema.safeParse({ email: email.trim() || undefined, role });
  const errors = submitted ? fieldErrors<"email">(parsed) : {};

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      const created = await create.mutateAsync(parsed.data);
      onCreated({ ...created, email: parsed.data.email ?? null, role });
      onClose();
    } catch (error) {
      showToast({ title: "Failed to create invitation", description: toastErrorText(error), type: "error" });
    }
  };

  const dirty = useChangedSinceOpen([email, role]);
  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title="Invite User"
      description="Creates a link to register one account. It works once and expires in 7 days."
      onSubmit={() => void submit()}
      submitLabel="Create Invitation"
      pendingLabel="Creating..."
      pending={create.isPending}
      size="md"
    >
      <Stack gap="5">
        <FormField label="Email" error={errors.email} helper="Optional: only this address can then use the link.">
          <Input name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <FormField label="Role" helper="What the new account may do; it can be changed later.">
          <SelectControl name="role" value={role} options={roleOptions} onChange={(value) => setRole(value as Role)} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
