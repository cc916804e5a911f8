import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOGIN_MAX_FAILURES_PER_IP } from '@lexdesk/contract';
import { z } from 'zod';
import type { PdfLimits } from './platform/conversion/docx-to-pdf.ts';
import type { ParseLimits } from './platform/parsing/parse-pool.ts';

/** The repository root (two levels above apps/server), so paths do not depend on the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
    .optional(),
  /** Unset: demo data on a development start only (not with NODE_ENV=production or an https PUBLIC_URL). */
  SEED_DEMO: z.stringbool().optional(),
  NODE_ENV: z.string().optional(),
  /** Pins every demo user's password (tests, a shared demo); unset: random passwords shown once at first start. */
  DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must have at least 8 characters').max(256).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Lexdesk <no-reply@localhost>'),
  /** SMS leave by an HTTP POST of JSON {to, text} here (a provider's adapter); unset: the console log. */
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_TTL_DAYS: z.coerce.number().positive().default(30),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * Which proxies' X-Forwarded-For to believe: `false`, a hop count (`1` = one reverse proxy in front), or the
   * proxies' addresses (`10.0.0.5,10.1.0.0/16`). `true` is refused: it would believe every hop, including the
   * left-most address, which the client writes itself.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => value.trim().toLowerCase() !== 'true', {
      message:
        'TRUST_PROXY=true would believe a client-written X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses',
    })
    .transform(parseTrustProxy),
  HELP_URL: z.string().default('https://www.lexdesk.example/help'),
  WEB_DIST_DIR: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Coarse per-address guard over every route; 0 turns it off (benchmarks). The sign-in throttles stay. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /**
   * Failed sign-ins one address may make in 15 minutes before it is throttled (spec: 20). Only for test runs
   * whose browsers all share one address; a real installation keeps the spec's value.
   */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(LOGIN_MAX_FAILURES_PER_IP),
  /** 32 bytes as 64 hex characters: encrypts authenticator secrets. Unset: a key file in DATA_DIR (one server). */
  MFA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'MFA_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Largest case document accepted, in MB (issue 4). */
  UPLOAD_MAX_MB: z.coerce.number().positive().default(50),
  /** Background workers (text extraction, indexing) in this process; 0 leaves the jobs to other servers. */
  JOB_WORKERS: z.coerce.number().int().min(0).max(32).default(2),
  /** Threads that parse untrusted files (email import, text extraction, .docx checks), off the request thread. */
  PARSE_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /** Longest one file may take to parse; past it the parse is stopped and the file refused (or marked failed). */
  PARSE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /** Heap of one parsing thread; a file that needs more is refused. */
  PARSE_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  /** Parsing threads of the background jobs (indexing), besides PARSE_WORKERS: neither waits for the other. */
  PARSE_BACKGROUND_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
  /** Threads that fill templates (executions), besides the others; one per core lets a firm use them all. */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /** LibreOffice conversions (PDF exports) at once in this server. */
  PDF_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  /** Tasks one user may have running or waiting in a shared work queue (parsing, PDF); past it: 429. */
  QUEUE_PER_USER: z.coerce.number().int().min(1).default(3),
  /** The same for one organisation, all its users together. */
  QUEUE_PER_ORGANISATION: z.coerce.number().int().min(1).default(8),
  /** Tasks running or waiting in one shared work queue, every organisation together. */
  QUEUE_TOTAL: z.coerce.number().int().min(1).default(64),
});

/** `false`, a hop count, or a list of proxy addresses, CIDR ranges or proxy-addr names (`loopback`, …). */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string, context: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0' || text === '') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  if (addresses.every((address) => named.has(address) || /^[0-9a-f.:]+(\/\d{1,3})?$/.test(address))) return addresses;
  context.addIssue({
    code: 'custom',
    message:
      'TRUST_PROXY must be false, a number of proxies (e.g. 1), or proxy addresses separated by commas (e.g. 10.0.0.5,loopback)',
  });
  return false;
}

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  seedDemo: boolean;
  /** The demo users' password when pinned; undefined: each gets a random one, printed once. */
  demoPassword: string | undefined;
  /** NODE_ENV=production or an https PUBLIC_URL: an installation others can reach. */
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  /** Base of every emailed link, without a trailing slash. */
  publicUrl: string;
  /** False when PUBLIC_URL is unset and links fall back to http://localhost:PORT (Admin Setting warns). */
  publicUrlSet: boolean;
  sessionTtlHours: number;
  rememberTtlDays: number;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: TrustProxy;
  helpUrl: string;
  webDistDir: string;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  loginFailuresPerAddress: number;
  /** Hex key for authenticator secrets, or undefined (a key file under dataDir is used). */
  mfaEncryptionKey: string | undefined;
  /** HSTS only makes sense when the browser reaches us over TLS. */
  https: boolean;
  uploadMaxBytes: number;
  jobWorkers: number;
  /** Limits of the threads that parse untrusted files (platform/parsing). */
  parse: ParseLimits;
  /** LibreOffice conversions (platform/conversion). */
  pdf: PdfLimits;
}

/** Parses the environment (every variable of .env.example) into a Config; throws one readable error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const queueAdmission = { perUser: e.QUEUE_PER_USER, perOrganisation: e.QUEUE_PER_ORGANISATION, total: e.QUEUE_TOTAL };
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const production = e.NODE_ENV === 'production' || publicUrl.startsWith('https://');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'lexdesk.sqlite') },
    seedDemo: e.SEED_DEMO ?? !production,
    demoPassword: e.DEMO_PASSWORD,
    production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    publicUrl,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    rememberTtlDays: e.REMEMBER_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    helpUrl: e.HELP_URL,
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    loginFailuresPerAddress: e.LOGIN_FAILURES_PER_ADDRESS,
    mfaEncryptionKey: e.MFA_ENCRYPTION_KEY,
    https: e.TRUST_PROXY !== false || publicUrl.startsWith('https://'),
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    jobWorkers: e.JOB_WORKERS,
    parse: {
      workers: e.PARSE_WORKERS,
      backgroundWorkers: e.PARSE_BACKGROUND_WORKERS,
      renderWorkers: e.RENDER_WORKERS,
      timeoutMs: Math.round(e.PARSE_TIMEOUT_SECONDS * 1000),
      memoryMb: e.PARSE_MEMORY_MB,
      admission: queueAdmission,
    },
    pdf: { workers: e.PDF_WORKERS, admission: queueAdmission },
  };
}
