import { Alert } from "@chakra-ui/react/alert";
import { Card } from "@chakra-ui/react/card";
import { Center } from "@chakra-ui/react/center";
import { Heading } from "@chakra-ui/react/heading";
import { Stack } from "@chakra-ui/react/stack";
import { Tabs } from "@chakra-ui/react/tabs";
import { Text } from "@chakra-ui/react/text";
import "../../theme/screen-recipes";
import { chakra } from "@chakra-ui/react/styled-system";
import { Link, rootRouteId, useLoaderData, useNavigate, useRouteContext, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { PageMain } from "../../components/page-main";
import { preloadToaster } from "../../components/toast-host";
import { DataProvider } from "../../lib/data-provider";
import { BrandLogo } from "../layout/brand-logo";
import { tabSearch } from "./auth-search";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { takeSignInNotice } from "./session-storage";
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
  const search = useSearch({ from: "/auth" });
  const { invitation } = useLoaderData({ from: "/auth" });
  const serverForm = useRouteContext({ from: rootRouteId, select: (context) => context.authForm?.form });
  // The tab lives in the URL: an invitation link opens Register, and the tabs are links that work
  // before the page's script runs.
  const tab = search.tab ?? (search.invite || serverForm === "register" ? "register" : "login");

  useEffect(() => {
    if (user) void navigate({ to: "/admin", replace: true });
  }, [user, navigate]);

  useEffect(preloadToaster, []);

  // Why the user is here, when the dashboard sent them (their session ended): read after
  // hydration, as the server cannot know it.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const text = takeSignInNotice();
    if (text) setNotice(text);
  }, []);

  return (
    <PageMain>
      <Center minH="100dvh" px="4" py="10" bg="bg.muted" flexDirection="column" gap="6">
        <BrandLogo />
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
            {notice ? (
              <Alert.Root status="warning" mb="6" role="alert">
                <Alert.Indicator />
                <Alert.Title>{notice}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Tabs.Root
              value={tab}
              onValueChange={({ value }) =>
                void navigate({ to: "/auth", search: (prev) => tabSearch(prev, value), replace: true, resetScroll: false })
              }
              // The triggers are links the router follows (and onValueChange navigates too): without
              // this, Zag clicks the selected tab's link itself, with an event React never sees, and
              // the browser loads the whole page again (typing into the new page before it hydrated
              // was lost).
              navigate={null}
              variant="line"
              fitted
              lazyMount
              unmountOnExit
            >
              <Tabs.List>
                <Tabs.Trigger value="login" asChild>
                  <Link to="/auth" search={(prev) => tabSearch(prev, "login")} replace resetScroll={false}>
                    Login
                  </Link>
                </Tabs.Trigger>
                <Tabs.Trigger value="register" asChild>
                  <Link to="/auth" search={(prev) => tabSearch(prev, "register")} replace resetScroll={false}>
                    Register
                  </Link>
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" pt="6">
                <LoginForm />
              </Tabs.Content>
              <Tabs.Content value="register" pt="6">
                <RegisterForm invite={search.invite} invitation={invitation} />
              </Tabs.Content>
            </Tabs.Root>
          </Card.Body>
        </Card.Root>
        <chakra.a
          asChild
          color="brand.700"
          fontWeight="medium"
          textDecoration="underline"
          textUnderlineOffset="3px"
          _hover={{ color: "brand.900" }}
        >
          <Link to="/">
            <span aria-hidden="true">← </span>Back to the website
          </Link>
        </chakra.a>
      </Center>
    </PageMain>
  );
}
