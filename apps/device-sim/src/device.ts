import type { AppBehaviour, DeviceApps } from './apps';
import type { CommandBehaviour } from './commands';
import type { UpdateBehaviour } from './deploy';
import type { SecurityBehaviour } from './security';

/** What a simulated device is and what its loop (ddi.ts, mender.ts) is given. */

/** A device with a credential of its own (as `di/registerDevice` answered it). */
export interface SimDevice {
  deviceId: string;
  credential?: string;
  /** What it reports; defaults from its index (a model and a firmware version). */
  attributes?: Record<string, string>;
}

/** What each device loop records. */
export type DeviceStatus = 'starting' | 'online' | 'pending' | 'refused' | 'error' | 'stopped';

export interface DeviceContext {
  url: string;
  property: string;
  device: SimDevice & { attributes: Record<string, string> };
  enrolmentKey?: string;
  signal: AbortSignal;
  maxSleepSeconds?: number;
  menderIntervalSeconds: number;
  counters: Counters;
  /** How the device answers Keel's commands (commands.ts); every command succeeds by default. */
  commands?: CommandBehaviour;
  /** How the device installs updates (deploy.ts): every install succeeds by default. */
  updates?: UpdateBehaviour;
  /** Whether and how the device uses the app store (apps.ts): without it, it never asks for apps. */
  apps?: AppBehaviour;
  /** The device's installed apps (apps.ts), kept across its loop. */
  appState?: DeviceApps;
  /** How the device answers routed security commands (security.ts): `ok` when the token holds, by default. */
  security?: SecurityBehaviour;
  setStatus(status: DeviceStatus): void;
}

export interface Counters {
  polls: number;
  reports: number;
  throttled: number;
  errors: number;
  /** Keel commands answered, and how many of them failed. */
  commands: number;
  commandFailures: number;
  /** Updates installed or failed, how many failed, and how many came back on the old version after "rebooting". */
  updates: number;
  updateFailures: number;
  rebootFailures: number;
  /** App store apps installed, and installs that failed. */
  appInstalls: number;
  appInstallFailures: number;
  appReports: number;
  /** Routed security commands answered, tokens refused offline, uses reported (security.ts). */
  securityCommands: number;
  securityRefusals: number;
  securityUses: number;
}

/** Sleeps `ms`, waking early (without throwing) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Seconds of a `Retry-After` header (at least 1). */
export const retryAfterMs = (res: Response) => Math.max(1, Number(res.headers.get('retry-after')) || 1) * 1000;
