// `npm run bench:workflow -w @keel/bench`: an auditor's to-do list (`flowAudit/getAuditOrNoAuditList`) with 100 000
// applications waiting in one property, through the real HTTP API.
//
// A server child (this file again, with WORKFLOW_SERVE=1) builds Keel with buildApp on a fresh SQLite database in a
// temporary DATA_DIR (migrations included), applies seedDemo, and bulk-inserts straight through Kysely, in large
// batches, 100 000 pending applications of 演示物业 (every apply type in turn, by the demo members), each with its
// `submit` history entry and the demo owner waiting on it (`flow_pending`, and the kept `flow_todo_counts`), as the
// engine leaves them. The parent signs in as the demo owner the way the console does and drives the server with
// autocannon from its own process. Targets: the first page's p99 at 32 concurrent clients ≤ 50 ms, and the
// last page within 2× the first. Also printed: the server's CPU per request, and the list filtered by one type. A
// measurement, not a test: the exit code is 0 on FAIL too (non-zero only when the bench itself could not run).
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPLY_TYPE_IDS } from '@keel/contract/endpoints/workflow';
import type { FlowApplicationsTable, FlowHistoryTable, FlowPendingTable } from '@keel/server/modules/workflow/tables';
import autocannon from 'autocannon';
import { type Insertable, sql } from 'kysely';
import { type Envelope, getJson, signIn } from './keel-client';
import { demoProperty } from './servers/demo-property';
import { cpuOf, stopChild, whenReady } from './servers/ipc';
import type { KeelApp } from './servers/keel-app';

const APPLICATIONS = 100_000;

// ---- the server child ---------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { serveKeel } = await import('./servers/keel-app');
  await serveKeel(insertBulk);
}

async function insertBulk(app: KeelApp): Promise<void> {
  const db = app.keel.db;
  const { pno, owner_uid: owner } = await demoProperty(app);
  const applicants = (
    await db.selectFrom('property_members').select('uid').where('pno', '=', pno).where('uid', '!=', owner).execute()
  ).map((r) => r.uid);
  const started = Date.now();
  const base = Date.now() - APPLICATIONS - 10_000;
  const flow = JSON.stringify([{ name: '', rule: 'any', skipApplicant: 0, auditors: [], builtIn: 1 }]);
  const perType = new Map<string, number>();
  // 1 500 applications a statement (18 columns: under SQLite's 32 766 variables).
  const BATCH = 1_500;
  for (let i = 0; i < APPLICATIONS; i += BATCH) {
    const apps: Insertable<FlowApplicationsTable>[] = [];
    const pending: Insertable<FlowPendingTable>[] = [];
    const history: Insertable<FlowHistoryTable>[] = [];
    for (let k = i; k < Math.min(i + BATCH, APPLICATIONS); k += 1) {
      const applyId = `bench-apply-${String(k).padStart(6, '0')}`;
      const applyType = APPLY_TYPE_IDS[k % APPLY_TYPE_IDS.length] as string;
      const applicant = applicants[k % applicants.length] as string;
      const at = base + k;
      perType.set(applyType, (perType.get(applyType) ?? 0) + 1);
      apps.push({
        apply_id: applyId,
        pno,
        apply_type: applyType,
        applicant_uid: applicant,
        subject_id: null,
        subject_name: `申请 ${k}`,
        snapshot: JSON.stringify({ n: k, reason: '批量生成的申请' }),
        flow,
        step_index: 1,
        step_num: 1,
        state: 'pending',
        reason: '',
        version: 1,
        history_num: 1,
        created_at: at,
        updated_at: at,
        finished_at: null,
      });
      pending.push({
        apply_id: applyId,
        uid: owner,
        pno,
        apply_type: applyType,
        applicant_uid: applicant,
        created_at: at,
        since: at,
      });
      history.push({
        id: `bench-history-${String(k).padStart(6, '0')}`,
        pno,
        apply_id: applyId,
        seq: 1,
        action: 'submit',
        step_index: 0,
        actor_uid: applicant,
        comment: '',
        targets: JSON.stringify([owner]),
        created_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('flow_applications').values(apps).execute();
      await trx.insertInto('flow_pending').values(pending).execute();
      await trx.insertInto('flow_history').values(history).execute();
    });
  }
  await db
    .insertInto('flow_todo_counts')
    .values([...perType].map(([apply_type, n]) => ({ pno, uid: owner, apply_type, n })))
    .execute();
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  await sql`analyze`.execute(db);
  process.stderr.write(`workflow: ${APPLICATIONS} pending applications inserted in ${Date.now() - started} ms\n`);
}

// ---- the parent: sign in, check, measure ------------------------------------------------------------------------

interface Latency {
  mean: number;
  p50: number;
  p99: number;
  requests: number;
}

async function parent(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      duration: { type: 'string', default: '4' },
      rounds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (args.help) {
    console.log(`Usage: npm run bench:workflow -w @keel/bench [-- options]
  --duration <s>   seconds measured per case (default 4; each case also gets a 1 s warm-up)
  --rounds <n>     rounds of the 32-client loads, judged on the median round (default 3)
  --json           print the results as JSON on stdout (the table then goes to stderr)
  --cpu-prof       write a V8 CPU profile of the server to bench/profiles/workflow/`);
    return;
  }
  const seconds = Number(args.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--duration: a positive number');
  const rounds = Math.round(Number(args.rounds));
  if (!Number.isFinite(rounds) || rounds < 1) throw new Error('--rounds: a positive whole number');
  const out = (line: string) => (args.json ? process.stderr : process.stdout).write(`${line}\n`);

  const dataDir = mkdtempSync(join(tmpdir(), 'keel-bench-workflow-'));
  let child: ChildProcess | undefined;
  try {
    child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: [
        '--import',
        import.meta.resolve('tsx'),
        ...(args['cpu-prof']
          ? ['--cpu-prof', '--cpu-prof-dir', fileURLToPath(new URL('./profiles/workflow', import.meta.url))]
          : []),
      ],
      env: { ...process.env, WORKFLOW_SERVE: '1', BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 2, 2, 'ipc'],
    });
    const server = child;
    const url = await whenReady(server, 'the server', 600);
    const { token, pno } = await signIn(url, '演示物业');
    const headers = { token, pno, 'content-language': 'zh-cn', 'accept-language': 'zh-cn' };
    const api = (path: string, query: Record<string, string | number | undefined>) =>
      `${url}/api/${path}?${new URLSearchParams(Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])))}`;

    const probe = async <T>(target: string, check: (data: T) => string | null): Promise<T> => {
      const res = await getJson<Envelope<T>>(target, { headers });
      if (res.status !== 0) throw new Error(`${target}: ${res.status} ${res.msg}`);
      const problem = check(res.data);
      if (problem) throw new Error(`${target}: ${problem}`);
      return res.data;
    };
    const load = async (target: string, connections: number): Promise<Latency & { cpuPerRequest: number }> => {
      await autocannon({ url: target, connections, duration: 1, headers });
      const cpu0 = await cpuOf(server);
      const r = await autocannon({ url: target, connections, duration: seconds, headers });
      const cpu = (await cpuOf(server)) - cpu0;
      if (r.errors > 0 || r.non2xx > 0 || r.timeouts > 0)
        throw new Error(`${target}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`);
      const requests = r.requests.total;
      return { mean: r.latency.mean, p50: r.latency.p50, p99: r.latency.p99, requests, cpuPerRequest: cpu / requests };
    };
    const sequential = async (targets: string[]): Promise<Latency[]> => {
      const times = targets.map(() => [] as number[]);
      const once = async (i: number) => {
        const t0 = performance.now();
        const res = await fetch(targets[i] as string, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${targets[i]}: HTTP ${res.status}`);
        return performance.now() - t0;
      };
      for (let r = 0; r < 20; r += 1) for (let i = 0; i < targets.length; i += 1) await once(i);
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until) for (let i = 0; i < targets.length; i += 1) times[i]?.push(await once(i));
      return times.map((t) => {
        const sorted = [...t].sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
        return { mean: t.reduce((a, b) => a + b, 0) / t.length, p50: at(0.5), p99: at(0.99), requests: t.length };
      });
    };

    const PAGE = 20;
    type Page = { total: number; list: Array<{ applyId: string; currentAuditors: unknown[] }> };
    const pageCheck = (total: number, size: number) => (d: Page) =>
      d.total !== total
        ? `total ${d.total}, expected ${total}`
        : d.list.length !== size
          ? `${d.list.length} rows, expected ${size}`
          : d.list.some((i) => i.currentAuditors.length !== 1)
            ? 'an item without its auditor'
            : null;
    const cases = [
      { name: 'to-do list (every type)', query: { auditStatus: 0 }, total: APPLICATIONS },
      {
        name: 'to-do list (one type)',
        query: { auditStatus: 0, applyType: 'memberJoin' },
        total: Math.ceil(APPLICATIONS / APPLY_TYPE_IDS.length),
      },
    ];
    interface Row {
      name: string;
      figure: string;
      value: number;
      target: string;
      pass: boolean | null;
    }
    const rows: Row[] = [];
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    for (const [index, c] of cases.entries()) {
      const lastPage = Math.ceil(c.total / PAGE);
      const first = api('flowAudit/getAuditOrNoAuditList', { ...c.query, pageNum: 1, pageSize: PAGE });
      const last = api('flowAudit/getAuditOrNoAuditList', { ...c.query, pageNum: lastPage, pageSize: PAGE });
      const a = await probe<Page>(first, pageCheck(c.total, PAGE));
      const b = await probe<Page>(last, pageCheck(c.total, c.total - (lastPage - 1) * PAGE));
      if (a.list[0]?.applyId === b.list[0]?.applyId) throw new Error(`${c.name}: first and last page are the same`);
      const [f1, f2] = (await sequential([first, last])) as [Latency, Latency];
      out(
        `${c.name}: first page median ${ms(f1.p50)} (mean ${ms(f1.mean)}, p99 ${ms(f1.p99)}), ` +
          `last page (${lastPage}) median ${ms(f2.p50)} (mean ${ms(f2.mean)}, p99 ${ms(f2.p99)})`,
      );
      const ratio = f2.p50 / f1.p50;
      rows.push({
        name: c.name,
        figure: 'last / first (median, 1 client)',
        value: ratio,
        target: '≤ 2',
        pass: ratio <= 2,
      });
      const judged = index === 0;
      for (const [which, target] of [
        ['first', first],
        ['last', last],
      ] as const) {
        if (!judged && which === 'last') continue;
        const runs: Array<Latency & { cpuPerRequest: number }> = [];
        for (let r = 0; r < rounds; r += 1) {
          const run = await load(target, 32);
          runs.push(run);
          out(
            `${c.name}: ${which} page at 32 clients, round ${r + 1}: mean ${ms(run.mean)}, p99 ${ms(run.p99)}, ` +
              `${run.requests} requests, server CPU ${(run.cpuPerRequest / 1000).toFixed(2)} ms per request`,
          );
        }
        const median = [...runs].sort((x, y) => x.p99 - y.p99)[Math.floor(runs.length / 2)] as Latency & {
          cpuPerRequest: number;
        };
        const strict = judged && which === 'first';
        rows.push({
          name: c.name,
          figure: `${which} page p99, 32 clients, median of ${rounds} (ms)`,
          value: median.p99,
          target: strict ? '≤ 50' : '—',
          pass: strict ? median.p99 <= 50 : null,
        });
        rows.push({
          name: c.name,
          figure: `${which} page server CPU per request (ms)`,
          value: median.cpuPerRequest / 1000,
          target: '—',
          pass: null,
        });
      }
    }

    out('');
    for (const r of rows) {
      const verdict = r.pass === null ? '    ' : r.pass ? 'PASS' : 'FAIL';
      out(
        `${verdict}  ${r.name.padEnd(26)} ${r.figure.padEnd(44)} ${r.value.toFixed(2).padStart(8)}  (target ${r.target})`,
      );
    }
    if (args.json) console.log(JSON.stringify({ applications: APPLICATIONS, results: rows }, null, 2));
  } finally {
    if (child) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.WORKFLOW_SERVE === '1') {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  parent().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
