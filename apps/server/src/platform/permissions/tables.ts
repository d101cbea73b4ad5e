/** The tables platform/permissions owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface PermissionsTables {
  permission_sets: PermissionSetsTable;
  permission_set_admins: PermissionSetAdminsTable;
  admin_scopes: AdminScopesTable;
}

/** A permission set (migration 0003): catalogue ids bundled for administrators of one property. */
export interface PermissionSetsTable {
  psid: string;
  pno: string;
  name: string;
  /** `name` folded (platform/db/sql-helpers nameKey); unique per property. */
  name_key: string;
  remark: string;
  /** JSON array of catalogue ids. */
  permissions: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A set assigned to a member, who is then an administrator; `*_limited` 1 when `admin_scopes` limit it. */
export interface PermissionSetAdminsTable {
  psid: string;
  uid: string;
  pno: string;
  org_limited: number;
  space_limited: number;
  assigned_by: string | null;
  assigned_at: number;
}

/** The organisation subtrees (`org`) or spaces (`space`) a limited assignment applies to. */
export interface AdminScopesTable {
  psid: string;
  uid: string;
  pno: string;
  kind: 'org' | 'space';
  ref_id: string;
}
