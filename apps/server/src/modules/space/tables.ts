import type { Generated } from 'kysely';

/** The tables modules/space owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface SpaceTables {
  spaces: SpacesTable;
  space_quota_records: SpaceQuotaRecordsTable;
  space_groups: SpaceGroupsTable;
  space_reservations: SpaceReservationsTable;
  space_applications: SpaceApplicationsTable;
}

/** A space (migration 0011, modules/space): storage and devices of one business in one property, with a quota. */
export interface SpacesTable {
  sid: string;
  pno: string;
  name: string;
  /** `name` folded (sql-helpers nameKey); unique per property. */
  name_key: string;
  business: string;
  /** file | terminal */
  category: string;
  /** property | user */
  owner_type: string;
  /** The owner: the member a personal space belongs to, or the member responsible for a property's space. */
  uid: string | null;
  quota_bytes: number;
  used_bytes: Generated<number>;
  /** The sum of the space's live `space_reservations`. */
  reserved_bytes: Generated<number>;
  remark: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One change of a space's quota: who, when, from, to, why. */
export interface SpaceQuotaRecordsTable {
  id: string;
  pno: string;
  sid: string;
  /** create | change | apply */
  kind: string;
  old_quota: number;
  new_quota: number;
  reason: string;
  actor_uid: string | null;
  created_at: number;
}

/** A node of a space's group tree; the space is the root (`pid` = sid for top-level groups). */
export interface SpaceGroupsTable {
  group_id: string;
  pno: string;
  sid: string;
  pid: string;
  name: string;
  name_key: string;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** Bytes promised to an upload under way (modules/space quota.ts); counted in `spaces.reserved_bytes`. */
export interface SpaceReservationsTable {
  id: string;
  pno: string;
  sid: string;
  bytes: number;
  created_at: number;
  expires_at: number;
}

/** An application for a space (`bn/applySpaceBusiness`), reviewed by an administrator. */
export interface SpaceApplicationsTable {
  id: string;
  pno: string;
  uid: string;
  business: string;
  category: string;
  owner_type: string;
  name: string;
  quota_bytes: number;
  reason: string;
  /** pending | approved | rejected */
  status: string;
  reviewer_uid: string | null;
  note: string;
  sid: string | null;
  created_at: number;
  decided_at: number | null;
}
