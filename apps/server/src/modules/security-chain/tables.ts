/** The tables modules/security-chain owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface SecurityChainTables {
  security_funcs: SecurityFuncsTable;
  security_func_responses: SecurityFuncResponsesTable;
  security_privileged_users: SecurityPrivilegedUsersTable;
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
