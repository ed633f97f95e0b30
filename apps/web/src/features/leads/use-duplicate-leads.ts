import type { DuplicateLead } from "@crawlguard/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useDebounced } from "../dashboard/use-debounced";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEBOUNCE_MS = 400;

/**
 * Existing leads with the same email or phone number as the one being typed,
 * asked for once typing pauses. Only complete-looking values are sent: a
 * half-typed address or number is not worth a request.
 */
export function useDuplicateLeads(email: string, phone: string, excludeId?: string): DuplicateLead[] {
  const debouncedEmail = useDebounced(email.trim(), DEBOUNCE_MS);
  const debouncedPhone = useDebounced(phone.trim(), DEBOUNCE_MS);
  const emailReady = EMAIL.test(debouncedEmail);
  const phoneReady = debouncedPhone.replace(/\D/g, "").length >= 10;
  const query = trpc.leads.duplicates.useQuery(
    {
      email: emailReady ? debouncedEmail : undefined,
      phone: phoneReady ? debouncedPhone : undefined,
      excludeId: excludeId ?? undefined,
    },
    { enabled: emailReady || phoneReady, staleTime: 30_000, placeholderData: keepPreviousData },
  );
  if (!emailReady && !phoneReady) return [];
  return query.data ?? [];
}
