import { Card } from "@chakra-ui/react/card";
import { Center } from "@chakra-ui/react/center";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Tabs } from "@chakra-ui/react/tabs";
import { Text } from "@chakra-ui/react/text";
import "../../theme/screen-recipes";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { PageMain } from "../../components/page-main";
import { preloadToaster } from "../../components/toast-host";
import { DataProvider } from "../../lib/data-provider";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { useSession } from "./use-session";

/** /auth (lazy chunk): Login and Register tabs; a signed-in user goes straight to /admin. */
export function AuthPage() {
  return (
    <DataProvider>
      <AuthScreen />
    </DataProvider>
  );
}

function AuthScreen() {
  const { user } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (user) void navigate({ to: "/admin", replace: true });
  }, [user, navigate]);

  useEffect(preloadToaster, []);

  return (
    <PageMain>
      <Center minH="100dvh" px="4" py="10" bg="bg.muted">
        <Card.Root w="full" maxW="md" variant="elevated">
          <Card.Header>
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                Staff sign in
              </Heading>
              <Text color="fg.muted">Access the CrawlGuard dashboard.</Text>
            </Stack>
          </Card.Header>
          <Card.Body>
            <Tabs.Root defaultValue="login" variant="line" fitted lazyMount unmountOnExit>
              <Tabs.List>
                <Tabs.Trigger value="login">Login</Tabs.Trigger>
                <Tabs.Trigger value="register">Register</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" pt="6">
                <LoginForm />
              </Tabs.Content>
              <Tabs.Content value="register" pt="6">
                <RegisterForm />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
      </Center>
    </PageMain>
  );
}
