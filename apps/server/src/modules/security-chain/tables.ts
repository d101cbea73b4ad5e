/** The tables modules/security-chain owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface SecurityChainTables {
  security_funcs: SecurityFuncsTable;
  security_func_responses: SecurityFuncResponsesTable;
  security_privileged_users: SecurityPrivilegedUsersTable;
  security_device_auths: SecurityDeviceAuthsTable;
  security_user_auths: SecurityUserAuthsTable;
  security_grant_pools: SecurityGrantPoolsTable;
  security_white_lists: SecurityWhiteListsTable;
  security_settings: SecuritySettingsTable;
  security_func_records: SecurityFuncRecordsTable;
  security_routed_commands: SecurityRoutedCommandsTable;
}

/** A function of a security space a device keeps under authorisation (migration 0047). */
export interface SecurityFuncsTable {
  func_id: string;
  pno: string;
  /** The space (modules/space, business `security`) the function belongs to. */
  sid: string;
  /** Unique in the space (`security_funcs_code`). */
  code: string;
  name_zh: string;
  name_en: string;
  /** low | medium | high | critical */
  risk: string;
  description: string;
  /** Lower-cased code and names, searched by the list. */
  search_text: string;
  /** The authorisations naming the function, kept by the grants as they are made and removed (0 while none). */
  auth_count: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A response a device may give when a function is used; its code is unique in the function. */
export interface SecurityFuncResponsesTable {
  response_id: string;
  func_id: string;
  pno: string;
  sid: string;
  code: string;
  name_zh: string;
  name_en: string;
  /** Lower-cased code and names, searched by the list. */
  search_text: string;
  created_at: number;
  updated_at: number;
}

/** A privileged user of a security space: may operate any of its functions within the window (migration 0048). */
export interface SecurityPrivilegedUsersTable {
  privilege_id: string;
  pno: string;
  sid: string;
  /** A member of the property; one privilege per member and space (`security_privileged_users_member`). */
  uid: string;
  /** The window, epoch ms; null: from the start / without end. */
  start_time: number | null;
  end_time: number | null;
  disabled: number;
  remark: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A device or a device group may have a function within a window (`da/`, migration 0049). */
export interface SecurityDeviceAuthsTable {
  auth_id: string;
  pno: string;
  /** The function's space. */
  sid: string;
  func_id: string;
  /** `device` (target_id: a device id) or `group` (a group of a space's tree: its devices and its subgroups'). */
  target_type: string;
  /** One authorisation per function and target (`security_device_auths_target`). */
  target_id: string;
  /** The window, epoch ms; null: from the start / without end. */
  start_time: number | null;
  end_time: number | null;
  disabled: number;
  remark: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** Users, titles, user sets or organisation units may operate a function on its devices (`ua/`, migration 0049). */
export interface SecurityUserAuthsTable {
  auth_id: string;
  pno: string;
  sid: string;
  func_id: string;
  /** The contract's `AUTH_TYPES`: 1 users, 2 titles, 3 user sets, 4 organisation units. */
  subject_type: number;
  /** One authorisation per function and subject (`security_user_auths_subject`). */
  subject_id: string;
  start_time: number | null;
  end_time: number | null;
  disabled: number;
  remark: string;
  /** The function application (workflow) whose pass made it; null when an administrator did. */
  apply_id: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A number of grants of one function per period; each authorisation issued draws one (migration 0049). */
export interface SecurityGrantPoolsTable {
  pool_id: string;
  pno: string;
  sid: string;
  /** One pool per function (`security_grant_pools_func`). */
  func_id: string;
  /** day | week | month | total (never refilled). */
  period: string;
  /** Grants per period. */
  quota: number;
  /** Drawn in the period that began at `period_start`; a draw is one conditional update (`used < quota`). */
  used: number;
  period_start: number;
  disabled: number;
  remark: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** Users and devices always allowed a function, drawing nothing from its pool (migration 0049). */
export interface SecurityWhiteListsTable {
  entry_id: string;
  pno: string;
  sid: string;
  func_id: string;
  /** `user` (member_id: a uid) or `device` (a device id); one entry per function and member. */
  member_type: string;
  member_id: string;
  start_time: number | null;
  end_time: number | null;
  remark: string;
  created_by: string;
  created_at: number;
}

/** How a property's authorisations are signed (migration 0049); no row: the defaults (ES256, 300 s). */
export interface SecuritySettingsTable {
  pno: string;
  /** ES256 | SM2SM3 */
  algorithm: string;
  token_ttl_seconds: number;
  updated_by: string;
  updated_at: number;
}

/** Every authorisation issued or refused, and every use a device reported (migration 0049). */
export interface SecurityFuncRecordsTable {
  record_id: string;
  pno: string;
  sid: string;
  func_id: string;
  device_id: string;
  uid: string;
  /** issue | refuse | use */
  kind: string;
  /** What allowed it: privileged | whiteList | grant ('' for a refusal). */
  source: string;
  /** The token's nonce (`jti`); a use is recorded once per nonce (`security_func_records_nonce`). */
  nonce: string | null;
  /** The pool an issue drew from. */
  pool_id: string | null;
  /** The device's response to a use (a code of the function's responses). */
  response_code: string;
  /** Why it was refused (a status key). */
  reason: string;
  not_before: number | null;
  expires_at: number | null;
  created_at: number;
}

/** A function run on a device through the platform: its token, its device action and the device's answer (0050). */
export interface SecurityRoutedCommandsTable {
  cmd_id: string;
  pno: string;
  sid: string;
  func_id: string;
  device_id: string;
  /** Who sent it (the token's `sub`). */
  uid: string;
  argument: string;
  /** The compact JWS the device verifies, and its nonce (`jti`). */
  token: string;
  nonce: string;
  /** What allowed the token (privileged | whiteList | grant) and the record. */
  source: string;
  record_id: string;
  /** pending | delivered | succeeded | failed | cancelled | expired (contract `ROUTED_CMD_STATES`). */
  state: string;
  /** The device's answer: a code of the function's responses ('' before it answered, or when it gave none). */
  response_code: string;
  message: string;
  /** The token's expiry: the command expires with it. */
  expires_at: number;
  delivered_at: number | null;
  finished_at: number | null;
  created_at: number;
  updated_at: number;
}
