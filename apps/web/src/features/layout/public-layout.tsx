import { Flex } from "@chakra-ui/react/flex";
import { Outlet } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { NotFoundPage } from "../../components/not-found-page";
import { deferred } from "../../lib/deferred";
import { SiteHeader } from "./site-header";

/** The footer is below the fold on every page: its JavaScript loads when the visitor nears it. */
export const SiteFooter = deferred(() => import("./site-footer").then((module) => module.SiteFooter));

/** Header and footer around a public page (not the /auth and /admin screens). */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <SiteHeader />
      <Flex direction="column" flex="1">
        {children}
      </Flex>
      <SiteFooter />
    </Flex>
  );
}

/** Layout route component of the public pages. */
export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** The 404 page for unknown paths, inside the public header and footer. */
export function PublicNotFoundPage() {
  return (
    <PublicShell>
      <NotFoundPage />
    </PublicShell>
  );
}
