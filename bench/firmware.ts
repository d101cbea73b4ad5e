// The firmware suite of `npm run bench` (run-all.ts; `npm run bench -- firmware` runs it alone). Keel with 100 000
// registered devices in one space of the demo property (servers/firmware.ts, firmware-fleet.ts) and a published
// package, against the bare Fastify hello-world in the same run:
// - assigning: `task/addTask` selecting the space (all 100 000 devices join), then `task/releaseTask` (every device
//   judged again and claimed, the staged groups formed, the first group's devices offered) — the whole operation as
//   the console runs it, timed from the first request to the last answer;
// - polling: the first group's 10 000 devices, each with an open action, polling DDI (TargetToken) at 100
//   connections: their answer carries the `deploymentBase` link;
// - the console: `task/getAssignedDeviceList` and `di/getAllDeviceList` (first page) from one paced client each,
//   idle and then during a paced polling load (calibrated to use about half of a core of the server's CPU; calibrate.ts, paced.ts).
// Targets: assigning ≤ 5 s; the poll ≥ 30 % of the baseline's requests/s; the lists' p99 during the
// load ≤ 2× idle. See bench/README.md.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Options } from 'autocannon';
import { calibratePaced, PACED_CPU_SHARE, rateFor, shareOf } from './calibrate';
import { FW_DEVICES, FW_FIRST_GROUP, fwDeviceIdOf, fwTokenOf } from './firmware-fleet';
import { type Envelope, getJson, signIn } from './keel-client';
import { measurePaced } from './paced';
import { load1, measure, median, medianRatio, percent, type Run, runCells, type SuiteContext, table } from './suite';

const POLL_CONNECTIONS = 100;
const PER_CONNECTION = FW_FIRST_GROUP / POLL_CONNECTIONS;
/**
 * Each list is called by one client at this rate, idle and during the load: 800 answers in an 8 s run, so that
 * the p99 is the 8th slowest. At 20 req/s it was the 2nd slowest of 160, and one hiccup of the machine decided
 * the ratio.
 */
const LIST_RATE = 100;
const ASSIGN_TARGET_S = 5;
const POLL_TARGET = 0.3;
const LIST_TARGET = 2;
const VERSION = '2.0.0';

export interface FirmwareRow {
  id: string;
  label: string;
  figure: string;
  value: number;
  target: string;
  pass: boolean;
  load: string;
}

/** Sends `message` to the server child and answers its reply of the same type. */
const ask = <T>(child: ChildProcess, message: { type: string; taskId?: string }) =>
  new Promise<T>((resolve) => {
    const onMessage = (m: { type?: string }) => {
      if (m.type !== message.type) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });

interface TaskInfo {
  id: string;
  state: string;
  deviceTotal: number;
  counts: Record<string, number>;
  stageCount: number;
  stages: Array<{ index: number; size: number; state: string }>;
}

/** One round's runs (the suite's runs, each round in the same order). */
interface Round {
  base: Run;
  baseLoad: string;
  poll: Run;
  pollLoad: string;
  idle: { assigned: Run; devices: Run };
  idleLoad: string;
  busy: { assigned: Run; devices: Run };
  pacedPoll: Run;
  busyLoad: string;
  rate: number;
  halfSaturated: number;
}

export async function firmwareSuite(ctx: SuiteContext): Promise<FirmwareRow[]> {
  ctx.log(`Firmware suite: starting Keel and inserting ${FW_DEVICES.toLocaleString('en-US')} devices…`);
  const keel = await ctx.startServer('keel (firmware)', 'firmware.ts', {
    BENCH_DATA_DIR: join(ctx.dataDir, 'firmware'),
  });
  const { token, pno } = await signIn(keel.url, '演示物业');
  const headers = { token, pno, 'content-language': 'zh-cn', 'accept-language': 'zh-cn' };
  const fleet = await ask<{ sid: string; filesSid: string }>(keel.child, { type: 'fleet' });
  const api = async <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<T> => {
    const query = method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const e = await getJson<Envelope<T>>(`${keel.url}/api/${path}${query}`, {
      method,
      headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
    });
    if (e.status !== 0) throw new Error(`${path}: ${e.status} ${e.msg}`);
    return e.data;
  };

  // ---- a published package --------------------------------------------------------------------------------
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(64 * 1024, 7)]), `gateway-${VERSION}.bin`);
  const uploaded = await getJson<Envelope<{ fid: string }>>(`${keel.url}/api/fis/fi/uploadFile?sid=${fleet.filesSid}`, {
    method: 'POST',
    headers: { token, pno },
    body: form,
  });
  if (uploaded.status !== 0) throw new Error(`fis/fi/uploadFile: ${uploaded.status} ${uploaded.msg}`);
  const pkg = await api<{ id: string }>('POST', 'sw/addSw', {
    sid: fleet.filesSid,
    swType: 'firmware',
    name: 'Bench gateway',
    version: VERSION,
    fidList: [uploaded.data.fid],
  });
  await api('POST', 'sw/setSwPublished', { id: pkg.id, published: 1 });

  // ---- assigning 100 000 devices ----------------------------------------------------------------------------
  ctx.log(`  task/addTask over the space's ${FW_DEVICES} devices, then task/releaseTask…`);
  const assignLoad = load1();
  const t0 = performance.now();
  const draft = await api<TaskInfo>('POST', 'task/addTask', {
    swId: pkg.id,
    name: 'Bench rollout',
    remark: '',
    execution: { stages: { by: 'count', sizes: [FW_FIRST_GROUP] }, offlineDays: 0 },
    sid: fleet.sid,
    groupIdList: [],
    deviceIdList: [],
    modelIdList: [],
  });
  const t1 = performance.now();
  const released = await api<TaskInfo>('POST', 'task/releaseTask', { id: draft.id });
  const t2 = performance.now();
  const addSeconds = (t1 - t0) / 1000;
  const releaseSeconds = (t2 - t1) / 1000;
  const assignSeconds = (t2 - t0) / 1000;
  ctx.log(`  added in ${addSeconds.toFixed(2)} s, released in ${releaseSeconds.toFixed(2)} s`);
  const info = () => api<TaskInfo>('GET', 'task/getTaskInfo', { id: draft.id });
  const claims = (await ask<{ n: number }>(keel.child, { type: 'claims', taskId: draft.id })).n;
  const after = await info();
  if (
    draft.deviceTotal !== FW_DEVICES ||
    released.state !== 'running' ||
    after.deviceTotal !== FW_DEVICES ||
    claims !== FW_DEVICES ||
    after.stages[0]?.size !== FW_FIRST_GROUP ||
    after.stages[1]?.size !== FW_DEVICES - FW_FIRST_GROUP
  )
    throw new Error(
      `the task did not take the ${FW_DEVICES} devices: draft ${draft.deviceTotal}, released ${released.state} ` +
        `${after.deviceTotal} devices, ${claims} claims, groups ${after.stages.map((s) => s.size).join('/')}`,
    );
  const open = (c: Record<string, number>) => (c.offered ?? 0) + (c.downloading ?? 0);
  const offeredAtRelease = open(after.counts);

  // The rest of the first group offered by the engine's passes, so that every polling device has an open action.
  for (let pass = 0; open((await info()).counts) < FW_FIRST_GROUP; pass += 1) {
    if (pass >= 10)
      throw new Error(`the engine did not offer the first group: ${JSON.stringify((await info()).counts)}`);
    const r = await ask<{ ok: boolean; error?: string }>(keel.child, { type: 'tick' });
    if (!r.ok) throw new Error(`engine tick: ${r.error}`);
  }

  // ---- the poll with an action --------------------------------------------------------------------------
  const pollPath = (i: number) => `/${encodeURIComponent(pno)}/controller/v1/${fwDeviceIdOf(i)}`;
  const pollOf = (i: number, auth = fwTokenOf(i)) =>
    fetch(`${keel.url}${pollPath(i)}`, { headers: { authorization: `TargetToken ${auth}` } });
  type Poll = { config?: { polling?: { sleep?: string } }; _links?: { deploymentBase?: { href?: string } } };
  const checkPoll = async (when: string) => {
    for (const i of [0, FW_FIRST_GROUP / 2 + 7, FW_FIRST_GROUP - 1]) {
      const res = await pollOf(i);
      const body = (await res.json()) as Poll;
      const href = body._links?.deploymentBase?.href;
      if (res.status !== 200 || !href || body.config?.polling?.sleep !== '00:00:01')
        throw new Error(
          `DDI poll of device ${i} (with an action) answered ${res.status} ${JSON.stringify(body)} ${when}`,
        );
      const deployment = await fetch(href, { headers: { authorization: `TargetToken ${fwTokenOf(i)}` } });
      const d = (await deployment.json()) as { deployment?: { chunks?: Array<{ version?: string }> } };
      if (deployment.status !== 200 || d.deployment?.chunks?.[0]?.version !== VERSION)
        throw new Error(`deploymentBase of device ${i} answered ${deployment.status} ${JSON.stringify(d)} ${when}`);
    }
    // A device of the second group has no action yet.
    const idle = await pollOf(FW_FIRST_GROUP + 3);
    const body = (await idle.json()) as Poll;
    if (idle.status !== 200 || body._links !== undefined)
      throw new Error(`DDI poll of a device without an action answered ${idle.status} ${JSON.stringify(body)} ${when}`);
    const wrong = await pollOf(1, fwTokenOf(2));
    await wrong.arrayBuffer();
    if (wrong.status !== 401) throw new Error(`DDI poll with another device's token answered ${wrong.status} ${when}`);
  };
  // Connection c polls devices c + 100 j of the first group, j < 100.
  const lists = Array.from({ length: POLL_CONNECTIONS }, (_, c) =>
    Array.from({ length: PER_CONNECTION }, (_, j) => {
      const i = c + POLL_CONNECTIONS * j;
      return { method: 'GET', path: pollPath(i), headers: { authorization: `TargetToken ${fwTokenOf(i)}` } };
    }),
  );
  let nextList = 0;
  const pollOptions = (): Omit<Options, 'duration'> => ({
    url: keel.url,
    connections: POLL_CONNECTIONS,
    requests: lists[0],
    setupClient: (client) => {
      client.setRequests(lists[nextList++ % lists.length] ?? []);
    },
  });

  // ---- the console's lists ------------------------------------------------------------------------------
  const listPaths = {
    assigned: `/api/task/getAssignedDeviceList?id=${encodeURIComponent(draft.id)}&pageNum=1&pageSize=20`,
    devices: '/api/di/getAllDeviceList?pageNum=1&pageSize=20',
  };
  type Page = { total: number; list: Array<{ deviceId: string }> };
  const checkLists = async (when: string) => {
    const assigned = await getJson<Envelope<Page>>(`${keel.url}${listPaths.assigned}`, { headers });
    if (
      assigned.status !== 0 ||
      assigned.data.total !== FW_DEVICES ||
      assigned.data.list[0]?.deviceId !== fwDeviceIdOf(0)
    )
      throw new Error(`task/getAssignedDeviceList ${when}: ${assigned.status} ${assigned.msg} ${assigned.data?.total}`);
    const devices = await getJson<Envelope<Page>>(`${keel.url}${listPaths.devices}`, { headers });
    if (devices.status !== 0 || devices.data.total < FW_DEVICES || devices.data.list.length !== 20)
      throw new Error(`di/getAllDeviceList ${when}: ${devices.status} ${devices.msg} ${devices.data?.total}`);
  };
  // Each list's run prints its latency percentiles and the server's stalls over it (event-loop delay, GC pauses, time
  // waiting for a CPU; stalls.ts): what puts a p99 far above the idle one.
  const pacedList = (path: string) =>
    measurePaced(
      keel,
      { connections: 1, rate: LIST_RATE, requestsOf: () => [{ path, headers }], log: ctx.log },
      ctx.warmup,
      ctx.duration,
    );

  await checkPoll('before the load');
  await checkLists('before the load');

  // The runs below, once a round (`--rounds`, default 3): each target is judged on the median of the rounds' own
  // ratios, each from runs a minute apart at most (suite.ts, medianRatio). The first poll of each device is measured
  // once, in round 1: after it, each device's action is answered from memory.
  ctx.log(`  DDI poll, first poll of each of the ${FW_FIRST_GROUP} devices with an action…`);
  const coldLoad = load1();
  const cold = await measure(keel, { ...pollOptions(), amount: FW_FIRST_GROUP }, 0, 0);
  const rounds: Round[] = [];
  for (let round = 1; round <= ctx.rounds; round++) {
    const tag = `  round ${round}/${ctx.rounds}:`;
    ctx.log(`${tag} baseline at ${POLL_CONNECTIONS} connections…`);
    const baseLoad = load1();
    const base = await measure(
      ctx.baseline,
      { url: `${ctx.baseline.url}/`, connections: POLL_CONNECTIONS },
      ctx.warmup,
      ctx.duration,
    );
    ctx.log(`${tag} DDI poll of the ${FW_FIRST_GROUP} devices with an action, ${POLL_CONNECTIONS} connections…`);
    const pollLoad = load1();
    const poll = await measure(keel, pollOptions(), ctx.warmup, ctx.duration);

    ctx.log(`${tag} lists idle, one paced client each at ${LIST_RATE} req/s…`);
    const idleLoad = load1();
    const idle = { assigned: await pacedList(listPaths.assigned), devices: await pacedList(listPaths.devices) };
    const halfSaturated = Math.round(poll.requestsPerSecond / 2);
    const calibration = await calibratePaced(poll.cpuMicrosPerRequest, POLL_CONNECTIONS, (rate, seconds) =>
      measurePaced(keel, { connections: POLL_CONNECTIONS, rate, requestsOf: (c) => lists[c] ?? [] }, 1, seconds),
    );
    for (const c of calibration)
      ctx.log(
        `${tag} calibrating the paced poll: ${c.rate} req/s → ${c.run.requestsPerSecond.toFixed(0)} req/s answered, ` +
          `server CPU ${percent(c.share)} of a core (${c.run.cpuMicrosPerRequest.toFixed(1)} µs/req)`,
      );
    const rate = rateFor(calibration, POLL_CONNECTIONS);
    ctx.log(
      `${tag} lists during the poll paced at ${rate} req/s (about ${percent(PACED_CPU_SHARE)} of a core by the ` +
        `calibration; half the saturated poll's req/s would be ${halfSaturated})…`,
    );
    const busyLoad = load1();
    const [pacedPoll, busyAssigned, busyDevices] = await Promise.all([
      measurePaced(
        keel,
        { connections: POLL_CONNECTIONS, rate, requestsOf: (c) => lists[c] ?? [] },
        ctx.warmup,
        // Long enough to cover both lists' runs, which go one after the other.
        2 * ctx.duration + ctx.warmup,
      ),
      pacedList(listPaths.assigned),
      (async () => {
        // After the first list's run: the second one measured under the same load.
        await new Promise((resolve) => setTimeout(resolve, (ctx.warmup + ctx.duration) * 1000));
        return pacedList(listPaths.devices);
      })(),
    ]);
    rounds.push({
      base,
      baseLoad,
      poll,
      pollLoad,
      idle,
      idleLoad,
      busy: { assigned: busyAssigned, devices: busyDevices },
      pacedPoll,
      busyLoad,
      rate,
      halfSaturated,
    });
  }

  await checkPoll('after the load');
  await checkLists('after the load');

  const valid = (r: Run) => r.errors === 0 && r.non2xx === 0;
  const loads = (of: (r: Round) => string) => rounds.map(of).join(', ');
  const rps = (r: Run) => r.requestsPerSecond;
  const polls = rounds.map((r) => r.poll);
  const bases = rounds.map((r) => r.base);
  const pollRatio = medianRatio(polls, bases, rps);
  const cpuRatio = medianRatio(polls, bases, (r) => 1 / r.cpuMicrosPerRequest);
  const pollMicros = median(polls.map((r) => r.cpuMicrosPerRequest));
  const rows: FirmwareRow[] = [
    {
      id: 'assign',
      label: `task/addTask (space of ${FW_DEVICES} devices) + task/releaseTask`,
      figure: `${assignSeconds.toFixed(2)} s (add ${addSeconds.toFixed(2)} + release ${releaseSeconds.toFixed(2)}; ${offeredAtRelease} offered on its answer)`,
      value: assignSeconds,
      target: `≤ ${ASSIGN_TARGET_S} s`,
      pass: assignSeconds <= ASSIGN_TARGET_S,
      load: assignLoad,
    },
    {
      id: 'poll-with-action',
      label: `DDI poll with an open action vs baseline (req/s)`,
      figure:
        `${percent(pollRatio)} (CPU ${percent(cpuRatio)}; ${pollMicros.toFixed(1)} µs/req; rounds ` +
        `${rounds.map((r) => percent(rps(r.poll) / rps(r.base))).join(', ')})`,
      value: pollRatio,
      target: `≥ ${POLL_TARGET * 100} %`,
      pass: polls.every(valid) && pollRatio >= POLL_TARGET,
      load: loads((r) => r.pollLoad),
    },
    ...(['assigned', 'devices'] as const).map((k) => {
      const perRound = rounds.map((r) => r.busy[k].p99Ms / Math.max(0.1, r.idle[k].p99Ms));
      const ratio = median(perRound);
      const busyP99 = median(rounds.map((r) => r.busy[k].p99Ms));
      const idleP99 = median(rounds.map((r) => r.idle[k].p99Ms));
      return {
        id: `list-${k}`,
        label: `${k === 'assigned' ? 'task/getAssignedDeviceList' : 'di/getAllDeviceList'} page 1 p99, polling / idle`,
        figure: `${ratio.toFixed(2)} (${busyP99} / ${idleP99} ms; rounds ${perRound.map((x) => x.toFixed(2)).join(', ')})`,
        value: ratio,
        target: `≤ ${LIST_TARGET}`,
        pass: rounds.every((r) => valid(r.busy[k]) && valid(r.idle[k])) && ratio <= LIST_TARGET,
        load: loads((r) => r.busyLoad),
      } satisfies FirmwareRow;
    }),
  ];

  ctx.out('');
  ctx.out(
    `Firmware tasks — ${FW_DEVICES.toLocaleString('en-US')} devices in one task; polls at ${POLL_CONNECTIONS} ` +
      `connections over the ${FW_FIRST_GROUP.toLocaleString('en-US')} with an action; ${ctx.warmup} s warm-up + ` +
      `${ctx.duration} s per run; ${ctx.rounds} round${ctx.rounds > 1 ? 's (targets on the median)' : ''}`,
  );
  ctx.out('');
  for (const line of table([
    ['run', 'req/s', 'mean ms', 'p99 ms', 'CPU µs/req', 'errors/non-2xx', 'load'],
    runCells(`DDI poll with an action, first poll of each (${FW_FIRST_GROUP})`, cold, coldLoad),
    ...rounds.flatMap((r, i) => {
      const n = rounds.length > 1 ? ` [${i + 1}]` : '';
      return [
        runCells(`baseline: bare Fastify GET / (${POLL_CONNECTIONS} connections)${n}`, r.base, r.baseLoad),
        runCells(`DDI poll, device with an action${n}`, r.poll, r.pollLoad),
        runCells(`DDI poll, paced at ${r.rate} req/s (during the lists)${n}`, r.pacedPoll, r.busyLoad),
        runCells(`task/getAssignedDeviceList, idle${n}`, r.idle.assigned, r.idleLoad),
        runCells(`task/getAssignedDeviceList, polling${n}`, r.busy.assigned, r.busyLoad),
        runCells(`di/getAllDeviceList, idle${n}`, r.idle.devices, r.idleLoad),
        runCells(`di/getAllDeviceList, polling${n}`, r.busy.devices, r.busyLoad),
      ];
    }),
  ]))
    ctx.out(line);
  ctx.out("(The lists run while other requests are served: their CPU µs/req is the whole server's over their run.)");
  for (const [i, r] of rounds.entries())
    ctx.out(
      `(Round ${i + 1}: the paced poll ran at ${r.rate} req/s, calibrated to ${percent(PACED_CPU_SHARE)} of a core ` +
        `of server CPU; over the lists' runs the whole server used ${percent(shareOf(r.pacedPoll))} of a core. Half ` +
        `the saturated poll's req/s would have been ${r.halfSaturated} req/s.)`,
    );
  ctx.out('');
  for (const line of table([
    ['target', 'measured', 'target', 'result', 'load'],
    ...rows.map((r) => [r.label, r.figure, r.target, r.pass ? 'PASS' : 'FAIL', r.load]),
  ]))
    ctx.out(line);
  return rows;
}
