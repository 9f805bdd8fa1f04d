import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "expected true or false",
  })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: "expected production, development or test",
    })
    .default("production"),
  HOST: z.string().min(1, "expected a host name or IP address").default("127.0.0.1"),
  PORT: z.coerce
    .number({ error: "expected a whole number from 0 to 65535" })
    .int("expected a whole number from 0 to 65535")
    .min(0, "expected a whole number from 0 to 65535")
    .max(65535, "expected a whole number from 0 to 65535")
    .default(3000),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^postgres(ql)?:\/\/.+/.test(v) || /^(file:)?[^:]+$/.test(v),
      "expected postgres://user:pass@host:port/db or a SQLite file path (file:./data/shop.db)",
    )
    .default("file:./data/shop.db"),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "expected a whole number from 1 to 100" })
    .int()
    .min(1, "expected a whole number from 1 to 100")
    .max(100, "expected a whole number from 1 to 100")
    .default(10),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  LOG_FORMAT: z.enum(["json", "pretty"], { error: "expected json or pretty" }).default("json"),
  TRUST_PROXY: z.coerce
    .number({ error: "expected the number of proxies in front of the app (0 for none)" })
    .int()
    .min(0, "expected the number of proxies in front of the app (0 for none)")
    .default(0),
  HTTPS_REDIRECT: booleanFlag.optional(),
  /** While no public address is set, the Host names the HTTPS redirect may send a browser back to. */
  HTTPS_REDIRECT_HOSTS: z
    .string()
    .default("")
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine(
      (hosts) => hosts.every((h) => /^(?=.{1,253}$)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/.test(h)),
      "expected host names separated by commas (yourshop.in, www.yourshop.in)",
    ),
  /**
   * The shop's public address. Set, it wins over the Public Base URL setting everywhere (canonicals, sitemap,
   * RSS, structured data, social tags, links in alerts), so a deployment can fix it without the admin.
   */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: "expected an http(s) address such as https://yourshop.in" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  BACKUP_DIR: z.string().min(1, "expected a folder").default("./data/backups"),
  BUILD_DIR: z.string().min(1, "expected a folder").default("build"),
  /** Whole-database backups kept: the newest of each of this many latest hours… */
  BACKUP_KEEP_HOURLY: z.coerce
    .number({ error: "expected a whole number from 1 to 1000" })
    .int("expected a whole number from 1 to 1000")
    .min(1, "expected a whole number from 1 to 1000")
    .max(1000, "expected a whole number from 1 to 1000")
    .default(48),
  /** …and of each of this many latest days (IST). */
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: "expected a whole number from 0 to 3650" })
    .int("expected a whole number from 0 to 3650")
    .min(0, "expected a whole number from 0 to 3650")
    .max(3650, "expected a whole number from 0 to 3650")
    .default(30),
  /** Off-machine copies: an S3-compatible bucket (AWS S3, Backblaze B2, Cloudflare R2, MinIO). Unset: none. */
  BACKUP_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "expected an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)",
    )
    .optional(),
  BACKUP_S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "expected the provider's S3 endpoint, e.g. https://s3.us-west-004.backblazeb2.com",
    })
    .optional(),
  BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "expected a key prefix of letters, digits and / - _ . ! * ' ( )")
    .default("boostkaro/"),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets as endpoint/bucket (MinIO, some providers) instead of bucket.endpoint. */
  BACKUP_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * The age public key (age1…) off-machine copies are encrypted to. Only the public half is on the server:
   * the secret key (AGE-SECRET-KEY-1…) stays with the operator and is needed only to restore.
   */
  BACKUP_ENCRYPTION_RECIPIENT: z
    .string()
    .regex(
      /^age1[02-9ac-hj-np-z]{58}$/,
      "expected an age public key (age1…, from `npm run backup -- keygen` or age-keygen)",
    )
    .optional(),
  /** The first wait before an off-machine upload is tried again; doubled after each failure, at most 6 hours. */
  BACKUP_RETRY_BASE_MS: z.coerce
    .number({ error: "expected milliseconds from 100 to 3600000" })
    .int()
    .min(100, "expected milliseconds from 100 to 3600000")
    .max(3_600_000, "expected milliseconds from 100 to 3600000")
    .default(60_000),
  /**
   * How often the continuous copy ships the SQLite WAL's new frames to the bucket (the most a lost machine
   * loses); only with a bucket set. Each run that finds new frames is one PUT.
   */
  BACKUP_STREAM_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 1000 to 60000" })
    .int()
    .min(1000, "expected milliseconds from 1000 to 60000")
    .max(60_000, "expected milliseconds from 1000 to 60000")
    .default(10_000),
  /** A bearer token an uptime monitor sends to /readyz from outside this machine; unset: loopback only. */
  READINESS_TOKEN: z.string().min(32, "expected at least 32 characters (openssl rand -hex 32)").optional(),
  PAYMENT_WINDOW_SECONDS: z.coerce
    .number({ error: "expected seconds from 5 to 3600" })
    .int()
    .min(5, "expected seconds from 5 to 3600")
    .max(3600, "expected seconds from 5 to 3600")
    .default(300),
  PAYMENT_GRACE_SECONDS: z.coerce
    .number({ error: "expected seconds from 0 to 2592000 (30 days)" })
    .int()
    .min(0, "expected seconds from 0 to 2592000 (30 days)")
    .max(2_592_000, "expected seconds from 0 to 2592000 (30 days)")
    .default(86_400),
  PAYMENT_JOB_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 200 to 600000" })
    .int()
    .min(200, "expected milliseconds from 200 to 600000")
    .max(600_000, "expected milliseconds from 200 to 600000")
    .default(5_000),
  /** Razorpay's API; tests point it at a local double. */
  RAZORPAY_API_BASE: z.url({ error: "expected an http(s) URL" }).default("https://api.razorpay.com"),
  GATEWAY_RECONCILE_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 200 to 3600000" })
    .int()
    .min(200, "expected milliseconds from 200 to 3600000")
    .max(3_600_000, "expected milliseconds from 200 to 3600000")
    .default(60_000),
  /**
   * WhatsApp Business Cloud API (docs/buyer-messages.md): each, when set, wins over its setting in
   * Settings → Buyer messages, as PUBLIC_BASE_URL does, so a deployment keeps its secrets out of the database.
   */
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,25}$/, "expected the phone number ID Meta shows (digits)")
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, "expected a system user access token from Meta").optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9]{16,64}$/, "expected the Meta app's App Secret")
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, "expected 8-200 characters without spaces (the webhook's verify token)")
    .optional(),
  WHATSAPP_BUSINESS_NUMBER: z
    .string()
    .regex(/^\d{10,15}$/, "expected the number buyers write to, digits with the country code (919876543210)")
    .optional(),
  /** Meta's Graph API with its version; tests point it at a local double. */
  WHATSAPP_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://graph.facebook.com/v24.0" })
    .transform((v) => v.replace(/\/+$/, ""))
    .default("https://graph.facebook.com/v24.0"),
  /** Telegram's Bot API for operator alerts; tests point it at a local double. */
  TELEGRAM_API_BASE: z.url({ error: "expected an http(s) URL" }).default("https://api.telegram.org"),
  /**
   * A queued alert waits up to one interval (+20% jitter) before it is sent: 1 s keeps an alert's p99 under 2 s
   * (npm run bench -- alerts; at 5 s it was over 5 s). An idle tick is a few indexed reads.
   */
  ALERT_JOB_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 200 to 600000" })
    .int()
    .min(200, "expected milliseconds from 200 to 600000")
    .max(600_000, "expected milliseconds from 200 to 600000")
    .default(1_000),
  ALERT_RETRY_BASE_MS: z.coerce
    .number({ error: "expected milliseconds from 100 to 3600000" })
    .int()
    .min(100, "expected milliseconds from 100 to 3600000")
    .max(3_600_000, "expected milliseconds from 100 to 3600000")
    .default(30_000),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: "expected a whole number from 1 to 1000000" })
    .int("expected a whole number from 1 to 1000000")
    .min(1, "expected a whole number from 1 to 1000000")
    .max(1_000_000, "expected a whole number from 1 to 1000000")
    .default(20),
  ADMIN_SESSION_TTL_SECONDS: z.coerce
    .number({ error: "expected seconds from 10 to 604800" })
    .int()
    .min(10, "expected seconds from 10 to 604800")
    .max(604800, "expected seconds from 10 to 604800")
    .default(7200),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, "expected 3-64 letters, digits, dots, dashes or underscores")
    .optional(),
  ADMIN_PASSWORD: z.string().min(10, "expected at least 10 characters").optional(),
  PANEL_SIMULATOR: booleanFlag.default(false),
  PANEL_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  /**
   * Let the bank alert mailbox (IMAP) and the alert e-mails' SMTP server be on this machine or a private network,
   * and go without TLS on this machine (tests only, in practice).
   */
  MAIL_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  /** Let Web Push alerts reach push endpoints on this machine or a private network (tests only, in practice). */
  PUSH_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  PANEL_SIMULATOR_PORT: z.coerce
    .number({ error: "expected a whole number from 0 to 65535" })
    .int()
    .min(0, "expected a whole number from 0 to 65535")
    .max(65535, "expected a whole number from 0 to 65535")
    .default(3001),
  PANEL_TIMEOUT_MS: z.coerce
    .number({ error: "expected milliseconds from 100 to 120000" })
    .int()
    .min(100, "expected milliseconds from 100 to 120000")
    .max(120000, "expected milliseconds from 100 to 120000")
    .default(15000),
  /** The first wait before an order the panel could not take yet is sent again; doubled per attempt, at most 90 s. */
  PANEL_RETRY_BASE_MS: z.coerce
    .number({ error: "expected milliseconds from 100 to 3600000" })
    .int()
    .min(100, "expected milliseconds from 100 to 3600000")
    .max(3600000, "expected milliseconds from 100 to 3600000")
    .default(30000),
  JOBS_ENABLED: booleanFlag.default(true),
  /**
   * For tests: a loopback port (0 = any) where `POST /jobs/run` runs every background job once now
   * (server/job-control.ts). Unset: no such port.
   */
  JOB_CONTROL_PORT: z.coerce
    .number({ error: "expected a whole number from 0 to 65535" })
    .int()
    .min(0, "expected a whole number from 0 to 65535")
    .max(65535, "expected a whole number from 0 to 65535")
    .optional(),
  /**
   * How long a background job's lease outlives its holder (docs/decisions/0041-job-leases-table.md): a round's
   * holder renews it every third of this; when an instance dies, another takes its jobs over this long after.
   */
  JOB_LEASE_TTL_MS: z.coerce
    .number({ error: "expected milliseconds from 300 to 600000" })
    .int()
    .min(300, "expected milliseconds from 300 to 600000")
    .max(600000, "expected milliseconds from 300 to 600000")
    .default(30_000),
  PANEL_SYNC_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 200 to 3600000" })
    .int()
    .min(200, "expected milliseconds from 200 to 3600000")
    .max(3600000, "expected milliseconds from 200 to 3600000")
    .default(15000),
  MAIL_POLL_INTERVAL_MS: z.coerce
    .number({ error: "expected milliseconds from 200 to 3600000" })
    .int()
    .min(200, "expected milliseconds from 200 to 3600000")
    .max(3600000, "expected milliseconds from 200 to 3600000")
    .default(60_000),
  MAIL_DKIM_TEST_KEYS_FILE: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: "expected milliseconds from 100 to 30000" })
    .int()
    .min(100, "expected milliseconds from 100 to 30000")
    .max(30000, "expected milliseconds from 100 to 30000")
    .default(4000),
  /**
   * Several instances behind a proxy (docs/deploy.md): on SIGTERM the instance first answers its health
   * check (/readyz?instance) with 503 for this long while still serving, so the proxy stops sending it
   * requests before it stops listening. 0: stop at once (one instance).
   */
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: "expected milliseconds from 0 to 30000" })
    .int()
    .min(0, "expected milliseconds from 0 to 30000")
    .max(30000, "expected milliseconds from 0 to 30000")
    .default(0),
});

/** Every variable the shop reads, by name (deploy/shop.env.example lists each; tests/integration/deploy-files). */
export function configSchemaShape(): Record<string, unknown> {
  return envSchema.shape;
}

export type Config = Omit<z.infer<typeof envSchema>, "HTTPS_REDIRECT"> & {
  /** Send plain-HTTP requests that came through the proxy on to HTTPS (308). */
  HTTPS_REDIRECT: boolean;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment once at start-up; a bad value stops the server. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return `${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`;
      }),
    );
  }
  const url = parsed.data.DATABASE_URL;
  const database = /^postgres(ql)?:\/\//.test(url)
    ? ({ kind: "postgres", url } as const)
    : ({ kind: "sqlite", file: url.replace(/^file:/, "") } as const);
  if (Boolean(parsed.data.ADMIN_USERNAME) !== Boolean(parsed.data.ADMIN_PASSWORD)) {
    throw new ConfigError(["ADMIN_USERNAME and ADMIN_PASSWORD: expected both to be set, or neither"]);
  }
  // Tests publish their own DKIM keys; a real shop must only ever trust the banks' keys in DNS.
  if (parsed.data.MAIL_DKIM_TEST_KEYS_FILE && parsed.data.NODE_ENV !== "test") {
    throw new ConfigError([
      `MAIL_DKIM_TEST_KEYS_FILE=${JSON.stringify(env.MAIL_DKIM_TEST_KEYS_FILE)}: for tests only (NODE_ENV=test); it would let anyone holding those keys confirm payments`,
    ]);
  }
  if (parsed.data.BACKUP_S3_BUCKET && !parsed.data.BACKUP_ENCRYPTION_RECIPIENT) {
    throw new ConfigError([
      "BACKUP_S3_BUCKET: needs BACKUP_ENCRYPTION_RECIPIENT too (backups hold every order and secret, and leave the machine only encrypted)",
    ]);
  }
  if (Boolean(parsed.data.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(parsed.data.BACKUP_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      "BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY: expected both to be set, or neither",
    ]);
  }
  // On by default behind a proxy; without one the server only ever sees plain HTTP, so it would redirect forever.
  const httpsRedirect = parsed.data.HTTPS_REDIRECT ?? parsed.data.TRUST_PROXY >= 1;
  if (httpsRedirect && parsed.data.TRUST_PROXY < 1) {
    throw new ConfigError([
      `HTTPS_REDIRECT=${JSON.stringify(env.HTTPS_REDIRECT)}: needs TRUST_PROXY of 1 or more (HTTPS ends at the proxy; without one every request would be redirected)`,
    ]);
  }
  return { ...parsed.data, HTTPS_REDIRECT: httpsRedirect, database };
}
