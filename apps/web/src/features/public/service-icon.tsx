import type { ServiceIcon as ServiceIconName } from "@crawlguard/content";
import { Droplets, House, type LucideProps, ShieldCheck, Sun, TrendingDown, Zap } from "lucide-react";

const icons = {
  home: House,
  droplets: Droplets,
  "shield-check": ShieldCheck,
  zap: Zap,
  "trending-down": TrendingDown,
  sun: Sun,
} as const;

/** The lucide icon a service names in the content module. */
export function ServiceIcon({ name, ...props }: LucideProps & { name: ServiceIconName }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" {...props} />;
}
