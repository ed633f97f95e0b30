import { BlockList, isIP } from "node:net";
import path from "node:path";
import { parseTokenKey, TOKEN_KEY_FORMAT_MESSAGE } from "@crawlguard/google-calendar";
import type { StorageConfig } from "@crawlguard/storage";
import express from "express";
import { z } from "zod";

/** An optional setting where an empty value means unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined);

/** The only place that reads process.env. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: optionalText().pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/[^\s]+$/, "DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/crawlguard")
        .optional(),
    ),
    DATA_DIR: z.string().default("./.data"),
    // Empty is unset (the server then warns at start).
    PUBLIC_URL: optionalText().pipe(z.string().url("PUBLIC_URL must be a URL such as https://crawlguard.example").optional()),
    ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim().replace(/\/$/, ""))
              .filter(Boolean)
          : [],
      ),
    /**
     * Which proxies in front of the server may say who the client is (X-Forwarded-For/-Host/-Proto):
     * `false` (none), a hop count (`1`: the one proxy in front), or proxy addresses, CIDRs and names
     * (`loopback`, `10.0.0.0/8`): Express's trust proxy forms. `true` ("every hop") is refused.
     */
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === "string") {
          ctx.addIssue({ code: "custom", message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Who may create an account after the first one (the admin): "invitation" only with an
     * administrator's invitation link; "open" anyone (an explicit opt-in for a closed network,
     * warned about at start). "closed" is the old name of "invitation" and means the same.
     */
    REGISTRATION: z
      .enum(["invitation", "open", "closed"])
      .default("invitation")
      .transform((v): "invitation" | "open" => (v === "closed" ? "invitation" : v)),
    TURNSTILE_SITE_KEY: z.string().optional(),
    TURNSTILE_SECRET_KEY: z.string().optional(),
    TURNSTILE_VERIFY_URL: z.string().url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    CONTACT_MIN_SUBMIT_MS: z.coerce.number().int().min(0).default(3000),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /** The business's IANA time zone: every date and time a person sees or types, and every rule (ADR 009). */
    BUSINESS_TIME_ZONE: z
      .string()
      .default("America/New_York")
      .refine(isTimeZone, "BUSINESS_TIME_ZONE must be an IANA time zone name such as America/New_York"),
    /** Signs the time a contact form was shown (script-less posts); share it between instances. */
    CONTACT_FORM_SECRET: z.string().min(32, "CONTACT_FORM_SECRET must be at least 32 characters").optional(),
    /**
     * Gallery files in S3-compatible storage (ADR 013), for several server instances: set the bucket
     * and its settings. Unset: files under DATA_DIR/files.
     */
    S3_BUCKET: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /** Where browsers fetch gallery files (a CDN or public bucket); unset: through this server's /media. */
    S3_PUBLIC_URL: z.string().url().optional(),
    /**
     * Google Calendar (ADR 014): the OAuth client of the Google Cloud console. Both unset: the
     * calendar panel says the server is not configured, and nothing else changes.
     */
    GOOGLE_CLIENT_ID: optionalText(),
    GOOGLE_CLIENT_SECRET: optionalText(),
    /** One origin serving Google's OAuth and Calendar paths instead of Google's (the local emulator). */
    GOOGLE_API_BASE_URL: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.string().url("GOOGLE_API_BASE_URL must be a URL such as http://127.0.0.1:4010").optional()),
    /** The calendar appointments go to. */
    GOOGLE_CALENDAR_ID: z
      .string()
      .optional()
      .transform((v) => v?.trim() || "primary"),
    /**
     * Encrypts the stored Google tokens: 32 random bytes, base64 or 64 hex digits. Unset: generated
     * once into DATA_DIR/google-token.key (embedded database only); required with DATABASE_URL.
     */
    GOOGLE_TOKEN_KEY: optionalText().refine((v) => v === undefined || parseTokenKey(v) !== null, TOKEN_KEY_FORMAT_MESSAGE),
    /** The first retry of a failed push waits this long; each next one longer (3×, then doubling), up to an hour. */
    GOOGLE_PUSH_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** How often the worker looks for due pushes (changes made on this instance wake it at once). */
    GOOGLE_PUSH_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    /**
     * E-mail (ADR 028): the SMTP server, e.g. smtps://user:pass@smtp.example.com:465
     * (smtp:// upgrades with STARTTLS when offered). Unset: no mail is sent, the dashboard says so.
     */
    SMTP_URL: optionalText().pipe(
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must be a URL such as smtps://user:pass@smtp.example.com:465")
        .optional(),
    ),
    /** The From of every message, e.g. "CrawlGuard <office@crawlguard.example>" (default: the company's address). */
    MAIL_FROM: optionalText(),
    /** Who gets office mail until an admin sets it in Notifications: addresses separated by commas. */
    OFFICE_NOTIFY_EMAILS: optionalText(),
    /** The first retry of a failed send waits this long; then doubling, up to an hour. */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** How often the mail worker looks for due messages. */
    MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    /**
     * Webhooks (ADR 030). true: endpoints may be plain http to this machine (localhost, 127.0.0.1,
     * ::1) and deliveries may reach loopback addresses: development and tests only.
     */
    WEBHOOKS_ALLOW_HTTP: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    /** How long a failing delivery is retried, and how long an endpoint may keep failing before it is disabled (a day). */
    WEBHOOKS_RETRY_WINDOW_SECONDS: z.coerce
      .number()
      .min(1)
      .max(7 * 86_400)
      .default(86_400),
    /** The first retry of a failed delivery waits this long; each next one 6 times longer, up to a sixth of the window. */
    WEBHOOKS_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
    /** How often the sender looks for due deliveries (changes made on this instance wake it at once). */
    WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
    /**
     * A mail or webhook job claimed by an instance that died is given to another one when its
     * heartbeat has been silent this long (pg-boss's heartbeatSeconds, at least 10), noticed at the
     * next supervision pass (every JOBS_SUPERVISE_SECONDS). Tests shorten both.
     */
    JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
    JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /**
     * On SIGTERM, how long requests and uploads in flight may take to finish before their
     * connections are cut (ADR 021). Keep it below the orchestrator's kill timeout (Kubernetes: 30 s).
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(25),
    /**
     * The commit this build was made from (crawlguard_build_info's commit label), for deployments
     * without the checkout's .git (an image). Unset: the checkout's HEAD, or "unknown".
     */
    BUILD_COMMIT: optionalText().pipe(
      z
        .string()
        .regex(/^[\w.+-]{1,64}$/, "BUILD_COMMIT must be a commit id such as 3f2c1ab (letters, digits and . _ + -, at most 64)")
        .optional(),
    ),
    /** GET /metrics on this port (Prometheus), apart from the site; unset: not served on a port of its own. */
    METRICS_PORT: optionalText().pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, "METRICS_PORT must be a port number (1-65535)")
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1, "METRICS_PORT must be a port number (1-65535)")
            .max(65535, "METRICS_PORT must be a port number (1-65535)"),
        )
        .optional(),
    ),
    /** GET /metrics on the site's port answers a request carrying `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: optionalText().pipe(
      z
        .string()
        .min(16, "METRICS_TOKEN must be at least 16 characters")
        // A scraper sends it as `Authorization: Bearer <token>`: one header word of visible ASCII (spaces split it; other
        // bytes are read back differently), so any other token could never be presented.
        .regex(
          /^[\x21-\x7e]+$/,
          "METRICS_TOKEN must be letters, digits and ASCII symbols without spaces: it is sent as Authorization: Bearer <METRICS_TOKEN>",
        )
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together (or neither)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Express's "trust proxy" setting: no proxy, a hop count, or the proxies' addresses, CIDRs and names. */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_TRUE_MESSAGE =
  "TRUST_PROXY=true is not accepted: it trusts every hop, so any client could choose its own address by sending X-Forwarded-For. " +
  "Set the number of proxies in front of the server (usually 1) or their addresses (e.g. loopback or 10.0.0.0/8).";

/**
 * TRUST_PROXY in Express's trust proxy forms (docs/security.md, the throttling ADR): "false" or "0" (none), a
 * hop count ("1"), or a comma-separated list of addresses, CIDRs and the names loopback, linklocal,
 * uniquelocal. Answers the setting, or why the value is refused.
 */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (value === "" || value.toLowerCase() === "false") return false;
  if (value.toLowerCase() === "true") return TRUST_PROXY_TRUE_MESSAGE;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) return `TRUST_PROXY must be a hop count up to 100 (got ${value})`;
    return hops === 0 ? false : hops;
  }
  const list = value.split(",").map((s) => s.trim());
  if (list.some((s) => s === "")) return `TRUST_PROXY has an empty entry in "${value}"`;
  const broad = list.find(tooBroad);
  if (broad !== undefined) return trustProxyTooBroadMessage(broad);
  try {
    // Express compiles the list with proxy-addr, exactly as it will at start (invalid entries throw).
    express().set("trust proxy", list);
  } catch (err) {
    return `TRUST_PROXY must be false, a hop count or proxy addresses/CIDRs/names (loopback, linklocal, uniquelocal): ${(err as Error).message}`;
  }
  return list;
}

const ipv6Range = (network: string, prefix: number) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, "ipv6");
  return { list, prefix };
};
/** Private networks a proxy may sit in that are broader than the per-entry limit: uniquelocal's and linklocal's IPv6 ranges. */
const PRIVATE_WIDE_RANGES = [ipv6Range("fc00::", 7), ipv6Range("fe80::", 10)];
const IPV4_MAPPED = ipv6Range("::ffff:0:0", 96);
/** The broadest entry accepted, by family: a /8 of IPv4 (10.0.0.0/8), a /32 of IPv6 (a provider's whole allocation). */
const NARROWEST_BROAD_PREFIX = { ipv4: 8, ipv6: 32 } as const;

/**
 * Whether an address or CIDR entry of TRUST_PROXY spans more than a /8 (IPv4) or a /32 (IPv6)
 * outside the private IPv6 ranges: trusting it lets a large part of the internet choose its own
 * client address, as `true` would. An IPv4-mapped IPv6 range counts as the IPv4 range it maps
 * (`::ffff:0:0/96` is every IPv4 address). Names and entries Express cannot read answer false
 * (names are private ranges; Express refuses the rest with its own message).
 */
function tooBroad(entry: string): boolean {
  const slash = entry.lastIndexOf("/");
  if (slash < 0) return false;
  const address = entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return false;
  const range = entry.slice(slash + 1);
  let prefix: number;
  if (/^\d+$/.test(range)) prefix = Number(range);
  else if (family === 4 && isIP(range) === 4) prefix = netmaskBits(range);
  else return false;
  if (family === 4) return prefix < NARROWEST_BROAD_PREFIX.ipv4;
  if (prefix >= IPV4_MAPPED.prefix && IPV4_MAPPED.list.check(address, "ipv6")) return prefix - 96 < NARROWEST_BROAD_PREFIX.ipv4;
  if (prefix >= NARROWEST_BROAD_PREFIX.ipv6) return false;
  // Within fc00::/7 or fe80::/10 (its address inside, its prefix no shorter): a private network.
  return !PRIVATE_WIDE_RANGES.some((range) => prefix >= range.prefix && range.list.check(address, "ipv6"));
}

/** The number of leading one bits of a dotted netmask (255.240.0.0: 12). */
function netmaskBits(mask: string): number {
  return mask.split(".").reduce((bits, octet) => bits + (Number(octet).toString(2).match(/1/g)?.length ?? 0), 0);
}

export function trustProxyTooBroadMessage(entry: string): string {
  return (
    `TRUST_PROXY entry "${entry}" spans more than a /8 of IPv4 or a /32 of IPv6 addresses: trusting it would let most of the internet ` +
    "choose its own client address through X-Forwarded-For, like TRUST_PROXY=true. Name the proxies' addresses, or the private network " +
    "they are in (loopback, linklocal, uniquelocal, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7, fe80::/10), or set a hop count (usually 1)."
  );
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The storage settings the environment names (S3 when S3_BUCKET is set). */
export function storageConfig(env: Env): StorageConfig {
  return {
    dataDir: path.resolve(env.DATA_DIR),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
  };
}

/** One refused setting: the variable's name and why (never its value: it may be a secret). */
export interface SettingProblem {
  variable: string;
  message: string;
}

/** The environment names settings the server cannot run with (logged as one JSON line at start). */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly problems: SettingProblem[]) {
    super(`Invalid environment: ${problems.map((p) => `${p.variable}: ${p.message}`).join("; ")}`);
  }

  get variables(): string[] {
    return [...new Set(this.problems.map((p) => p.variable))];
  }
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => ({ variable: i.path.join(".") || "environment", message: i.message })));
  }
  return parsed.data;
}
