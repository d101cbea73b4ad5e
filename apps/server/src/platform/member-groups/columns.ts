/** The columns of a member group: a title, user set or customer (migration 0005), a named group of the property's members. */
export interface MemberGroupColumns {
  pno: string;
  name: string;
  /** `name` trimmed and lower-cased; unique per property. */
  name_key: string;
  remark: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** The columns of a membership in a member group. */
export interface MembershipColumns {
  pno: string;
  uid: string;
  added_by: string | null;
  added_at: number;
}
