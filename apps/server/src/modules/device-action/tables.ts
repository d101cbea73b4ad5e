import type { Generated } from 'kysely';

/** The tables modules/device-action owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface DeviceActionTables {
  device_actions: DeviceActionsTable;
}

/**
 * One action a device should take (migration 0038, modules/device-action): its kind and the producer's campaign
 * (`source_id`), its place in the device's queue, its state and what the device said.
 */
export interface DeviceActionsTable {
  /** From the platform-wide action counter (`counters` row `fw-task-action`): hawkBit clients read 32-bit ids. */
  action_id: number;
  pno: string;
  device_id: string;
  /** firmware | tempFirmware | command */
  kind: string;
  source_id: string;
  priority: Generated<number>;
  /** pending | delivered | running | succeeded | failed | cancelled | expired */
  state: string;
  /** The producer's finer step while running (downloading, installing, …), or ''. */
  stage: Generated<string>;
  progress: Generated<number>;
  message: Generated<string>;
  protocol: Generated<string>;
  /** null | requested | confirmed | rejected */
  cancel_state: string | null;
  expires_at: number | null;
  created_at: number;
  delivered_at: number | null;
  finished_at: number | null;
  cancel_at: number | null;
  updated_at: number;
}
