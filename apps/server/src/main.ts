import { parseArgs } from 'node:util';
import { buildApp } from './app';
import { migrateToLatest } from './migrations';
import { verifyAudit } from './platform/audit/audit-log';
import { isAcceptablePassword } from './platform/auth/passwords';
import { ConfigError, loadConfig } from './platform/config';
import { connect } from './platform/db/connect';
import { seedFullDemo } from './seed/demo';
import { ensureFirstOperator } from './seed/operator';
import { ensureUser } from './seed/users';

const usage = `Usage: keel <command>
  start                         migrate, then serve the console and the API on PORT
  migrate                       bring the database schema up to date
  create-admin --phone P [--password X] [--name N]
                                create a platform operator, or make an existing user one
  seed-demo                     add the demo properties and users (idempotent)
  verify-audit                  check the audit log's hash chain`;

async function start() {
  const config = loadConfig();
  const app = await buildApp(config);
  const first = await ensureFirstOperator(app.keel);
  if (first) {
    app.keel.log.info(`Platform operator created — sign in with phone ${first.phone} and password ${first.password}`);
  }
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.keel.log.info(`${signal}: draining`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  const address = await app.listen({ port: config.port, host: config.host });
  app.keel.log.info(`Keel listening on ${address}`);
}

/** Commands that need the services but no listening server. */
async function withApp<T>(fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const app = await buildApp(loadConfig(), { logger: { level: 'warn' } });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start':
      return start();
    case 'migrate': {
      const { db } = connect(loadConfig().database);
      const applied = await migrateToLatest(db);
      await db.destroy();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Up to date');
      return;
    }
    case 'create-admin': {
      const { values } = parseArgs({
        args: rest,
        options: { phone: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      });
      if (!values.phone || !/^1\d{10}$/.test(values.phone)) throw new UsageError('--phone: an 11-digit mobile number');
      if (values.password && !isAcceptablePassword(values.password)) {
        throw new UsageError('--password: 8–64 characters with letters and digits');
      }
      const password = values.password ?? `K${Math.random().toString(36).slice(2, 12)}7`;
      await withApp(async (app) => {
        const { created } = await ensureUser(app.keel, {
          phone: values.phone as string,
          name: values.name ?? '平台管理员',
          password,
          isOperator: true,
        });
        console.log(
          created
            ? `Operator created: ${values.phone} / ${password}`
            : `${values.phone} is now a platform operator (password unchanged)`,
        );
      });
      return;
    }
    case 'seed-demo':
      await withApp(async (app) => seedFullDemo(app.keel));
      console.log(
        'Demo data ready: 13800000001 / Demo1234 (owner of 演示物业), 13800000002 / Demo1234 (member); ' +
          '40 more members 13800001001–13800001040 / Demo1234 (13800001001 account admin, 13800001002 read-only ' +
          'auditor, 13800001003 admin of 华东区)',
      );
      console.log(
        'Demo fleet: 12 devices demo-dev-001…012 (3 bound); their credentials are in DATA_DIR/demo-fleet.json — ' +
          '`npm run sim:demo` brings them online against a running server',
      );
      console.log(
        'Demo firmware: KG-100 gateway versions 2.0.3, 2.1.0, 2.2.0 with a delta 2.1.0 → 2.2.0, a finished rollout ' +
          'and a running one — `npm run sim:demo` carries the running one on (watch /fota/FotaMainPage)',
      );
      return;
    case 'verify-audit': {
      const verdict = await withApp(async (app) => verifyAudit(app.keel.db));
      if (!verdict.ok) {
        console.error(`Audit chain broken at record ${verdict.brokenAt} (${verdict.records} good records before it)`);
        process.exitCode = 2;
        return;
      }
      console.log(`Audit chain intact: ${verdict.records} records`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command');
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(64);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
