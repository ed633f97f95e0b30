import { DEFAULT_BUSINESS_TIME_ZONE } from "./business-time";
import { trpc } from "./trpc";

/**
 * The business time zone (BUSINESS_TIME_ZONE) the server reports in `appointments.settings`:
 * every wall-clock date and time a person sees or types is in it. Until the answer arrives (or if
 * it fails) the server's default zone is used. Fetched once per page load (never stale).
 */
export function useBusinessTimeZone(): string {
  const settings = trpc.appointments.settings.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  return settings.data?.timeZone ?? DEFAULT_BUSINESS_TIME_ZONE;
}
