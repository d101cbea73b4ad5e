// The device suite of `npm run bench` (run-all.ts; `npm run bench -- device` runs it alone). Keel with a fleet of
// 1 000 000 registered devices (servers/devices.ts, fleet.ts), against the bare Fastify hello-world in the same run:
// - the hawkBit DDI poll (`GET /{tenant}/controller/v1/{controllerId}`, `Authorization: TargetToken …`) at 100
//   connections, each connection cycling through its own 500 devices (50 000 distinct devices in 100 properties,
//   another 50 000 each round):
//   first one poll of each (the credential and the device's state read from the database: cold caches), then
//   with last-seen recording off and on (the device runtime's `recordSightings`);
// - `di/getAllDeviceList` of the demo property (10 000 of the 1 000 000): first and last page, one client, then the
//   first page at 32 clients.
// Targets: poll ≥ 40 % of the baseline's requests/s with p99 ≤ 10 ms; with recording ≥ 80 % of without;
// last page ≤ 2× the first; first page p99 ≤ 50 ms at 32 clients. The p99 targets are judged on paced runs: the same
// connections offered half the throughput the saturated run reached (`PACED_SHARE`), since in a closed loop at
// saturation the p99 is queueing (mean latency = connections / throughput), not the server's latency (paced.ts). See
// bench/README.md.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Options } from 'autocannon';
import { deviceIdOf, FLEET_DEVICES, PER_PROPERTY, POLL_SLEEP, pnoOf, tokenOf } from './fleet';
import { type Envelope, getJson, signIn } from './keel-client';
import { measurePaced } from './paced';
import {
  describeRun,
  load1,
  measure,
  medianRatio,
  percent,
  type Run,
  runCells,
  type SuiteContext,
  summarise,
  table,
} from './suite';

const POLL_CONNECTIONS = 100;
const PER_CONNECTION = 500;
const POLLED = POLL_CONNECTIONS * PER_CONNECTION;
const STEP = Math.floor(FLEET_DEVICES / POLLED);
const LIST_CLIENTS = 32;
const PAGE = 20;
/** The paced runs offer this share of the throughput the same run reached unpaced. */
const PACED_SHARE = 0.5;

export interface DeviceRow {
  id: string;
  label: string;
  figure: string;
  value: number;
  target: string;
  pass: boolean;
  load: string;
  run?: Run;
}

/** Sends `message` to the server child and waits for its answer of the same type. */
const ask = (child: ChildProcess, message: { type: string; on?: boolean }) =>
  new Promise<void>((resolve) => {
    const onMessage = (m: { type?: string }) => {
      if (m.type !== message.type) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send(message);
  });
const setSightings = (child: ChildProcess, on: boolean) => ask(child, { type: 'sightings', on });

export async function deviceSuite(ctx: SuiteContext): Promise<DeviceRow[]> {
  ctx.log(`Device suite: starting Keel and inserting ${FLEET_DEVICES.toLocaleString('en-US')} devices…`);
  const keel = await ctx.startServer('keel (devices)', 'devices.ts', {
    BENCH_DATA_DIR: join(ctx.dataDir, 'devices'),
  });
  const { token, pno: demo } = await signIn(keel.url, '演示物业');

  // ---- the poll -------------------------------------------------------------------------------------------
  const pollPath = (i: number) => `/${encodeURIComponent(pnoOf(i, demo))}/controller/v1/${deviceIdOf(i)}`;
  const pollOf = (i: number, auth = tokenOf(i)) =>
    fetch(`${keel.url}${pollPath(i)}`, { headers: { authorization: `TargetToken ${auth}` } });
  const checkPoll = async (when: string) => {
    for (const i of [0, PER_PROPERTY * 37 + 5, FLEET_DEVICES - 1]) {
      const res = await pollOf(i);
      const body = (await res.json()) as { config?: { polling?: { sleep?: string } }; _links?: unknown };
      if (res.status !== 200 || body.config?.polling?.sleep !== POLL_SLEEP || body._links !== undefined)
        throw new Error(`DDI poll of device ${i} answered ${res.status} ${JSON.stringify(body)} ${when}`);
    }
    const wrong = await pollOf(1, tokenOf(2));
    await wrong.arrayBuffer();
    if (wrong.status !== 401) throw new Error(`DDI poll with another device's token answered ${wrong.status} ${when}`);
  };
  // Round r's connection c polls devices (c + 100 j) × STEP + r − 1, j < 500: every connection its own devices,
  // spread over the fleet's 100 properties, and every round devices of its own (STEP sets are there), so that no
  // device is polled more often than the server allows (20 in its interval, ddi-service.ts) however many rounds run.
  // Each list is prebuilt by autocannon once and sent in turn, looping.
  if (ctx.rounds > STEP) throw new Error(`the device suite runs at most ${STEP} rounds`);
  const listsOf = (round: number) =>
    Array.from({ length: POLL_CONNECTIONS }, (_, c) =>
      Array.from({ length: PER_CONNECTION }, (_, j) => {
        const i = (c + POLL_CONNECTIONS * j) * STEP + round - 1;
        return { method: 'GET', path: pollPath(i), headers: { authorization: `TargetToken ${tokenOf(i)}` } };
      }),
    );
  let nextList = 0;
  const pollOptions = (lists: ReturnType<typeof listsOf>): Omit<Options, 'duration'> => ({
    url: keel.url,
    connections: POLL_CONNECTIONS,
    requests: lists[0],
    setupClient: (client) => {
      client.setRequests(lists[nextList++ % lists.length] ?? []);
    },
  });

  // ---- the list -------------------------------------------------------------------------------------------
  const headers = { token, pno: demo, 'content-language': 'zh-cn', 'accept-language': 'zh-cn' };
  const lastPage = Math.ceil(PER_PROPERTY / PAGE);
  const listUrl = (pageNum: number) => `${keel.url}/api/di/getAllDeviceList?pageNum=${pageNum}&pageSize=${PAGE}`;
  type Page = { total: number; list: Array<{ deviceId: string; lastSeenTime: number | null }> };
  const page = async (pageNum: number) => {
    const e = await getJson<Envelope<Page>>(listUrl(pageNum), { headers });
    if (e.status !== 0 || e.data.total !== PER_PROPERTY || e.data.list.length !== PAGE)
      throw new Error(`di/getAllDeviceList page ${pageNum}: ${e.status} ${e.msg}, ${e.data?.list?.length} rows`);
    return e.data;
  };
  const checkList = async () => {
    const [first, last] = [await page(1), await page(lastPage)];
    // Newest first: device 9 999 heads the first page, device 0 ends the last.
    if (first.list[0]?.deviceId !== deviceIdOf(PER_PROPERTY - 1) || last.list.at(-1)?.deviceId !== deviceIdOf(0))
      throw new Error(
        `di/getAllDeviceList: unexpected order ${first.list[0]?.deviceId} … ${last.list.at(-1)?.deviceId}`,
      );
  };

  await checkPoll('before the load');
  // The fleet was seen once before (servers/devices.ts): the recording must move device 0's last-seen time on.
  const seenBefore = (await page(lastPage)).list.find((d) => d.deviceId === deviceIdOf(0))?.lastSeenTime ?? 0;
  await checkList();

  const runs = {
    baseline: [] as Run[],
    cold: [] as Run[],
    off: [] as Run[],
    on: [] as Run[],
    pacedOff: [] as Run[],
    pacedOn: [] as Run[],
    pacedBaseline: [] as Run[],
  };
  const loads = {
    baseline: [] as number[],
    cold: [] as number[],
    off: [] as number[],
    on: [] as number[],
    pacedOff: [] as number[],
    pacedOn: [] as number[],
    pacedBaseline: [] as number[],
  };
  /** Requests per second for a run paced at `PACED_SHARE` of what `saturated` reached. */
  const pace = (saturated: Run) => Math.max(POLL_CONNECTIONS, Math.round(saturated.requestsPerSecond * PACED_SHARE));
  for (let round = 1; round <= ctx.rounds; round++) {
    // Each of the round's devices polled once (about: the connections run at about the same pace), the credential
    // and the state read from the database. This fills the caches for the runs below (a device's state is kept
    // 2.5–5 min, its credential 5 min); measured in the first round, a warm-up in the others.
    const lists = listsOf(round);
    await setSightings(keel.child, false);
    ctx.log(`  round ${round}/${ctx.rounds}: DDI poll, first poll of each of the ${POLLED} devices…`);
    const coldLoad = load1();
    const coldRun = await measure(keel, { ...pollOptions(lists), amount: POLLED }, 0, 0);
    if (round === 1) {
      loads.cold.push(Number(coldLoad));
      runs.cold.push(coldRun);
    }
    ctx.log(`  round ${round}/${ctx.rounds}: baseline at ${POLL_CONNECTIONS} connections…`);
    loads.baseline.push(Number(load1()));
    const baseline = await measure(
      ctx.baseline,
      { url: `${ctx.baseline.url}/`, connections: POLL_CONNECTIONS },
      ctx.warmup,
      ctx.duration,
    );
    runs.baseline.push(baseline);
    ctx.log(`    ${describeRun(baseline)}`);
    for (const mode of ['off', 'on'] as const) {
      ctx.log(`  round ${round}/${ctx.rounds}: DDI poll, last-seen recording ${mode}…`);
      await setSightings(keel.child, mode === 'on');
      loads[mode].push(Number(load1()));
      const saturated = await measure(keel, pollOptions(lists), ctx.warmup, ctx.duration);
      runs[mode].push(saturated);
      ctx.log(`    ${describeRun(saturated)}`);
      const paced = mode === 'off' ? 'pacedOff' : 'pacedOn';
      ctx.log(`  round ${round}/${ctx.rounds}: the same paced at ${pace(saturated)} req/s…`);
      loads[paced].push(Number(load1()));
      runs[paced].push(
        await measurePaced(
          keel,
          { connections: POLL_CONNECTIONS, rate: pace(saturated), requestsOf: (c) => lists[c] ?? [], log: ctx.log },
          ctx.warmup,
          ctx.duration,
        ),
      );
      if (mode === 'off') {
        // The control: the bare baseline paced at the same rate by the same generator. Its p99 is what the machine
        // and the generator add by themselves (a hello-world answers in microseconds).
        ctx.log(`  round ${round}/${ctx.rounds}: the baseline paced at ${pace(saturated)} req/s…`);
        loads.pacedBaseline.push(Number(load1()));
        runs.pacedBaseline.push(
          await measurePaced(
            ctx.baseline,
            { connections: POLL_CONNECTIONS, rate: pace(saturated), requestsOf: () => [{ path: '/' }], log: ctx.log },
            ctx.warmup,
            ctx.duration,
          ),
        );
      }
    }
  }
  await checkPoll('after the load');
  // The recording really happened: a polled device of the demo property has a last-seen time once flushed.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const seen = (await page(lastPage)).list.find((d) => d.deviceId === deviceIdOf(0));
  if (!seen?.lastSeenTime || seen.lastSeenTime <= seenBefore)
    throw new Error('device 0 was polled with recording on but its last-seen time did not move');

  ctx.log(`  di/getAllDeviceList: first and last page, 1 client; first page at ${LIST_CLIENTS} clients…`);
  const [first, last] = await sequential([listUrl(1), listUrl(lastPage)], headers, ctx.duration);
  const listLoad = load1();
  const list32: Run[] = [];
  const list32Paced: Run[] = [];
  for (let round = 1; round <= ctx.rounds; round++) {
    const listOptions = { url: listUrl(1), connections: LIST_CLIENTS, headers };
    const saturated = await measure(keel, listOptions, ctx.warmup, ctx.duration);
    list32.push(saturated);
    const rate = Math.max(LIST_CLIENTS, Math.round(saturated.requestsPerSecond * PACED_SHARE));
    const path = new URL(listUrl(1)).pathname + new URL(listUrl(1)).search;
    ctx.log(`  round ${round}/${ctx.rounds}: di/getAllDeviceList page 1 paced at ${rate} req/s…`);
    list32Paced.push(
      await measurePaced(
        keel,
        { connections: LIST_CLIENTS, rate, requestsOf: () => [{ path, headers }], log: ctx.log },
        ctx.warmup,
        ctx.duration,
      ),
    );
  }
  await checkList();

  const base = summarise(runs.baseline);
  const cold = summarise(runs.cold);
  const off = summarise(runs.off);
  const on = summarise(runs.on);
  const l32 = summarise(list32);
  const l32Paced = summarise(list32Paced);
  const pacedOff = summarise(runs.pacedOff);
  const pacedOn = summarise(runs.pacedOn);
  const pacedBase = summarise(runs.pacedBaseline);
  const avg = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2);
  const valid = (r: Run) => r.errors === 0 && r.non2xx === 0;
  const rps = (r: Run) => r.requestsPerSecond;
  // CPU ratios the other way round: the baseline's (or without's) CPU a request over the measured one's.
  const cpu = (r: Run) => 1 / r.cpuMicrosPerRequest;
  const pollRatio = medianRatio(runs.off, runs.baseline, rps);
  const seenRatio = medianRatio(runs.on, runs.off, rps);
  const rows: DeviceRow[] = [
    {
      id: 'ddi-poll',
      label: 'DDI poll vs baseline (req/s)',
      figure: `${percent(pollRatio)} (CPU ${percent(medianRatio(runs.off, runs.baseline, cpu))})`,
      value: pollRatio,
      target: '≥ 40 %',
      pass: valid(off) && pollRatio >= 0.4,
      load: avg(loads.off),
      run: off,
    },
    {
      id: 'ddi-poll-p99',
      label: `DDI poll p99 at ${POLL_CONNECTIONS} connections, paced at half its capacity`,
      figure: `${pacedOff.p99Ms} ms at ${Math.round(pacedOff.requestsPerSecond)} req/s (saturated: ${off.p99Ms} ms; baseline paced alike: ${pacedBase.p99Ms} ms)`,
      value: pacedOff.p99Ms,
      target: '≤ 10 ms',
      pass: valid(pacedOff) && pacedOff.p99Ms <= 10,
      load: avg(loads.pacedOff),
    },
    {
      id: 'ddi-poll-last-seen',
      label: 'DDI poll with last-seen vs without (req/s)',
      figure: `${percent(seenRatio)} (CPU ${percent(medianRatio(runs.on, runs.off, cpu))})`,
      value: seenRatio,
      target: '≥ 80 %',
      pass: valid(on) && seenRatio >= 0.8,
      load: avg(loads.on),
      run: on,
    },
    {
      id: 'ddi-poll-last-seen-p99',
      label: `DDI poll with last-seen, p99 at ${POLL_CONNECTIONS} connections, paced at half its capacity`,
      figure: `${pacedOn.p99Ms} ms at ${Math.round(pacedOn.requestsPerSecond)} req/s (saturated: ${on.p99Ms} ms)`,
      value: pacedOn.p99Ms,
      target: '≤ 10 ms',
      pass: valid(pacedOn) && pacedOn.p99Ms <= 10,
      load: avg(loads.pacedOn),
    },
    {
      id: 'list-last-first',
      label: `di/getAllDeviceList last page (${lastPage}) / first, 1 client (median)`,
      figure: `${(last.p50 / first.p50).toFixed(2)} (${first.p50.toFixed(2)} / ${last.p50.toFixed(2)} ms)`,
      value: last.p50 / first.p50,
      target: '≤ 2',
      pass: last.p50 / first.p50 <= 2,
      load: listLoad,
    },
    {
      id: 'list-first-p99',
      label: `di/getAllDeviceList first page p99 at ${LIST_CLIENTS} clients, paced at half their capacity`,
      figure: `${l32Paced.p99Ms} ms at ${Math.round(l32Paced.requestsPerSecond)} req/s (saturated: ${l32.p99Ms} ms at ${Math.round(l32.requestsPerSecond)} req/s, CPU ${(l32.cpuMicrosPerRequest / 1000).toFixed(2)} ms/req)`,
      value: l32Paced.p99Ms,
      target: '≤ 50 ms',
      pass: valid(l32Paced) && l32Paced.p99Ms <= 50,
      load: listLoad,
      run: l32,
    },
  ];

  ctx.out('');
  ctx.out(
    `Device API — ${FLEET_DEVICES.toLocaleString('en-US')} devices; polls at ${POLL_CONNECTIONS} connections over ` +
      `${POLLED.toLocaleString('en-US')} devices; ${ctx.warmup} s warm-up + ` +
      `${ctx.duration} s per run, ${ctx.rounds} round${ctx.rounds > 1 ? 's (median)' : ''}`,
  );
  ctx.out('');
  for (const line of table([
    ['run', 'req/s', 'mean ms', 'p99 ms', 'CPU µs/req', 'errors/non-2xx', 'load'],
    runCells(`baseline: bare Fastify GET / (${POLL_CONNECTIONS} connections)`, base, avg(loads.baseline)),
    runCells(`DDI poll, first poll of each device (${POLLED})`, cold, avg(loads.cold)),
    runCells('DDI poll, last-seen off', off, avg(loads.off)),
    runCells('DDI poll, last-seen on', on, avg(loads.on)),
    runCells('DDI poll, last-seen off, paced', pacedOff, avg(loads.pacedOff)),
    runCells('DDI poll, last-seen on, paced', pacedOn, avg(loads.pacedOn)),
    runCells('baseline, paced at the rate of the poll without last-seen', pacedBase, avg(loads.pacedBaseline)),
    runCells(`di/getAllDeviceList page 1, ${LIST_CLIENTS} clients`, l32, listLoad),
    runCells(`di/getAllDeviceList page 1, ${LIST_CLIENTS} clients, paced`, l32Paced, listLoad),
  ]))
    ctx.out(line);
  ctx.out('');
  ctx.out(
    `di/getAllDeviceList, 1 client: first page median ${first.p50.toFixed(2)} ms (p99 ${first.p99.toFixed(2)}), ` +
      `last page median ${last.p50.toFixed(2)} ms (p99 ${last.p99.toFixed(2)})`,
  );
  ctx.out('');
  for (const line of table([
    ['target', 'measured', 'target', 'result', 'load'],
    ...rows.map((r) => [r.label, r.figure, r.target, r.pass ? 'PASS' : 'FAIL', r.load]),
  ]))
    ctx.out(line);
  return rows;
}

/** Each target called in turn, one at a time, for `seconds` in all (after a few discarded rounds). */
async function sequential(targets: string[], headers: Record<string, string>, seconds: number) {
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
    return { p50: at(0.5), p99: at(0.99) };
  });
}
