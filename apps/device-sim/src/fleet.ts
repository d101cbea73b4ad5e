import { setMaxListeners } from 'node:events';
import type { AppBehaviour } from './apps';
import type { CommandBehaviour } from './commands';
import { runDdiDevice } from './ddi';
import type { UpdateBehaviour } from './deploy';
import { type Counters, type DeviceStatus, type SimDevice, sleep } from './device';
import { ImageStore } from './images';
import { runMenderDevice } from './mender';
import type { SecurityBehaviour } from './security';

export type { SimDevice } from './device';

/**
 * A fleet of simulated devices against a Keel server (README.md): each enrols with the property's enrolment key or
 * uses the credential `di/registerDevice` issued, reports its attributes (firmware version, model), then polls at
 * the server's interval (DDI) or its own (Mender), backing off on 429 as `Retry-After` says. `runFleet` is the
 * whole of it; the CLI (main.ts), the tests, the benchmarks and the demo call it.
 */

export type Protocol = 'ddi' | 'mender';

export interface FleetOptions {
  /** The server, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** The property number (DDI's tenant). */
  property: string;
  /** Devices with credentials; or, with `enrolmentKey`, `count` devices that enrol themselves. */
  devices?: SimDevice[];
  enrolmentKey?: string;
  count?: number;
  /** Prefix of generated device ids (`<prefix>-0001`…); default `sim-<random>`. */
  idPrefix?: string;
  protocol?: Protocol;
  /** Stop after this many seconds; without it the fleet runs until `signal` aborts. */
  durationSeconds?: number;
  signal?: AbortSignal;
  /** Caps the server's polling interval (tests and demos that want to see several polls); none by default. */
  maxSleepSeconds?: number;
  /** Mender's own polling interval, in seconds (Mender devices are not told one); default 30. */
  menderIntervalSeconds?: number;
  /** Devices start spread over this many seconds, so that they do not all call at once; default min(10, count/100). */
  rampSeconds?: number;
  /** Called about every `tickMs` (default 1000) with the running counts. */
  onTick?: (summary: FleetSummary) => void;
  tickMs?: number;
  /** How devices answer Keel's commands (DDI): types that fail, a share that fails; all succeed by default. */
  commands?: CommandBehaviour;
  /**
   * How devices install updates (DDI and Mender deployments): a share that fails, a share whose reboot fails, the
   * manifest key, the image store for deltas (one per fleet by default); all succeed by default.
   */
  updates?: UpdateBehaviour;
  /** Whether devices use the app store, and how (apps.ts); they do not by default. */
  apps?: AppBehaviour;
  /** How devices answer routed security commands (security.ts): `ok` when the token holds, by default. */
  security?: SecurityBehaviour;
}

/** Counts of the whole fleet. */
export interface FleetSummary {
  devices: number;
  /** Devices whose last call was answered (polled, or authenticated). */
  online: number;
  /** Devices waiting for an administrator (Mender: the server answered "pending"). */
  pending: number;
  /** Devices the server refused (401/403) on their last call, other than pending. */
  refused: number;
  polls: number;
  reports: number;
  /** 429 answers. */
  throttled: number;
  /** Network failures and unexpected answers. */
  errors: number;
  /** Keel commands answered (DDI), and how many failed. */
  commands: number;
  commandFailures: number;
  /** Updates installed or failed (DDI and Mender), how many failed, how many came back on the old version. */
  updates: number;
  updateFailures: number;
  rebootFailures: number;
  /** App store apps installed (DDI and Mender), and installs that failed. */
  appInstalls: number;
  appInstallFailures: number;
  /** Installed sets the server took (devices report theirs after each change). */
  appReports: number;
  /** Routed security commands answered (DDI), tokens the devices refused offline, uses reported. */
  securityCommands: number;
  securityRefusals: number;
  securityUses: number;
  elapsedMs: number;
}

const MODELS = ['KG-100', 'KS-20', 'KC-300'];
const FIRMWARE = ['1.4.2', '1.5.0', '2.0.1'];

/** The attributes a device reports unless told: a model, a firmware version and a hardware revision. */
export function defaultAttributes(index: number): Record<string, string> {
  return {
    model: MODELS[index % MODELS.length] as string,
    firmwareVersion: FIRMWARE[Math.floor(index / MODELS.length) % FIRMWARE.length] as string,
    hwRevision: `rev${1 + (index % 2)}`,
  };
}

/** Runs the fleet until the duration is over or the signal aborts; answers the final counts. */
export async function runFleet(opts: FleetOptions): Promise<FleetSummary> {
  const url = opts.url.replace(/\/+$/, '');
  const prefix = opts.idPrefix ?? `sim-${Math.random().toString(36).slice(2, 8)}`;
  const list: SimDevice[] =
    opts.devices ??
    Array.from({ length: opts.count ?? 0 }, (_, i) => ({ deviceId: `${prefix}-${String(i + 1).padStart(4, '0')}` }));
  if (list.length === 0) throw new Error('runFleet: no devices (give devices with credentials, or count)');
  if (list.some((d) => !d.credential) && !opts.enrolmentKey) {
    throw new Error('runFleet: devices without a credential need the enrolment key');
  }
  const protocol = opts.protocol ?? 'ddi';
  const stop = new AbortController();
  // Every device's sleeps and requests listen to it.
  setMaxListeners(0, stop.signal);
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) stop.abort();
  const timer =
    opts.durationSeconds !== undefined ? setTimeout(() => stop.abort(), opts.durationSeconds * 1000) : undefined;

  const counters: Counters = {
    polls: 0,
    reports: 0,
    throttled: 0,
    errors: 0,
    commands: 0,
    commandFailures: 0,
    updates: 0,
    updateFailures: 0,
    rebootFailures: 0,
    appInstalls: 0,
    appInstallFailures: 0,
    appReports: 0,
    securityCommands: 0,
    securityRefusals: 0,
    securityUses: 0,
  };
  const updates: UpdateBehaviour = { ...opts.updates, images: opts.updates?.images ?? new ImageStore() };
  const statuses: DeviceStatus[] = list.map(() => 'starting');
  const started = performance.now();
  const summary = (): FleetSummary => ({
    devices: list.length,
    online: statuses.filter((s) => s === 'online').length,
    pending: statuses.filter((s) => s === 'pending').length,
    refused: statuses.filter((s) => s === 'refused').length,
    ...counters,
    elapsedMs: Math.round(performance.now() - started),
  });
  const ticker = opts.onTick ? setInterval(() => opts.onTick?.(summary()), opts.tickMs ?? 1000) : undefined;

  const ramp = (opts.rampSeconds ?? Math.min(10, list.length / 100)) * 1000;
  const run = protocol === 'mender' ? runMenderDevice : runDdiDevice;
  try {
    await Promise.all(
      list.map(async (d, i) => {
        await sleep(list.length > 1 ? (ramp * i) / list.length : 0, stop.signal);
        if (stop.signal.aborted) return;
        await run({
          url,
          property: opts.property,
          device: { ...d, attributes: d.attributes ?? defaultAttributes(i) },
          enrolmentKey: opts.enrolmentKey,
          signal: stop.signal,
          maxSleepSeconds: opts.maxSleepSeconds,
          menderIntervalSeconds: opts.menderIntervalSeconds ?? 30,
          counters,
          commands: opts.commands,
          updates,
          apps: opts.apps,
          security: opts.security,
          setStatus: (s) => {
            statuses[i] = s;
          },
        });
      }),
    );
  } finally {
    if (timer) clearTimeout(timer);
    if (ticker) clearInterval(ticker);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  const final = summary();
  opts.onTick?.(final);
  return final;
}
