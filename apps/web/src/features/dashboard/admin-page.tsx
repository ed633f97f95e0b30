import "../../theme/screen-recipes";
import { Navigate } from "@tanstack/react-router";
import { CenteredSpinner } from "../../components/centered-spinner";
import { DataProvider } from "../../lib/data-provider";
import { useSession } from "../auth/use-session";
import { Dashboard } from "./dashboard";

/**
 * /admin (lazy chunk). Guard: the dashboard for a known user, a spinner while
 * the session check runs, otherwise back to /auth.
 */
export function AdminPage() {
  return (
    <DataProvider>
      <AdminGuard />
    </DataProvider>
  );
}

function AdminGuard() {
  const { user, isChecking } = useSession();
  if (user) return <Dashboard user={user} />;
  if (isChecking) return <CenteredSpinner label="Checking your session" />;
  return <Navigate to="/auth" replace />;
}
