import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { Text } from "@chakra-ui/react/text";
import { INVITATION_REQUIRED_MESSAGE, registerSchema } from "@crawlguard/validators";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import type { InvitationState } from "./invitation";
import { ServerFormNotice, useServerFormState } from "./server-form-notice";
import { TextField } from "./text-field";
import { useSession } from "./use-session";

type RegisterField = "username" | "email" | "password" | "inviteToken";

/** Where the form posts before the page's script runs: the Register tab again, if it is refused. */
export const REGISTER_FORM_ACTION = "/auth?tab=register";

/**
 * `invite`: the code of the invitation link the page was opened with; `invitation`: what it names
 * (an invitation for one address fills it in and locks it).
 */
export function RegisterForm({ invite, invitation = null }: { invite?: string | undefined; invitation?: InvitationState }) {
  const { register } = useSession();
  const server = useServerFormState("register");
  const invitedEmail = invitation?.kind === "valid" ? invitation.email : null;
  const [username, setUsername] = useState(server?.username ?? "");
  const [typedEmail, setEmail] = useState(server?.email ?? "");
  const email = invitedEmail ?? typedEmail;
  const [password, setPassword] = useState("");
  const [inviteToken, setInviteToken] = useState(server?.inviteToken ?? invite ?? "");
  const [submitted, setSubmitted] = useState(false);

  // Validation runs on submit, then again on every change. No code: the first account needs none.
  const parsed = registerSchema.safeParse({ username, email, password, inviteToken: inviteToken.trim() || undefined });
  const errors = submitted ? fieldErrors<RegisterField>(parsed) : {};

  // mutateAsync, not per-call callbacks: success navigates away and unmounts
  // this form, and the toast must still show.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      const user = await register.mutateAsync(parsed.data);
      showToast({
        title: "Account created!",
        description: user.isAdmin ? "You are now the admin of this system." : "Your account has been created successfully.",
        type: "success",
      });
    } catch (error) {
      showToast({ title: "Registration failed", description: toastErrorText(error), type: "error" });
    }
  };

  return (
    <form method="post" action={REGISTER_FORM_ACTION} onSubmit={(event) => void submit(event)} aria-label="Register" noValidate>
      <input type="hidden" name="form" value="register" />
      <Stack gap="4">
        <Text color="fg.muted">{INVITATION_REQUIRED_MESSAGE}</Text>
        <ServerFormNotice
          message={submitted ? undefined : (server?.message ?? (invitation?.kind === "refused" ? invitation.message : undefined))}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          error={errors.username}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          readOnly={invitedEmail !== null}
          helper={invitedEmail !== null ? "Your invitation is for this address." : undefined}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <TextField
          label="Invitation code"
          name="inviteToken"
          autoComplete="off"
          value={inviteToken}
          onChange={setInviteToken}
          error={errors.inviteToken}
          required={false}
          helper="Filled in when you open your invitation link. The very first account needs none: it becomes the admin."
        />
        <Button type="submit" colorPalette="brand" size="lg" disabled={register.isPending} mt="2">
          {register.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </Stack>
    </form>
  );
}
