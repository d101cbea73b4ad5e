import type { Business } from '@keel/contract/constants';
import type { Db } from '../../platform/db/connect';
import { type ExtensionPoint, extensionPoint, indexBy } from '../../platform/extension-points';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import type { ActionRow } from './repo';
import type { ActionReport, ReportOutcome } from './service';

/**
 * What a producer module tells the model about one kind of its actions (the `kind` column): its place in a device's
 * queue and how its campaign ends. The producer passes it to the model's calls (service.ts: enqueue, close, …).
 */
export interface ActionKind {
  /** `firmware`, `tempFirmware`, `command`, … (the `kind` column). */
  kind: string;
  /** Where a device's actions of the kind come first: higher first, then the oldest. */
  priority: number;
  /**
   * After an action of the kind ended and its campaign has no open action left, in the same transaction: the
   * producer closes the campaign (a temporary task finished, a command finished).
   */
  campaignEnded(db: Db, tenant: Tenant, sourceId: string, now: number): Promise<void>;
}

/**
 * What a producer gives the delivery for one kind (README.md "Kinds"), besides the kind itself: its business, how
 * one of its actions is described to a device (a deployment's files, a command's body) and its reactions to what
 * the device reports. The delivery (ddi.ts, commands.ts, mender.ts) does the rest. A producer lists it in its module
 * definition (`contribution(actionKinds, …)`); nothing here knows the producers.
 */
export interface DeliveredKind extends ActionKind {
  /** The business whose work this is: a device of a property without it is offered none (its reports are taken). */
  business: Business;
  /** How much of what a device says (a report's details, a cancel answer's) the kind keeps, in characters. */
  messageMax: number;
  /** How the kind is given to devices: as hawkBit deployments (DDI, Mender), or through Keel's commands resource. */
  delivery: DeploymentKind | CommandKind;
  /**
   * A producer that judges a device's reports itself (firmware tasks: retries, the version check, counters): it
   * moves the action through the state machine (`transition`, in its transaction) and answers the outcome. Without
   * it, `report` runs the state machine. Called for the device's own action only, also once it has ended.
   */
  judge?(s: Services, tenant: Tenant, action: ActionRow, r: ActionReport): Promise<ReportOutcome>;
}

/** A kind given as hawkBit deployments: DDI `deploymentBase`, Mender's update check. */
export interface DeploymentKind {
  as: 'deployment';
  /**
   * The deployment of one of the kind's open actions, or null when its campaign offers nothing now (a disabled
   * task, a temporary task that no longer runs). Kept in memory (offers.ts) until the kind's flags change.
   */
  describe(s: Services, tenant: Tenant, action: ActionRow): Promise<Deployment | null>;
  /** Installed actions (DDI `installedBase`), for a kind whose finished actions stay installed on the device. */
  installed?: {
    /** The device's last installed action, from memory (the poll asks it). */
    last(s: Services, tenant: Tenant, deviceId: string): Promise<number | null>;
    /** The deployment of one of the device's installed actions, or null when it is not one. */
    describe(s: Services, tenant: Tenant, deviceId: string, actionId: number): Promise<Deployment | null>;
  };
  /** The tail of a device's log on one of its actions (Mender's deployment log): kept by the producer, if it wants. */
  logged?(s: Services, tenant: Tenant, action: ActionRow, tail: string): Promise<void>;
  /**
   * The device answered a cancel it was told of (DDI cancelAction feedback) while it was still waiting: `confirmed`
   * or `rejected` (recorded on the action before this is called), or `info` (anything else: its detail only).
   */
  cancelAnswered?(
    s: Services,
    tenant: Tenant,
    action: ActionRow,
    answer: 'confirmed' | 'rejected' | 'info',
    detail: string,
  ): Promise<void>;
}

/** A kind given through Keel's commands resource (DDI `keelCommands`). */
export interface CommandKind {
  as: 'command';
  /** The commands of these open actions (of one device), by action id; an action whose campaign is over has none. */
  describe(s: Services, tenant: Tenant, actions: readonly ActionRow[]): Promise<Map<number, Command>>;
}

/** A file of a deployment, by the name the device downloads it under. */
export interface Artifact {
  filename: string;
  sha256: string;
  size: number;
  contentType: string;
}

/** A deployment as the kind describes it; the delivery writes DDI's and Mender's answers from it. */
export interface Deployment {
  /** DDI handling: whether the device downloads and installs (`attempt`: it may ask its user; `skip`). */
  download: 'attempt' | 'forced' | 'skip';
  update: 'attempt' | 'forced' | 'skip';
  /** Whether the maintenance window is open at a time; absent when the deployment has none. */
  windowOpen?: (now: number) => boolean;
  /** The chunk: its part (`os`, `bApp`), version and name, metadata, files. */
  part: string;
  version: string;
  name: string;
  metadata: readonly { key: string; value: string }[];
  artifacts: readonly Artifact[];
  /** The `.mender` artifact a Mender device installs, with the device types it fits (none: any), or null. */
  mender: (Artifact & { artifactName: string; deviceTypes: readonly string[] }) | null;
  /** Keel's signed manifest (DDI chunk metadata, Mender's `keel`), read when the deployment is answered. */
  signed?: () => Promise<{ manifest: string; signature: string } | null>;
}

/** A command as the device is given it (its feedback link is the delivery's). */
export interface Command {
  type: string;
  name: string;
  payload: Record<string, unknown>;
  issuedAt: number;
  expiresAt: number;
}

/** The point producers contribute their kinds to. */
export const actionKinds: ExtensionPoint<DeliveredKind> = extensionPoint<DeliveredKind>('device-action.kinds');

/** Every kind, by name. */
export const kindsByName = (s: Services): Map<string, DeliveredKind> =>
  s.extensions.derive(actionKinds, 'byName', (all) => indexBy(actionKinds, all, (k) => k.kind));

/** The kinds given as deployments, or as commands, highest priority first. */
export const kindsGivenAs = (s: Services, as: 'deployment' | 'command'): readonly DeliveredKind[] =>
  s.extensions.derive(actionKinds, as, (all) =>
    all.filter((k) => k.delivery.as === as).sort((a, b) => b.priority - a.priority),
  );
