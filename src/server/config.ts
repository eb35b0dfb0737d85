import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OFFLINE_AFTER_MS, STORAGE_QUOTA_BYTES } from '../contract/constants';
import { PLAYS_RETENTION_DAYS } from '../contract/plays';
import { PROJECT_ROOT } from './paths';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

const envSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: optional(z.url()),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string().min(8)),
  /** The first workspace's name, given on the first start (an empty database); "Minha empresa" otherwise. */
  WORKSPACE_NAME: optional(z.string().trim().min(1).max(120)),
  SESSION_SECRET: optional(z.string().min(32)),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * Which proxies may set X-Forwarded-For/-Proto/-Host: addresses, CIDRs or proxy-addr names.
   * Loopback only by default: trusting a whole LAN would let any machine on it forge its address
   * and so a fresh budget for every per-address limit (docs/security.md).
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('loopback')),
  /** Sign-in attempts allowed per address per minute. */
  LOGIN_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(20)),
  /** Failed sign-ins of one email (within 15 min) that lock it for 15 min. */
  LOGIN_LOCKOUT_FAILURES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** 409 answers for a taken device code that one user may get per hour (docs/tv-protocol.md#pairing). */
  DEVICE_CODE_CONFLICT_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  /** Origins besides the server's own that may make state-changing requests (comma separated). */
  TRUSTED_ORIGINS: z.preprocess(emptyAsUndefined, z.string().default('')),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media: set S3_BUCKET and the keys. */
  S3_ENDPOINT: optional(z.url()),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nome de bucket inválido')),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  /** Storage each workspace may fill before the oldest media outside playlists are removed. */
  STORAGE_QUOTA_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(STORAGE_QUOTA_BYTES)),
  /** Uploads allowed per user (or address) per minute. */
  UPLOAD_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
  /** TV pairing attempts per address per minute, and for all addresses together. */
  PAIRING_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(10)),
  PAIRING_GLOBAL_RATE_LIMIT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(300)),
  REDIS_URL: optional(z.url()),
  /**
   * What the bus's channels and the limits' keys start with: installations sharing one Redis (or
   * test runs) each give their own, so they never hear each other's events (docs/scaling.md).
   */
  REDIS_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'use até 64 letras, dígitos e : _ . -')
      .default('sinalize:'),
  ),
  /** Days raw proof-of-play records are kept (daily roll-ups are kept for good). */
  PLAYS_RETENTION_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(PLAYS_RETENTION_DAYS)),
  /** The TV app's installable file (APK) that /download-app offers; default dist/sinalize-tv.apk (npm run build:apk). */
  APP_APK_PATH: optional(z.string()),
  /** Where alert emails go out (docs/alerts.md#email): `smtp://user:pass@host:587` or `smtps://…:465`. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'use smtp://… ou smtps://…' })),
  /** The sender of alert emails. */
  SMTP_FROM: z.preprocess(emptyAsUndefined, z.string().default('Sinalize <alertas@sinalize.local>')),
  /** How often the screens are checked for incidents and the other alerts (docs/alerts.md#incidents). */
  ALERT_SCAN_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3600).default(60)),
  /** The panel's address as people reach it (links in alerts): `https://sinal.exemplo.com.br`. */
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  /**
   * Feeds and web pages on private networks (docs/content.md#feeds): refused by default, so a
   * feed's address cannot make the server reach the machines around it (SSRF). `true` on a LAN
   * install whose feeds live on the intranet.
   */
  FEEDS_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  FEEDS_REFRESH_GAP_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(60_000).default(1000)),
});

/** Where media files live: the local folder (default) or an S3-compatible bucket, path-style. */
export type MediaStorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  workspaceName: string | undefined;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustedOrigins: string[];
  loginRateLimitPerMinute: number;
  /** Per-email lockout: `failures` failed sign-ins within `windowMs` lock the email for `windowMs`. */
  loginLockout: { failures: number; windowMs: number };
  /** Duplicate-code answers (409) per user per hour before 429. */
  codeConflictLimitPerHour: number;
  trustProxy: string;
  mediaStorage: MediaStorageConfig;
  storageQuotaBytes: number;
  uploadRateLimitPerMinute: number;
  redisUrl: string | undefined;
  /** The bus's channels and the limits' keys start with it (`REDIS_PREFIX`, default `sinalize:`). */
  redisPrefix: string;
  /** Absolute path of the TV app's APK served by GET /api/app/download (offered when the file exists); absent in tests. */
  appApkPath: string | undefined;
  /** TV protocol timings and limits (docs/tv-protocol.md); tests shorten them. */
  tv: {
    flushIntervalMs: number;
    offlineAfterMs: number;
    pairing: { perAddressPerMinute: number; globalPerMinute: number; failureDelayMs: number };
    /** Manifest bytes handed to TV sockets but not yet flushed before a push waits (manifest-push.ts). */
    pushInFlightBytes?: number;
  };
  /** How often the API keys' `lastUsed` held in memory is written (one statement per flush). */
  apiKeyUsageFlushMs: number;
  /** Where the built admin UI lives; absent in API tests. */
  webRoot: string | undefined;
  /**
   * Cleanup jobs (maintenance/): files younger than `graceMs` are never taken for crash leftovers
   * (an upload may be in flight in another process); expired sessions go every interval.
   */
  maintenance: { graceMs: number; sessionPruneIntervalMs: number };
  /** Raw plays older than this many days are deleted with the expired sessions (maintenance/). */
  playsRetentionDays: number;
  /** Alerts (docs/alerts.md): the SMTP server and sender, the panel's link, how often screens are checked. */
  alerts: { smtpUrl: string | undefined; from: string; publicUrl: string | undefined; scanIntervalMs: number };
  /**
   * Fetching feeds and checking web pages (docs/content.md#feeds): private addresses allowed or
   * not, the limits of one fetch (tests shorten the timeout), how often due feeds are looked for.
   */
  feeds: {
    allowPrivate: boolean;
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    scanIntervalMs: number;
    /** The pause after each refresh, before this process starts the next (feed-jobs.ts). */
    refreshGapMs: number;
  };
};

/**
 * Reads the configuration from the environment. Bad values stop the process with a list of what
 * is wrong rather than starting half-configured. The session secret is generated once and kept in
 * DATA_DIR so restarts keep signed values valid.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const mediaStorage = overrides.mediaStorage ?? mediaStorageFrom(e, dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    workspaceName: e.WORKSPACE_NAME,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT,
    loginLockout: { failures: e.LOGIN_LOCKOUT_FAILURES, windowMs: 15 * 60_000 },
    codeConflictLimitPerHour: e.DEVICE_CODE_CONFLICT_LIMIT,
    trustProxy: e.TRUST_PROXY,
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mediaStorage,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    uploadRateLimitPerMinute: e.UPLOAD_RATE_LIMIT,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    // Without APP_APK_PATH: the APK `npm run build:apk` writes (offered only once it exists).
    appApkPath: path.resolve(e.APP_APK_PATH ?? path.join(PROJECT_ROOT, 'dist', 'sinalize-tv.apk')),
    tv: {
      flushIntervalMs: 5000,
      offlineAfterMs: OFFLINE_AFTER_MS,
      pairing: {
        perAddressPerMinute: e.PAIRING_RATE_LIMIT,
        globalPerMinute: e.PAIRING_GLOBAL_RATE_LIMIT,
        failureDelayMs: 400,
      },
    },
    apiKeyUsageFlushMs: 5000,
    webRoot: path.join(PROJECT_ROOT, 'dist/web'),
    maintenance: { graceMs: 60 * 60 * 1000, sessionPruneIntervalMs: 60 * 60 * 1000 },
    playsRetentionDays: e.PLAYS_RETENTION_DAYS,
    alerts: {
      smtpUrl: e.SMTP_URL,
      from: e.SMTP_FROM,
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      scanIntervalMs: e.ALERT_SCAN_SECONDS * 1000,
    },
    feeds: {
      allowPrivate: e.FEEDS_ALLOW_PRIVATE === 'true',
      timeoutMs: 10_000,
      maxBytes: 2 * 1024 * 1024,
      maxRedirects: 3,
      scanIntervalMs: 60_000,
      refreshGapMs: e.FEEDS_REFRESH_GAP_MS,
    },
    ...overrides,
  };
}

/** S3 when a bucket is named (all of its settings then required), otherwise DATA_DIR/media. */
function mediaStorageFrom(e: z.infer<typeof envSchema>, dataDir: string): MediaStorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'media') };
  const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length)
    throw new Error(`Configuração inválida:\n${missing.map((k) => `  ${k}: obrigatório com S3_BUCKET`).join('\n')}`);
  return {
    kind: 's3',
    // Without an endpoint, AWS itself (path-style addressing works there too).
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
