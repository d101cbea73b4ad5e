/** The tables modules/org owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface OrgTables {
  orgs: OrgsTable;
  org_requests: OrgRequestsTable;
  org_member_counts: OrgMemberCountsTable;
  org_member_totals: OrgMemberTotalsTable;
}

/** A node of a property's organisation tree; the root (the property) has no row (modules/org). */
export interface OrgsTable {
  oid: string;
  pno: string;
  /** The parent node; `root-<pno>` for top-level nodes. */
  pid: string;
  name: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** An invitation or a join request (modules/org README). */
export interface OrgRequestsTable {
  id: string;
  pno: string;
  kind: 'invite' | 'join';
  phone: string;
  uid: string | null;
  /** The target node; null means the root. */
  oid: string | null;
  inviter_uid: string | null;
  reviewer_uid: string | null;
  /** pending | accepted | declined | approved | rejected | revoked (expiry is read from expires_at). */
  status: string;
  remark: string;
  created_at: number;
  decided_at: number | null;
  expires_at: number | null;
}

/** Members per organisation node, maintained by triggers on property_members (modules/org). */
export interface OrgMemberCountsTable {
  pno: string;
  /** The node; '' is the root. */
  oid_key: string;
  n: number;
}

/** Members per property, maintained by triggers on property_members (migration 0006). */
export interface OrgMemberTotalsTable {
  pno: string;
  n: number;
}
