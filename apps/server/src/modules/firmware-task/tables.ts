import type { Generated } from 'kysely';

/** The tables modules/firmware-task owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface FirmwareTaskTables {
  fw_tasks: FwTasksTable;
  fw_task_devices: FwTaskDevicesTable;
  fw_task_claims: FwTaskClaimsTable;
  fw_task_attempts: FwTaskAttemptsTable;
  fw_task_rules: FwTaskRulesTable;
  fw_task_samples: FwTaskSamplesTable;
  fw_task_settings: FwTaskSettingsTable;
}

/** A firmware update task (migration 0024, modules/firmware-task). */
export interface FwTasksTable {
  id: string;
  pno: string;
  name: string;
  remark: Generated<string>;
  sw_id: string;
  /** The property owning the package (migration 0036): the task's own, or one that shared it with the task's. */
  sw_pno: string | null;
  sw_type: string;
  sw_name: string;
  sw_version: string;
  state: string;
  pause_reason: string | null;
  disabled_from: string | null;
  mode: string;
  execution: string;
  stage_count: Generated<number>;
  current_stage: Generated<number>;
  stage_times: Generated<string>;
  apply_id: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  scheduled_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  /** Its rows in fw_task_devices, every state (migration 0035). */
  device_rows: Generated<number>;
  /** When a device counts as succeeded: versionReport | clientReport (migration 0056). */
  success_rule: Generated<string>;
}

/** A device in a task (migration 0024). */
export interface FwTaskDevicesTable {
  task_id: string;
  pno: string;
  device_id: string;
  source: string;
  rule_id: string | null;
  stage: Generated<number>;
  ord: Generated<number>;
  state: string;
  exclude_reason: string | null;
  attempts: Generated<number>;
  action_id: number | null;
  error_code: Generated<string>;
  next_at: number | null;
  created_at: number;
  updated_at: number;
  /** What decided its success: version | artifactName | clientReport | noVersion; null until then (migration 0056). */
  success_by: string | null;
}

/** The active task holding a device for a software type (migration 0024). */
export interface FwTaskClaimsTable {
  pno: string;
  sw_type: string;
  device_id: string;
  task_id: string;
}

/** One delivery attempt: the device API's action (migration 0024). */
export interface FwTaskAttemptsTable {
  id: string;
  pno: string;
  task_id: string;
  device_id: string;
  action_id: number;
  attempt: number;
  state: string;
  error_code: Generated<string>;
  detail: Generated<string>;
  from_version: Generated<string>;
  to_version: string;
  delta_id: string | null;
  bytes: Generated<number>;
  progress: Generated<number>;
  protocol: Generated<string>;
  created_at: number;
  offer_at: number | null;
  download_at: number | null;
  install_at: number | null;
  finish_at: number | null;
  updated_at: number;
  /** The attempt's state when it was cancelled (migration 0027). */
  cancel_from: string | null;
}

/** A task's saved rule (migration 0024). */
export interface FwTaskRulesTable {
  id: string;
  pno: string;
  task_id: string;
  name: string;
  filter: string;
  matched: Generated<number>;
  created_at: number;
}

/** A task's device counts per state at a time (migration 0024). */
export interface FwTaskSamplesTable {
  task_id: string;
  pno: string;
  at: number;
  counts: string;
}

/** A property's task settings (migration 0056): the success rule of tasks that do not name one. */
export interface FwTaskSettingsTable {
  pno: string;
  success_rule: string;
  updated_by: string | null;
  updated_at: number;
}
