import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint, InputOf, OutputOf } from '@keel/contract/endpoint';
import { type EndpointPath, type Endpoints, endpoints } from '@keel/contract/endpoints/index';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../platform/config';
import { outputMismatch } from '../platform/http/output-check';
import { ensureFirstOperator } from '../seed/operator';

export interface Envelope {
  status: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the call answers.
  data: any;
}

/**
 * What `call` answers: the HTTP status and the envelope, its `data` typed from the endpoint's output schema (and
 * checked against it). `data` is null when `status` is not 0.
 */
export interface CallResult<P extends EndpointPath> {
  http: number;
  status: number;
  msg: string;
  data: OutputOf<Endpoints[P]>;
}

export interface CallOptions {
  token?: string;
  pno?: string;
  lang?: 'zh-cn' | 'en';
  ip?: string;
}

export interface TestEnv {
  app: FastifyInstance;
  dialect: 'sqlite' | 'postgres';
  /** The app's clock; move it with `advance`. */
  now(): number;
  advance(ms: number): void;
  /** Calls an /api endpoint the way the console does; answers the HTTP status and the parsed body. */
  call<P extends EndpointPath>(
    path: P,
    input: InputOf<Endpoints[P]> | Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallResult<P>>;
  /** `call` that must succeed: fails the test (naming the endpoint and its message) unless status is 0; answers `data`. */
  ok<P extends EndpointPath>(
    path: P,
    input: InputOf<Endpoints[P]> | Record<string, unknown>,
    options?: CallOptions,
  ): Promise<OutputOf<Endpoints[P]>>;
  /** Signs in through `a/login` from a fresh address (the test fails unless it succeeds); answers the user info. */
  login(account: string, password: string): Promise<OutputOf<Endpoints['a/login']>>;
  /** Encrypts a password with the server's public key, URL-safe (SPEC §7). */
  encrypt(plain: string): Promise<string>;
  /** The last code the outbox sent to a phone. */
  lastCode(phone: string): Promise<string | undefined>;
  /** Registers a new user through the real calls and answers its user info. */
  register(phone: string, name?: string, password?: string): Promise<OutputOf<Endpoints['a/register']>>;
}

const databases = (): Array<'sqlite' | 'postgres'> =>
  process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** The advisory lock under which suites migrate (shared) and drop (exclusive) their PostgreSQL schemas. */
const SCHEMA_LOCK = 7_104_201;

/**
 * Takes the schema lock on a session of its own; the answer releases it (by ending the session). Kysely's migrator
 * reads the tables of every schema of the database it can use (`has_schema_privilege` on each), and a schema that
 * another worker's suite drops meanwhile fails that read with "schema … does not exist": so migrations hold it
 * shared, and a suite drops its schema only once no migration is under way. Never ask for it exclusive while
 * holding it shared.
 */
export async function schemaLock(mode: 'shared' | 'exclusive'): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [
    SCHEMA_LOCK,
  ]);
  return () => client.end();
}

/** A fresh database per suite: SQLite in memory, or a new schema in TEST_DATABASE_URL. */
async function freshDatabase(
  kind: 'sqlite' | 'postgres',
): Promise<{ database: Config['database']; drop(): Promise<void> }> {
  if (kind === 'sqlite') return { database: { kind: 'sqlite', file: ':memory:' }, drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = await createSchema();
  return { database: { kind: 'postgres', url, schema }, drop: () => dropSchema(schema) };
}

/** A new, empty schema in TEST_DATABASE_URL: its name. */
export async function createSchema(): Promise<string> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return schema;
}

/** Drops a schema of TEST_DATABASE_URL and all in it, once no migration is under way (`schemaLock`). */
export async function dropSchema(schema: string): Promise<void> {
  const release = await schemaLock('exclusive');
  try {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  } finally {
    await release();
  }
}

let ipCounter = 0;
/** A distinct client address per test, so that per-address limits of one test do not leak into another. */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let phoneCounter = 0;
/** A phone number no other test in the run uses. */
export const freshPhone = () => {
  phoneCounter += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
};

/**
 * Runs the suite once per database (SQLite always, PostgreSQL when TEST_DATABASE_URL is set), each against a
 * real app built by buildApp with its own clock.
 */
export function describeEachDb(
  name: string,
  body: (env: () => TestEnv) => void,
  options: {
    /** More settings of the app (environment names, as loadConfig reads them), read before it is built. */ config?: () => Record<
      string,
      string
    >;
  } = {},
): void {
  for (const kind of databases()) {
    describe(`${name} [${kind}]`, () => {
      let env: TestEnv | undefined;
      let drop: () => Promise<void> = async () => {};
      let dataDir: string | undefined;
      beforeAll(async () => {
        const fresh = await freshDatabase(kind);
        drop = fresh.drop;
        let clock = Date.now();
        // Files of this suite (the local BlobStore, uploads) in a folder of its own, removed after it.
        dataDir = mkdtempSync(join(tmpdir(), 'keel-api-'));
        const config = {
          ...loadConfig({
            ADMIN_PASSWORD: 'Operator123',
            WEB_DIST: '/nonexistent',
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            ...options.config?.(),
          }),
          database: fresh.database,
        };
        // Migrated under the schema lock, shared (see `schemaLock`).
        const release = kind === 'postgres' ? await schemaLock('shared') : async () => {};
        const app = await buildApp(config, { now: () => clock, logger: false }).finally(release);
        // The platform operator 13800000000 / Operator123, as on a first start.
        await ensureFirstOperator(app.keel);
        const publicKey = createPublicKey({
          key: Buffer.from(app.keel.passwordKey.publicKey, 'base64'),
          format: 'der',
          type: 'spki',
        });
        const e: TestEnv = {
          app,
          dialect: kind,
          now: () => clock,
          advance: (ms) => {
            clock += ms;
          },
          async call(path, input, options = {}) {
            const def: Endpoint = endpoints[path];
            const headers: Record<string, string> = {
              'accept-language': options.lang ?? 'zh-cn',
              'content-language': options.lang ?? 'zh-cn',
            };
            if (options.token) headers.token = options.token;
            if (options.pno) headers.pno = options.pno;
            const response = await app.inject({
              method: def.method,
              url: `/api/${path}`,
              headers,
              remoteAddress: options.ip ?? '127.0.0.1',
              ...(def.method === 'GET'
                ? { query: Object.fromEntries(Object.entries(input as object).map(([k, v]) => [k, String(v)])) }
                : { payload: input as object }),
            });
            const body = response.json() as Envelope;
            // The answer is exactly what the contract declares: an extra or wrong field fails the test.
            const mismatch = body.status === 0 ? outputMismatch(def.output, body.data) : undefined;
            if (mismatch) throw new Error(`${path} answered outside its output schema: ${mismatch}`);
            return { http: response.statusCode, ...body };
          },
          async ok(path, input, options) {
            const res = await e.call(path, input, options);
            expect(res.status, `${path}: ${res.msg}`).toBe(0);
            return res.data;
          },
          async login(account, password) {
            return e.ok('a/login', { account, password: await e.encrypt(password) }, { ip: freshIp() });
          },
          async encrypt(plain) {
            const cipher = publicEncrypt(
              { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
              Buffer.from(plain),
            );
            return cipher.toString('base64url');
          },
          async lastCode(phone) {
            const row = await app.keel.db
              .selectFrom('outbox')
              .select('payload')
              .where('recipient', '=', phone)
              .where('template', 'like', 'code.%')
              .orderBy('created_at', 'desc')
              .limit(1)
              .executeTakeFirst();
            return row ? (JSON.parse(row.payload) as { code: string }).code : undefined;
          },
          async register(phone, name = 'Tester', password = 'Passw0rd1') {
            const ip = freshIp();
            const sent = await e.call('a/sendCode', { phoneNum: phone, purpose: 'register' }, { ip });
            if (sent.status !== 0) throw new Error(`sendCode: ${sent.msg}`);
            const code = (await e.lastCode(phone)) as string;
            const res = await e.call(
              'a/register',
              { phoneNum: phone, code, password: await e.encrypt(password), name },
              { ip },
            );
            if (res.status !== 0) throw new Error(`register: ${res.msg}`);
            return res.data;
          },
        };
        env = e;
      });
      afterAll(async () => {
        await env?.app.close();
        await drop();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      });
      body(() => {
        if (!env) throw new Error('the test app is not ready');
        return env;
      });
    });
  }
}
