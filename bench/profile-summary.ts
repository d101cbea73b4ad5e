// Summarises a V8 CPU profile (.cpuprofile, from `npm run bench -- -- --cpu-prof`): where the samples land,
// by function (self time) and by package or source area.
//   npx tsx bench/profile-summary.ts bench/profiles/<file>.cpuprofile [--top 30] [--from S] [--to S] [--timeline]
// --from/--to keep the samples between those seconds of the profile (one run of a suite); --timeline prints how busy
// each second was, to find them.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    timeline: { type: 'boolean', default: false },
  },
});
const file = positionals[0];
if (!file) {
  console.error('Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** node_modules package, Keel workspace area, node internals, or V8's own buckets. */
function area(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node internals';
  const keel = url.match(/\/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+\/src)/);
  return keel ? keel[1] : url;
}

const keyOf = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;

const from = Number(values.from) * 1e6;
const to = Number(values.to) * 1e6;
const idle = profile.nodes.find((n) => n.callFrame.functionName === '(idle)')?.id;
const self = new Map<number, number>();
const busyBySecond: number[] = [];
let at = 0;
for (const [i, id] of profile.samples.entries()) {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const second = Math.floor(at / 1e6);
  if (id !== idle) busyBySecond[second] = (busyBySecond[second] ?? 0) + delta;
  if (at >= from && at < to) self.set(id, (self.get(id) ?? 0) + delta);
}
if (values.timeline) {
  console.log('second  busy');
  for (const [second, us] of busyBySecond.entries())
    console.log(`${String(second).padStart(6)}  ${((us ?? 0) / 1e4).toFixed(0).padStart(3)} %`);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fns = new Map<string, number>();
const areas = new Map<string, number>();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id) as Node;
  const key = keyOf(byId.get(id) as Node);
  fns.set(key, (fns.get(key) ?? 0) + us);
  const a = area(f.url, f.functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
}
// Inclusive time: each sample counts once for every distinct function on its stack.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const n = byId.get(cur) as Node;
    if (n.callFrame.functionName === '(root)') continue;
    const k = keyOf(n);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('Self time by area', areas);
print('Self time by function', fns);
print('Inclusive time by function (self + callees)', inclusive);
