import { describe, expect, it } from 'vitest';
import { buildImportGraph } from './import-graph';
import {
  applyOwnershipAllowList,
  declaredTables,
  moduleCycleBreaches,
  sqlBreaches,
  tableBreaches,
  tableOwners,
} from './ownership';

const M = 'apps/server/src/modules';
const P = 'apps/server/src/platform';

const owners = tableOwners(
  new Map([
    [
      `${M}/device/tables.ts`,
      'export interface DeviceTables {\n  devices: DevicesTable;\n  device_models: DeviceModelsTable;\n}\ninterface Other { spaces: X }',
    ],
    [`${M}/space/tables.ts`, 'export interface SpaceTables {\n  spaces: SpacesTable;\n}'],
    [`${P}/db/tables.ts`, 'export interface CounterTables {\n  counters: { name: string };\n}'],
  ]),
);

/** `where table` of each table breach of one file. */
const tableHits = (file: string, source: string) =>
  tableBreaches(file, source, owners).map((b) => `${b.line} ${b.what}`);

describe('table owners', () => {
  it("come from the keys of each owner's exported …Tables interface", () => {
    expect(declaredTables('export interface ATables { a: A; "b": B }\nexport interface Row { c: C }')).toEqual([
      'a',
      'b',
    ]);
    expect(Object.fromEntries(owners)).toEqual({
      devices: 'modules/device',
      device_models: 'modules/device',
      spaces: 'modules/space',
      counters: 'platform/db',
    });
  });

  it('refuse a table declared by two owners', () => {
    expect(() =>
      tableOwners(
        new Map([
          [`${M}/a/tables.ts`, 'export interface ATables { t: T }'],
          [`${M}/b/tables.ts`, 'export interface BTables { t: T }'],
        ]),
      ),
    ).toThrow('table t declared by both modules/a and modules/b');
  });
});

describe('a table used outside its owner', () => {
  it('is found in Kysely calls, aliases, arrays and joins', () => {
    const source = [
      "db.selectFrom('devices as d')",
      "  .innerJoin('spaces as s', 's.sid', 'd.sid')",
      "  .leftJoin('device_models', 'device_models.model_id', 'd.model_id');",
      "db.updateTable('devices').set({ a: 1 });",
      "db.selectFrom(['spaces', 'files as f']);",
      "db.selectFrom('files').where('devices', '=', 1);",
    ].join('\n');
    expect(tableHits(`${M}/firmware/repo.ts`, source)).toEqual([
      '1 devices',
      '2 spaces',
      '3 device_models',
      '4 devices',
      '5 spaces',
    ]);
    expect(tableHits(`${M}/device/repo.ts`, source)).toEqual(['2 spaces', '5 spaces']);
  });

  it('is found in raw sql text and sql.table', () => {
    const source = [
      'await sql`update devices set a = 1`.execute(db);',
      'await sql<{ n: number }>`select count(*) as n from "spaces" s join device_models m on 1 = 1`.execute(db);',
      `sql\`insert into counters (name) values (\${name}) returning (select 1 from spaces)\`; sql.table('devices');`,
      'sql`select devices from files`;',
    ].join('\n');
    expect(tableHits(`${P}/audit/log.ts`, source)).toEqual([
      '1 devices',
      '2 spaces',
      '2 device_models',
      '3 counters',
      '3 spaces',
      '3 devices',
    ]);
  });

  it('leaves the owner, migrations and tests alone, and counts files outside any owner', () => {
    const source = "db.selectFrom('devices').selectAll();";
    expect(tableHits(`${M}/device/catalogue-repo.ts`, source)).toEqual([]);
    expect(tableHits(`${M}/firmware/migrations/0021_firmware.ts`, source)).toEqual([]);
    expect(tableHits(`${P}/db/migrations/0013_devices.ts`, source)).toEqual([]);
    expect(tableHits(`${M}/firmware/firmware.test.ts`, source)).toEqual([]);
    expect(tableHits('apps/server/src/seed/devices.ts', source)).toEqual(['1 devices']);
    expect(tableHits(`${P}/db/counters.ts`, "db.selectFrom('counters')")).toEqual([]);
  });
});

describe('SQL outside a repo', () => {
  const hit = (file: string, source: string) => sqlBreaches(file, source).map((b) => `${b.where}:${b.line}`);

  it('is a module service calling the query builder, sql, or a .db handle', () => {
    expect(hit(`${M}/a/service.ts`, "const x = 1;\nawait s.db.selectFrom('t').selectAll().execute();")).toEqual([
      `${M}/a/service.ts:2`,
    ]);
    expect(hit(`${M}/a/digests.ts`, 'await sql`select 1`.execute(db);')).toEqual([`${M}/a/digests.ts:1`]);
    expect(hit(`${M}/a/items.ts`, "const r = sql.ref('a.b');")).toEqual([`${M}/a/items.ts:1`]);
    expect(hit(`${M}/a/service.ts`, 'await ctx.db.executeQuery(q);')).toEqual([`${M}/a/service.ts:1`]);
    expect(hit(`${M}/a/service.ts`, "await trx.with('x', (q) => q).execute();")).toEqual([`${M}/a/service.ts:1`]);
  });

  it('leaves repos, reads.ts, tests, transactions and handing the handle to a repo', () => {
    const sql = "await db.selectFrom('t').selectAll().execute();";
    expect(hit(`${M}/a/repo.ts`, sql)).toEqual([]);
    expect(hit(`${M}/a/member-repo.ts`, sql)).toEqual([]);
    expect(hit(`${M}/a/reads.ts`, sql)).toEqual([]);
    expect(hit(`${M}/a/a.test.ts`, sql)).toEqual([]);
    expect(hit(`${P}/jobs/queue.ts`, sql)).toEqual([]);
    expect(
      hit(
        `${M}/a/service.ts`,
        'await s.db.transaction().execute((trx) => repo.remove(trx, id));\nawait repo.find(s.db, id);\nconst w = list.with(1);',
      ),
    ).toEqual([]);
  });
});

describe('folder cycles between modules', () => {
  const graph = (files: Record<string, string>) =>
    buildImportGraph('/', Object.keys(files), [], (rel) => files[rel] ?? '');

  it('are the module imports whose target leads back, run-time imports of non-tests only', () => {
    const edges = graph({
      [`${M}/a/service.ts`]: "import { b } from '../b/service';\nimport { c } from '../c/reads';",
      [`${M}/b/service.ts`]: "import { c } from '../c/service';",
      [`${M}/c/service.ts`]: "import { a } from '../a/service';",
      [`${M}/c/reads.ts`]: "import type { D } from '../d/service';\nconst later = () => import('../d/service');",
      [`${M}/d/service.ts`]: "import { c } from '../c/reads';",
      [`${M}/d/d.test.ts`]: "import { c } from '../c/reads';",
      [`${M}/c/c.test.ts`]: "import { d } from '../d/service';",
    });
    expect(moduleCycleBreaches(edges).map((b) => b.where)).toEqual([
      'modules/a → modules/b',
      'modules/a → modules/c',
      'modules/b → modules/c',
      'modules/c → modules/a',
    ]);
  });

  it('are none when the dependency runs one way', () => {
    const edges = graph({
      [`${M}/org/service.ts`]: "import { r } from '../user/reads';",
      [`${M}/user/reads.ts`]: "import type { O } from '../org/service';",
    });
    expect(moduleCycleBreaches(edges)).toEqual([]);
  });
});

describe('the allow-list', () => {
  it('passes listed breaches, fails new ones and entries no longer needed', () => {
    const breaches = [
      { rule: 'table-outside-owner' as const, where: `${M}/a/repo.ts`, what: 'spaces', line: 3, detail: '' },
      { rule: 'table-outside-owner' as const, where: `${M}/a/repo.ts`, what: 'spaces', line: 9, detail: '' },
      { rule: 'table-outside-owner' as const, where: `${M}/a/repo.ts`, what: 'devices', line: 4, detail: '' },
      { rule: 'module-cycle' as const, where: 'modules/a → modules/b', what: '', line: 1, detail: '' },
    ];
    const { fresh, stale } = applyOwnershipAllowList(breaches, [
      { rule: 'table-outside-owner', where: `${M}/a/repo.ts`, what: 'spaces' },
      { rule: 'module-cycle', where: 'modules/a → modules/b' },
      { rule: 'sql-outside-repo', where: `${M}/a/service.ts` },
      { rule: 'module-cycle', where: 'modules/a → modules/b' },
    ]);
    expect(fresh.map((b) => b.what)).toEqual(['devices']);
    expect(stale.map((a) => a.where)).toEqual([`${M}/a/service.ts`, 'modules/a → modules/b']);
  });
});
