import type { LoginResponse, ModuleFlags, Role } from '@lexdesk/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../src/db/database.ts';
import { DEMO_ORGANISATION, OTHER_ORGANISATION, seedDemo } from '../src/db/demo.seed.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { organisationsService } from '../src/modules/organisations/organisations.service.ts';
import { usersService } from '../src/modules/users/users.service.ts';
import { resolveActor } from '../src/platform/access/access.service.ts';
import type { Actor } from '../src/platform/access/actor.ts';
import type { AppContext, MailTransport } from '../src/platform/context.ts';
import { captureTransports, settleMail, type DeliveredMessage } from './mail-capture.ts';

/** The demo users' password, pinned through DEMO_PASSWORD in every test app (the seed has none of its own). */
export const DEMO_PASSWORD = 'Demo#2026pass';
export const DEMO = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  user: 'user@example.com',
  otherAdmin: 'admin@other.example.com',
} as const;
export const PUBLIC_URL = 'http://lexdesk.test';
/** The tests' clock starts here; each test starts from it again. */
export const START = new Date('2026-03-02T09:00:00.000Z');
/** A password that passes every rule of spec 01 §5. */
export const STRONG_PASSWORD = 'Strong#Pass2026';

export interface TestClock {
  now: () => Date;
  set: (date: Date) => void;
  advance: (by: { minutes?: number; hours?: number; days?: number }) => void;
}

function createClock(start: Date): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: ({ minutes = 0, hours = 0, days = 0 }) => {
      current += ((days * 24 + hours) * 60 + minutes) * 60_000;
    },
  };
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number>;
  ip?: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
}

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  clock: TestClock;
  database: DatabaseHandle;
  ids: { demoOrg: number; otherOrg: number; super: number; admin: number; user: number; otherAdmin: number };
  request: (method: InjectOptions['method'], url: string, options?: RequestOptions) => Promise<LightMyRequestResponse>;
  login: (email: string, password?: string, options?: { ip?: string; remember?: boolean }) => Promise<LoginResponse>;
  /** The Actor behind a session token, as the access hook resolves it. */
  actorOf: (token: string) => Promise<Actor>;
  /** A new user created through the users service by the demo super user. */
  createUser: (input: {
    role?: Role;
    organisationId?: number;
    email?: string;
    password?: string | null;
    isActive?: boolean;
    modules?: ModuleFlags;
    firstName?: string;
    lastName?: string;
  }) => Promise<{ id: number; email: string; password: string }>;
  /** A fresh user signed in: for tests that change their user. */
  freshSession: (
    role?: Role,
    organisationId?: number,
  ) => Promise<{ id: number; email: string; password: string; token: string }>;
  /**
   * Messages delivered to `to` (email address or phone), newest first, as the recipient reads them: the
   * mail jobs due so far are run first. The outbox keeps them masked (outboxTo).
   */
  mailsTo: (to: string) => Promise<DeliveredMessage[]>;
  /** Every message delivered so far, oldest first (after the due mail jobs ran). */
  delivered: () => Promise<DeliveredMessage[]>;
  /** Outbox rows to `to`, newest first, as the super user's outbox shows them (masked), after due mail jobs ran. */
  outboxTo: (to: string) => Promise<{ subject: string; body_text: string; status: string; error: string | null }[]>;
  uniqueEmail: (prefix?: string) => string;
  uniqueIp: () => string;
  /** Another app on the same database with other settings (closed with the harness). */
  extraApp: (env?: Record<string, string>, options?: { mailer?: MailTransport | null }) => Promise<FastifyInstance>;
  close: () => Promise<void>;
}

interface DatabaseTargetFactory {
  label: string;
  /** An empty database (nothing migrated): for the tests of a migration. */
  open: () => Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }>;
  /**
   * A database migrated to the latest version and holding no rows (but the migrations' own): what every test
   * app starts from. Defaults to open() (the harness migrates).
   */
  openMigrated?: () => Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }>;
}

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

function sqliteTarget(): DatabaseTargetFactory {
  return {
    label: 'sqlite',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-db-'));
      return {
        target: { kind: 'sqlite', file: path.join(dir, 'lexdesk.sqlite') },
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  };
}

function postgresTarget(url: string): DatabaseTargetFactory {
  return {
    label: 'postgres',
    open: async () => {
      const schema = `test_${unique().replace(/[^a-z0-9]/gi, '_')}`.toLowerCase();
      await withClient(url, (client) => client.query(`create schema "${schema}"`));
      return {
        target: { kind: 'postgres', url, searchPath: schema },
        cleanup: async () => {
          await withClient(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
        },
      };
    },
    openMigrated: async () => {
      const schema = await takeMigratedSchema(url);
      return {
        target: { kind: 'postgres', url, searchPath: schema.name },
        cleanup: async () => {
          freeSchemas.push(schema);
        },
      };
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL schemas migrated by this worker, reused from one test file to the next: migrating a new schema for
 * each file took about 1 s of DDL (four times that on a busy machine), emptying one takes a fraction. A schema is
 * handed to one harness at a time and brought back before each to how the migration left it (emptyingSql), so a
 * file starts as on a new schema and sees nothing of the files before it.
 */
interface MigratedSchema {
  name: string;
  /** Its tables just after the migration: a schema whose tables changed since is not reused. */
  tables: string;
  /** What brings it back to how the migration left it (emptyingSql). */
  emptying: string;
}

const freeSchemas: MigratedSchema[] = [];
let schemasMade = 0;
let staleSchemasDropped = false;

const schemaTables = async (client: pg.Client, schema: string) =>
  (
    await client.query<{ names: string | null }>(
      `select string_agg(tablename, ',' order by tablename) as names from pg_tables where schemaname = $1`,
      [schema],
    )
  ).rows[0]?.names ?? '';

async function takeMigratedSchema(url: string): Promise<MigratedSchema> {
  return withClient(url, async (client) => {
    let reused = freeSchemas.pop();
    while (reused && (await schemaTables(client, reused.name)) !== reused.tables) {
      await client.query(`drop schema if exists "${reused.name}", "${reused.name}_seed" cascade`);
      reused = freeSchemas.pop();
    }
    if (reused) {
      await client.query(reused.emptying);
      return reused;
    }
    if (!staleSchemasDropped) {
      staleSchemasDropped = true;
      await dropSchemasOfEndedWorkers(client);
    }
    schemasMade += 1;
    // Named by process and thread, so schemas a killed run left behind can be told from those of running workers.
    const name = `test_w${process.pid}_${threadId}_${schemasMade}`;
    await client.query(`drop schema if exists "${name}", "${name}_seed" cascade`);
    await client.query(`create schema "${name}"`);
    const database = openDatabase({ kind: 'postgres', url, searchPath: name });
    try {
      await migrateToLatest(database.db, database.dialect);
    } finally {
      await database.close();
    }
    const tables = await schemaTables(client, name);
    const emptying = await emptyingSql(client, name, tables);
    return { name, tables, emptying };
  });
}

/**
 * The SQL that brings a migrated schema back to how the migration left it: every table but the migrations' own
 * truncated (restarting the sequences it owns), the rows the migrations inserted (the plans) put back from a copy
 * made now in `<schema>_seed`, and each sequence set back to where the migration left it.
 */
async function emptyingSql(client: pg.Client, schema: string, tables: string): Promise<string> {
  const seed = `${schema}_seed`;
  const q = (s: string, name: string) => `"${s}"."${name}"`;
  const data = tables.split(',').filter((table) => table && !table.startsWith('kysely_migration'));
  const seeded: string[] = [];
  for (const table of data) {
    const { rows } = await client.query(`select 1 from ${q(schema, table)} limit 1`);
    if (rows.length > 0) seeded.push(table);
  }
  const statements =
    data.length > 0 ? [`truncate table ${data.map((t) => q(schema, t)).join(', ')} restart identity cascade`] : [];
  if (seeded.length > 0) {
    await client.query(`drop schema if exists "${seed}" cascade`);
    await client.query(`create schema "${seed}"`);
    // Referenced tables first.
    const { rows: links } = await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = $1 and c.relname <> p.relname`,
      [schema],
    );
    const ordered: string[] = [];
    const visit = (table: string, path: string[] = []) => {
      if (ordered.includes(table) || path.includes(table)) return;
      for (const { child, parent } of links)
        if (child === table && seeded.includes(parent)) visit(parent, [...path, table]);
      ordered.push(table);
    };
    for (const table of seeded) visit(table);
    for (const table of ordered) {
      await client.query(`create table ${q(seed, table)} as select * from ${q(schema, table)}`);
      const { rows: columns } = await client.query<{ attname: string }>(
        `select attname from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [q(schema, table)],
      );
      const list = columns.map((c) => `"${c.attname}"`).join(', ');
      statements.push(
        `insert into ${q(schema, table)} (${list}) overriding system value select ${list} from ${q(seed, table)}`,
      );
    }
  }
  // Sequences: where the migration left them (TRUNCATE restarted those its tables own; any other restarts here).
  const { rows: sequences } = await client.query<{ sequencename: string; last_value: string | null }>(
    'select sequencename, last_value from pg_sequences where schemaname = $1',
    [schema],
  );
  for (const { sequencename, last_value } of sequences) {
    const name = q(schema, sequencename);
    statements.push(
      last_value === null
        ? `alter sequence ${name} restart`
        : `select setval('${name.replace(/'/g, "''")}', ${Number(last_value)}, true)`,
    );
  }
  return statements.join(';\n');
}

/** Schemas of workers whose process has ended (a run killed before it dropped them). */
async function dropSchemasOfEndedWorkers(client: pg.Client) {
  const { rows } = await client.query<{ nspname: string }>(
    "select nspname from pg_namespace where nspname like 'test\\_w%'",
  );
  for (const { nspname } of rows) {
    const pid = Number(/^test_w(\d+)_/.exec(nspname)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) {
      await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Configuration of a test app: silent, no global rate limit, links on PUBLIC_URL, data under `dir`. */
export function testConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL,
    WEB_DIST_DIR: path.join(dir, 'web-dist'),
    RATE_LIMIT_PER_MINUTE: '0',
    DEMO_PASSWORD,
    ...env,
  });
}

export interface HarnessOptions {
  env?: Record<string, string>;
  mailer?: MailTransport | null;
}

/** Builds the app on a fresh database (SQLite file or PostgreSQL schema), migrated and seeded. */
export async function createHarness(factory: DatabaseTargetFactory, options: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-test-'));
  const { target, cleanup } = await (factory.openMigrated ?? factory.open)();
  const database = openDatabase(target);
  // A no-op on a schema migrated already.
  await migrateToLatest(database.db, database.dialect);
  const config = testConfig(dir, options.env);
  const clock = createClock(START);
  const delivered: DeliveredMessage[] = [];
  const transports = captureTransports(delivered, options.mailer);
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    mailer: transports.mail,
    sms: transports.sms,
  });
  const ctx = app.ctx;
  await seedDemo(ctx);
  const extraApps: FastifyInstance[] = [];

  const users = usersService(ctx);
  const idOf = async (email: string) => {
    const account = await users.findByEmail(email);
    if (!account) throw new Error(`missing demo user ${email}`);
    return account.id;
  };
  const organisations = organisationsService(ctx);
  const ids = {
    demoOrg: (await organisations.idByName(DEMO_ORGANISATION)) ?? 0,
    otherOrg: (await organisations.idByName(OTHER_ORGANISATION)) ?? 0,
    super: await idOf(DEMO.super),
    admin: await idOf(DEMO.admin),
    user: await idOf(DEMO.user),
    otherAdmin: await idOf(DEMO.otherAdmin),
  };

  let ipCounter = 0;
  const harness: Harness = {
    app,
    ctx,
    config,
    clock,
    database,
    ids,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const query = options.query
        ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
        : undefined;
      return app.inject({
        method,
        url,
        headers,
        ...(query ? { query } : {}),
        ...(options.payload !== undefined
          ? { payload: options.payload }
          : options.body !== undefined
            ? { payload: options.body as object }
            : {}),
        remoteAddress: options.ip ?? '127.0.0.1',
      });
    },
    async login(email, password = DEMO_PASSWORD, opts = {}) {
      const res = await harness.request('POST', '/api/login/', {
        body: { username: email, password, mode: 'webapp', remember: opts.remember ?? false },
        ip: opts.ip ?? harness.uniqueIp(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LoginResponse>();
    },
    async actorOf(token) {
      const actor = await resolveActor(ctx, token);
      if (!actor) throw new Error('token does not resolve to an actor');
      return actor;
    },
    async createUser(input) {
      const superActor = await harness.actorOf((await harness.login(DEMO.super)).access);
      const email = input.email ?? harness.uniqueEmail(input.role ?? 'user');
      const password = input.password === undefined ? STRONG_PASSWORD : input.password;
      const id = await users.createUser(superActor, {
        organisationId: input.organisationId ?? ids.demoOrg,
        email,
        role: input.role ?? 'user',
        password,
        isActive: input.isActive ?? true,
        firstName: input.firstName ?? 'Test',
        lastName: input.lastName ?? 'Person',
        ...(input.modules ? { modules: input.modules } : {}),
      });
      return { id, email, password: password ?? '' };
    },
    async freshSession(role = 'user', organisationId) {
      const user = await harness.createUser({ role, ...(organisationId ? { organisationId } : {}) });
      const { access } = await harness.login(user.email, user.password);
      return { ...user, token: access };
    },
    async mailsTo(to) {
      await settleMail(ctx);
      return delivered.filter((message) => message.to === to).reverse();
    },
    async delivered() {
      await settleMail(ctx);
      return [...delivered];
    },
    async outboxTo(to) {
      await settleMail(ctx);
      // Every organisation's messages to `to`, whatever their kind (no screen shows them all).
      return database.db
        .selectFrom('outbox')
        .select(['subject', 'body_text', 'status', 'error'])
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    uniqueEmail: (prefix = 'person') => `${prefix}-${unique()}@example.com`,
    uniqueIp: () => {
      ipCounter += 1;
      return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    },
    async extraApp(env = {}, extra = {}) {
      const other = await buildApp({
        config: testConfig(dir, env),
        db: database.db,
        now: clock.now,
        mailer: captureTransports(delivered, extra.mailer).mail,
        sms: captureTransports(delivered, extra.mailer).sms,
      });
      extraApps.push(other);
      return other;
    },
    async close() {
      for (const other of extraApps) await other.close();
      await app.close();
      await database.close();
      await cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The databases the suite runs on: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function databaseTargets(): DatabaseTargetFactory[] {
  const url = process.env.TEST_DATABASE_URL;
  return [sqliteTarget(), ...(url ? [postgresTarget(url)] : [])];
}

/**
 * `describe` once per database: each gets its own app on a fresh, migrated and seeded database
 * (a temp SQLite file, or a PostgreSQL schema dropped afterwards). The clock is reset after each test.
 */
export function describeEachDatabase(
  name: string,
  body: (h: () => Harness) => void,
  options: HarnessOptions = {},
): void {
  for (const factory of databaseTargets()) {
    describe(`${name} [${factory.label}]`, () => {
      let harness: Harness | undefined;
      beforeAll(async () => {
        harness = await createHarness(factory, options);
      });
      afterEach(() => harness?.clock.set(START));
      afterAll(async () => {
        await harness?.close();
      });
      body(() => {
        if (!harness) throw new Error('harness not ready');
        return harness;
      });
    });
  }
}

/** A small valid multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----lexdesk${unique()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
