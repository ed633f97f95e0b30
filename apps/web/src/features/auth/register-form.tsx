import { Button } from "@chakra-ui/react/button";
import { Stack } from "@chakra-ui/react/stack";
import { registerSchema } from "@crawlguard/validators";
import { type FormEvent, useState } from "react";
import { fieldErrors } from "../../lib/form-errors";
import { trpcErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { TextField } from "./text-field";
import { useSession } from "./use-session";

type RegisterField = "username" | "email" | "password";

export function RegisterForm() {
  const { register } = useSession();
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);

  // Validation runs on submit, then again on every change.
  const parsed = registerSchema.safeParse({ username, email, password });
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
      showToast({ title: "Registration failed", description: trpcErrorText(error), type: "error" });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Register" noValidate>
      <Stack gap="4">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          error={errors.username}
        />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <Button type="submit" colorPalette="brand" size="lg" disabled={register.isPending} mt="2">
          {register.isPending ? "Creating Account..." : "Create Account"}
        </Button>
      </Stack>
    </form>
  );
}
