import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type FleetSummary, type Protocol, runFleet, type SimDevice } from './fleet';
import { ImageStore } from './images';

/**
 * The device simulator's command line (README.md):
 *
 *   npx tsx apps/device-sim/src/main.ts --url http://127.0.0.1:3000 --property PNO --count 100 --enrolment-key K
 *   npx tsx apps/device-sim/src/main.ts --credentials demo-fleet.json [--url …] [--property …]
 *
 * Options: --protocol ddi|mender (default ddi), --duration SECONDS (default: until Ctrl-C), --max-sleep SECONDS
 * (caps the server's polling interval), --interval SECONDS (Mender's own, default 30), --prefix ID-PREFIX,
 * --fail-commands TYPE,… (Keel command types that fail, e.g. factoryReset), --command-fail-rate 0..1.
 * Updates (DDI and Mender deployments): --fail-rate 0..1 (a share of installs fail), --reboot-fail-rate 0..1 (a share
 * of installs report success but come back on the old version, which the server fails as versionNotConfirmed),
 * --manifest-key FILE (the property's manifest public key, PEM: the signed manifest is verified before installing),
 * --base-image FILE (the image every device runs at first, the source of a delta from its version),
 * --image-budget-mb MB (memory for the images devices keep for deltas, default 256).
 * App store: --apps all|forced (devices keep the apps the store lists for their model: every app, or only forced
 * updates and newer versions of apps they have; pushes install what they name), --app-fail-rate 0..1.
 * A credentials file is JSON: `{ "url"?, "property"?, "devices": [{ "deviceId", "credential", "attributes"? }] }`
 * (what `npm run seed:demo` writes), or just the list of devices. Prints a live summary, then the final counts;
 * exits 1 when no device ever came online.
 */

const HELP = `Usage: device-sim --url URL --property PNO (--count N --enrolment-key KEY | --credentials FILE)
       [--protocol ddi|mender] [--duration SECONDS] [--max-sleep SECONDS] [--interval SECONDS] [--prefix PREFIX]
       [--fail-commands TYPE,…] [--command-fail-rate 0..1]
       [--fail-rate 0..1] [--reboot-fail-rate 0..1] [--manifest-key FILE] [--base-image FILE] [--image-budget-mb MB]
       [--apps all|forced] [--app-fail-rate 0..1]`;

interface CredentialsFile {
  url?: string;
  property?: string;
  devices: SimDevice[];
}

function readCredentials(file: string): CredentialsFile {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as CredentialsFile | SimDevice[];
  const out = Array.isArray(parsed) ? { devices: parsed } : parsed;
  if (!Array.isArray(out.devices) || out.devices.some((d) => typeof d?.deviceId !== 'string')) {
    throw new Error(`${file}: expected { devices: [{ deviceId, credential }] }`);
  }
  return out;
}

const line = (s: FleetSummary) =>
  `${(s.elapsedMs / 1000).toFixed(0).padStart(5)} s  devices ${s.devices}  online ${s.online}  pending ${s.pending}  ` +
  `refused ${s.refused}  polls ${s.polls}  reports ${s.reports}  commands ${s.commands}  updates ${s.updates} (${s.updateFailures} failed, ${s.rebootFailures} reboots failed)  apps ${s.appInstalls} (${s.appInstallFailures} failed, ${s.appReports} reported)  security ${s.securityCommands} (${s.securityRefusals} refused)  429 ${s.throttled}  ` +
  `errors ${s.errors}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      property: { type: 'string' },
      count: { type: 'string' },
      'enrolment-key': { type: 'string' },
      credentials: { type: 'string' },
      protocol: { type: 'string', default: 'ddi' },
      duration: { type: 'string' },
      'max-sleep': { type: 'string' },
      interval: { type: 'string' },
      prefix: { type: 'string' },
      'fail-commands': { type: 'string' },
      'command-fail-rate': { type: 'string' },
      'fail-rate': { type: 'string' },
      'manifest-key': { type: 'string' },
      'reboot-fail-rate': { type: 'string' },
      'base-image': { type: 'string' },
      'image-budget-mb': { type: 'string' },
      apps: { type: 'string' },
      'app-fail-rate': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const file = values.credentials ? readCredentials(values.credentials) : undefined;
  const url = values.url ?? file?.url;
  const property = values.property ?? file?.property;
  const protocol = values.protocol as Protocol;
  const count = values.count ? Number(values.count) : undefined;
  const number = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  if (!url || !property || (protocol !== 'ddi' && protocol !== 'mender')) {
    console.error(HELP);
    return 2;
  }
  if (!file && !(count && count > 0 && values['enrolment-key'])) {
    console.error('Give --count N with --enrolment-key, or --credentials FILE.');
    return 2;
  }
  if (values.apps !== undefined && values.apps !== 'all' && values.apps !== 'forced') {
    console.error('--apps takes all or forced.');
    return 2;
  }
  for (const rate of ['fail-rate', 'reboot-fail-rate', 'command-fail-rate', 'app-fail-rate'] as const) {
    const v = number(values[rate]);
    if (v !== undefined && !(v >= 0 && v <= 1)) {
      console.error(`--${rate} takes a share from 0 to 1.`);
      return 2;
    }
  }
  const devices = file ? (count ? file.devices.slice(0, count) : file.devices) : undefined;

  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const tty = process.stdout.isTTY;
  let ticks = 0;
  console.log(`device-sim: ${devices?.length ?? count} ${protocol} devices against ${url} (property ${property})`);
  const final = await runFleet({
    url,
    property,
    devices,
    count,
    enrolmentKey: values['enrolment-key'],
    idPrefix: values.prefix,
    protocol,
    durationSeconds: number(values.duration),
    maxSleepSeconds: number(values['max-sleep']),
    menderIntervalSeconds: number(values.interval),
    commands: {
      failTypes: values['fail-commands']?.split(',').filter(Boolean),
      failRate: number(values['command-fail-rate']),
    },
    updates: {
      failRate: number(values['fail-rate']),
      rebootFailRate: number(values['reboot-fail-rate']),
      images: new ImageStore(
        (number(values['image-budget-mb']) ?? 256) * 1024 * 1024,
        values['base-image'] ? readFileSync(values['base-image']) : undefined,
      ),
      manifestKey: values['manifest-key'] ? readFileSync(values['manifest-key'], 'utf8') : undefined,
    },
    apps: values.apps ? { install: values.apps, failRate: number(values['app-fail-rate']) } : undefined,
    signal: stop.signal,
    onTick: (s) => {
      ticks += 1;
      if (tty) process.stdout.write(`\r${line(s)}\u001b[K`);
      else if (ticks % 10 === 0) console.log(line(s));
    },
  });
  if (tty) process.stdout.write('\n');
  console.log(`final: ${line(final)}`);
  return final.online + final.pending > 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  },
);
