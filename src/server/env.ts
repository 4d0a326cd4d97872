import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { allowedHostsOf, parseAllowedHosts } from "./http/allowed-hosts.mjs";
import { localSecret } from "./instance-secret.mjs";
import { parseRoles } from "../lib/node-roles.mjs";

// Validated configuration. Everything has an embedded default so `npm start` works with no setup.
const schema = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  // The address the launcher listens on (scripts/start.mjs): default every address (0.0.0.0), 127.0.0.1 in demo mode
  HOST: z.string().optional(),
  // Host names this instance answers as (src/server/http/allowed-hosts.mjs), separated by commas or
  // spaces: a name or address, `.example.org` for it and every name under it, `*` for any. Without
  // PUBLIC_URL, absolute URLs take the request's Host only when its name is listed (others get
  // PUBLIC_URL's default, http://localhost:PORT). Default: localhost, 127.0.0.1, [::1] and the names the
  // launcher prints (HOST, or on every address this machine's name and network addresses); PUBLIC_URL's
  // host is always included.
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .superRefine((value, check) => {
      const invalid = value === undefined ? [] : parseAllowedHosts(value).invalid;
      if (invalid.length) check.addIssue({ code: "custom", message: `not a host name: ${invalid.join(", ")}` });
    }),
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().positive().default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(5),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Kinora <no-reply@kinora.local>"),
  ARGON2_MEMORY_KIB: z.coerce.number().int().positive().default(19456),
  // Failed logins (and live passwords) per window: per account and source (the short lock of one
  // address or device), per account from every untrusted source (auth/verify-user-credentials.ts);
  // and how many days after its last success a source stays trusted (auth/trusted-sources.ts: the
  // account's shared counter does not lock it out)
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_USER_MAX_FAILURES: z.coerce.number().int().positive().default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_TRUST_DAYS: z.coerce.number().positive().default(90),
  REGISTER_MAX_PER_WINDOW: z.coerce.number().int().positive().default(20),
  // Requests a minute to the REST interface (rest/api-budget.ts): per API key, per confidential OAuth
  // client and per user of an OAuth client; and per address for calls without such a credential
  // (anonymous, or a public client's token such as www's). 0: no budget.
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  API_ANONYMOUS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  // Abuse reports an hour, per address and per signed-in user (domain/admin/reports.ts); at least 10
  REPORTS_PER_HOUR: z.coerce.number().int().min(10).default(20),
  // The user codes (comma list, any case) that are administrators whatever their role says: how the
  // first administrator comes to be (domain/admin/staff.ts, README "Administration")
  ADMIN_USERS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((code) => code.trim().toLowerCase())
        .filter(Boolean),
    ),
  // Media storage: local disk under DATA_DIR/storage, or an S3-compatible bucket (media/storage)
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  // What this node does (src/lib/node-roles.mjs, docs/deploy.md): a comma list of web, worker, ingest;
  // unset: all three. The launcher has checked it and narrowed it to what it could start (no ingest
  // without nginx-rtmp unless asked for) before the app reads it.
  KINORA_ROLES: z
    .string()
    .optional()
    .transform((value, check) => {
      const parsed = parseRoles(value);
      if (parsed.ok) return parsed.roles;
      check.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
  // Job worker (workers/start-job-worker.ts, on a node with the worker role): jobs at once per process;
  // lease before a job of a killed worker is retried elsewhere
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).default(30),
  // finished jobs (completed, canceled) are deleted this many days after (the jobs.retention sweep); failed ones stay
  JOB_RETENTION_DAYS: z.coerce.number().min(0).default(7),
  // audience analytics (docs/analytics.md): raw beacons are kept this many days once rolled up
  ANALYTICS_RAW_DAYS: z.coerce.number().min(0).default(30),
  // a MaxMind country database (.mmdb, e.g. GeoLite2-Country): the analytics keep a viewer's country code, never the address
  GEOIP_DATABASE: z.string().optional(),
  // read by the launcher (scripts/start.mjs) too: how long a stop waits for the requests in flight
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(25),
  // Prometheus (docs/operations.md "Metrics"): GET /metrics answers loopback peers and, when METRICS_TOKEN is
  // set, `Authorization: Bearer <token>` (the launcher reads it too); a process without the web role
  // (`npm run worker`) serves its own on METRICS_PORT when set, on METRICS_HOST (default every address)
  METRICS_TOKEN: z.string().min(1).optional(),
  // Logs (docs/operations.md "Logs"; src/server/log/logger.mjs, read by the launcher and the worker too):
  // the least severe level written, and the form: JSON lines on stdout, or one readable line per entry
  // when stdout is a terminal (LOG_FORMAT=json keeps JSON there too)
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json"]).default("auto"),
  // the nginx edge's JSON access log (read by the launcher: src/server/media/edge/nginx.mjs): a file
  // (default DATA_DIR/nginx/access.log), "stdout" (the launcher's output, with the app's lines) or "off"
  EDGE_ACCESS_LOG: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().positive().optional(),
  METRICS_HOST: z.string().default("0.0.0.0"),
  // Signed playback URLs (media/signed-url.ts): lifetime in seconds, and the key (default: derived from AUTH_SECRET)
  MEDIA_URL_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 3600),
  // Payments (src/server/payments): the provider (sandbox: our own test checkout, the default on the
  // embedded database only; stripe: Stripe Checkout), the platform's share of every sale in percent,
  // the instance's one currency, and how long a pay-per-view purchase lets its buyer watch
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("EUR"),
  PPV_ACCESS_HOURS: z.coerce.number().positive().default(48),
  // Live (src/server/domain/live): how many days after a recorded event's end its ticket holders may
  // watch the replay
  REPLAY_ACCESS_DAYS: z.coerce.number().positive().default(7),
  // Stripe (PAYMENT_PROVIDER=stripe, src/server/payments/stripe): the secret API key (sk_... or a
  // restricted rk_...; without it no payment is opened: 503), the signing secret of the webhook
  // endpoint /payments/stripe/webhook (whsec_...), and where the API is reached: Stripe itself unless
  // set (a local stand-in in tests, e.g. http://127.0.0.1:12111)
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  // Live ingest (src/server/domain/live, src/server/media/live, media/edge/nginx-rtmp.mjs): the RTMP port encoders publish to (the
  // channels' streamingBaseUrl), the HLS fragment length, the ABR ladder beside the passthrough, and
  // how long after a stream ends its recording waits for a resume before it becomes a box item
  RTMP_PORT: z.coerce.number().int().positive().max(65535).default(1935),
  // the RTMP address encoders reach for every node (a balancer in front of the ingest nodes):
  // rtmp://host[:port], without the application (media/live/ingest-address.ts)
  RTMP_PUBLIC_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^/?#\s]+\/?$/, "rtmp://host[:port] (or rtmps://), without a path")
    .optional(),
  LIVE_SEGMENT_SECONDS: z.coerce.number().int().min(1).max(10).default(1),
  LIVE_TRANSCODE: z.stringbool().default(false),
  LIVE_RECORDING_GRACE_SECONDS: z.coerce.number().int().min(0).default(60),
  // Webhooks (src/server/domain/webhooks): endpoints on private, loopback or link-local addresses are
  // refused, when registered and again when each delivery connects, unless this is true (a receiver on
  // this machine or the LAN); how long a receiver has to answer a delivery
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.stringbool().default(false),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(15),
  MEDIA_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_.~+/=-]{32,256}$/)
    .optional(),
});

export type Env = z.infer<typeof schema> & {
  dataDir: string;
  publicUrl: string;
  authSecret: Uint8Array;
  /** The host names absolute URLs may take from a request (ALLOWED_HOSTS or its default). */
  allowedHosts: string[];
  /** No PUBLIC_URL, or one naming a loopback host: the instance is reached on this machine. */
  localInstance: boolean;
  /** The instance's own origins: PUBLIC_URL's, and on a local instance http://localhost:PORT and http://127.0.0.1:PORT. */
  ownOrigins: string[];
};

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.parse(process.env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "");
  const localInstance = !parsed.PUBLIC_URL || LOCAL_HOSTS.has(new URL(publicUrl).hostname);
  const local = localInstance ? [`http://localhost:${parsed.PORT}`, `http://127.0.0.1:${parsed.PORT}`] : [];
  cached = {
    ...parsed,
    dataDir,
    publicUrl,
    // without AUTH_SECRET: DATA_DIR/auth-secret. On PostgreSQL the launcher and `npm run worker` have
    // set AUTH_SECRET to the database's before this is read (src/server/instance-secret.mjs).
    authSecret: new TextEncoder().encode(parsed.AUTH_SECRET ?? localSecret(dataDir)),
    allowedHosts: allowedHostsOf({ ...parsed, KINORA_DEMO: process.env.KINORA_DEMO }),
    localInstance,
    ownOrigins: [...new Set([new URL(publicUrl).origin, ...local])],
  };
  return cached;
}
