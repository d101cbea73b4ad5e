import { resolve } from 'node:path';
import { z } from 'zod';
import { parseS3Url } from './storage/s3-url';

const port = z.coerce.number().int().min(0).max(65535);
const minutes = z.coerce.number().int().min(1);

/** Everything the server reads from the environment, validated once at start (architecture §9). */
const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  STORAGE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseS3Url(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^STORAGE_URL: /, '') });
      }
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  ADMIN_PHONE: z
    .string()
    .regex(/^1\d{10}$/, 'must be an 11-digit mobile number starting with 1')
    .default('13800000000'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_IDLE_MINUTES: minutes.default(720),
  OUTBOX_DRIVER: z.enum(['log', 'webhook']).default('log'),
  OUTBOX_WEBHOOK_URL: z.url().optional(),
  JOB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  FIRMWARE_TASK_TICK_MS: z.coerce.number().int().min(200).max(60_000).default(5000),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z
    .url()
    .regex(/^https?:\/\/[^/]+$/, 'must be a scheme and host without a path (https://keel.example.com)')
    .optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  SIGN_IN_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(10),
  DEVICE_POLL_SLEEP: z
    .string()
    .regex(/^\d{2}:[0-5]\d:[0-5]\d$/, 'must be HH:MM:SS')
    .refine((v) => hhmmssToSeconds(v) >= 1, 'must be at least 00:00:01')
    .default('00:05:00'),
  SIGNING_MASTER_KEY: z
    .string()
    .refine((v) => masterKeyBytes(v) !== null, 'must be 32 bytes, as 64 hex digits or base64')
    .optional(),
  SIGNING_PKCS11_MODULES: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

/** The 32 bytes of a SIGNING_MASTER_KEY value (64 hex digits or base64), or null. */
export function masterKeyBytes(text: string): Buffer | null {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export type Env = z.input<typeof schema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` or a postgres URL. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  /** `s3://…` (platform/storage/s3-url.ts); unset stores blobs under DATA_DIR. */
  storageUrl?: string;
  redisUrl?: string;
  adminPhone: string;
  adminPassword?: string;
  logLevel: string;
  tokenIdleMs: number;
  outbox: { driver: 'log' } | { driver: 'webhook'; url: string };
  /** Background jobs this instance runs at once (0: none, enqueue only) and how often it looks for due ones. */
  jobs: { concurrency: number; pollMs: number };
  /**
   * How often the firmware rollout engine runs while tasks are on their way (FIRMWARE_TASK_TICK_MS, default 5 s):
   * groups open, versions are confirmed and progress is pushed at this pace. Shorter for demos and end-to-end tests.
   */
  firmwareTaskTickMs: number;
  /** The built console (apps/web/dist); not served when absent. */
  webDist: string;
  /**
   * The address clients reach this server at (PUBLIC_URL, scheme and host): what the app store's F-Droid indexes name
   * as their repositories' address. Unset: the address of the request that made an index.
   */
  publicUrl?: string;
  bodyLimit: number;
  trustProxy: boolean;
  /**
   * Sign-in attempts allowed a minute per client address and per account (SIGN_IN_PER_ADDRESS, default 30;
   * SIGN_IN_PER_ACCOUNT, default 10): more are answered 429. A site whose users share one address (an office behind
   * one NAT, a test suite) raises the first.
   */
  signInLimits: { perAddress: number; perAccount: number };
  /** How long devices are told to wait between polls (hawkBit's `config.polling.sleep`), in seconds. */
  devicePollSeconds: number;
  /**
   * Whether each answer is checked against its endpoint's output schema (a mismatch is logged and answered as an
   * internal error): everywhere but production (NODE_ENV=production, as `npm start` runs).
   */
  checkOutput: boolean;
  /** The signing master key (SIGNING_MASTER_KEY); unset: DATA_DIR/signing-master.key, made on first start. */
  signingMasterKey?: Buffer;
  /** PKCS#11 modules the signing service may load (SIGNING_PKCS11_MODULES, separated by `:` or `,`). */
  pkcs11Modules: string[];
}

/** "HH:MM:SS" in seconds. */
export function hhmmssToSeconds(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.OUTBOX_DRIVER === 'webhook' && !e.OUTBOX_WEBHOOK_URL) {
    throw new ConfigError('Invalid configuration:\n  OUTBOX_WEBHOOK_URL: required when OUTBOX_DRIVER=webhook');
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: resolve(dataDir, 'keel.db') },
    storageUrl: e.STORAGE_URL,
    redisUrl: e.REDIS_URL,
    adminPhone: e.ADMIN_PHONE,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    tokenIdleMs: e.TOKEN_IDLE_MINUTES * 60_000,
    outbox:
      e.OUTBOX_DRIVER === 'webhook' ? { driver: 'webhook', url: e.OUTBOX_WEBHOOK_URL as string } : { driver: 'log' },
    jobs: { concurrency: e.JOB_CONCURRENCY, pollMs: e.JOB_POLL_MS },
    firmwareTaskTickMs: e.FIRMWARE_TASK_TICK_MS,
    webDist: resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    publicUrl: e.PUBLIC_URL,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY === '1',
    signInLimits: { perAddress: e.SIGN_IN_PER_ADDRESS, perAccount: e.SIGN_IN_PER_ACCOUNT },
    devicePollSeconds: hhmmssToSeconds(e.DEVICE_POLL_SLEEP),
    checkOutput: e.NODE_ENV !== 'production',
    signingMasterKey: e.SIGNING_MASTER_KEY ? (masterKeyBytes(e.SIGNING_MASTER_KEY) ?? undefined) : undefined,
    pkcs11Modules: (e.SIGNING_PKCS11_MODULES ?? '')
      .split(/[:,]/)
      .map((p) => p.trim())
      .filter(Boolean),
  };
}
