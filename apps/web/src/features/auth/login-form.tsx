import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { loginSchema } from "@crawlguard/validators";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../../lib/form-errors";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { ServerFormNotice, useServerFormState } from "./server-form-notice";
import { TextField } from "./text-field";
import { useSession } from "./use-session";

type LoginField = "email" | "password";

/** Where the form posts before the page's script runs (apps/server/src/auth-form.ts answers it). */
export const LOGIN_FORM_ACTION = "/auth";

export function LoginForm() {
  const { login } = useSession();
  const server = useServerFormState("login");
  const [email, setEmail] = useState(server?.email ?? "");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);

  // Validation runs on submit, then again on every change.
  const parsed = loginSchema.safeParse({ email, password });
  const errors = submitted ? fieldErrors<LoginField>(parsed) : {};

  // mutateAsync, not per-call callbacks: success navigates away and unmounts
  // this form, and the toast must still show.
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    try {
      await login.mutateAsync(parsed.data);
      showToast({ title: "Welcome back!", description: "You have successfully logged in.", type: "success" });
    } catch (error) {
      showToast({ title: "Login failed", description: toastErrorText(error), type: "error" });
    }
  };

  // method="post": a form sent before the script runs must never put the password in the URL.
  return (
    <form method="post" action={LOGIN_FORM_ACTION} onSubmit={(event) => void submit(event)} aria-label="Login" noValidate>
      <input type="hidden" name="form" value="login" />
      <Stack gap="4">
        <ServerFormNotice message={submitted ? undefined : server?.message} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" colorPalette="brand" size="lg" disabled={login.isPending} mt="2">
          {login.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </Stack>
    </form>
  );
}
