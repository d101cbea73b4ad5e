/** The tables modules/workflow owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface WorkflowTables {
  flow_settings: FlowSettingsTable;
  flow_steps: FlowStepsTable;
  apply_type_auditors: ApplyTypeAuditorsTable;
  flow_applications: FlowApplicationsTable;
  flow_pending: FlowPendingTable;
  flow_todo_counts: FlowTodoCountsTable;
  flow_done: FlowDoneTable;
  flow_history: FlowHistoryTable;
}

/** A property's default flow for one apply type (migration 0016, modules/workflow). */
export interface FlowSettingsTable {
  flow_id: string;
  pno: string;
  apply_type: string;
  version: number;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One step of a default flow. */
export interface FlowStepsTable {
  step_id: string;
  pno: string;
  flow_id: string;
  apply_type: string;
  /** 1-based position. */
  sort: number;
  name: string;
  /** any | all */
  rule: string;
  skip_applicant: number;
  /** JSON [{ t: 1 | 2 | 3 | 4, id }]. */
  auditors: string;
  created_at: number;
  updated_at: number;
}

/** Who may audit an apply type besides its permission's holders. */
export interface ApplyTypeAuditorsTable {
  pno: string;
  apply_type: string;
  /** SPEC §3: 1 user, 2 title, 3 user set, 4 unit. */
  auth_type: number;
  ref_id: string;
  created_at: number;
}

/** An application routed through the workflow engine. */
export interface FlowApplicationsTable {
  apply_id: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  subject_id: string | null;
  subject_name: string;
  /** JSON object. */
  snapshot: string;
  /** JSON: the steps as submitted. */
  flow: string;
  step_index: number;
  step_num: number;
  /** pending | passed | rejected | withdrawn */
  state: string;
  reason: string;
  version: number;
  history_num: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** An auditor of an application's current step who has not acted yet (the to-do lists). */
export interface FlowPendingTable {
  apply_id: string;
  uid: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  /** The application's submission time. */
  created_at: number;
  since: number;
}

/** Rows of flow_pending per auditor and type. */
export interface FlowTodoCountsTable {
  pno: string;
  uid: string;
  apply_type: string;
  n: number;
}

/** An auditor's last action on an application (the done lists). */
export interface FlowDoneTable {
  apply_id: string;
  uid: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  created_at: number;
  action: string;
  acted_at: number;
}

/** One entry of an application's history (append-only). */
export interface FlowHistoryTable {
  id: string;
  pno: string;
  apply_id: string;
  seq: number;
  action: string;
  step_index: number;
  actor_uid: string | null;
  comment: string;
  /** JSON array of uids. */
  targets: string;
  created_at: number;
}
