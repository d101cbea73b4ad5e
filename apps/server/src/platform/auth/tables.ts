import type { Generated } from 'kysely';

/** The tables platform/auth owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface PlatformAuthTables {
  users: UsersTable;
  properties: PropertiesTable;
  property_businesses: PropertyBusinessesTable;
  property_members: PropertyMembersTable;
  sessions: SessionsTable;
  device_credentials: DeviceCredentialsTable;
  server_keys: ServerKeysTable;
  access_tokens: AccessTokensTable;
}

/** Table row types (architecture §6: text ids, bigint epoch-ms times, 0/1 flags, JSON in text). */
export interface UsersTable {
  uid: string;
  phone: string;
  email: string | null;
  name: string;
  password_hash: string | null;
  is_operator: number;
  /** 1 enabled, 0 disabled. */
  status: number;
  /** The language messages to this user are written in: the last one they signed in with. */
  language: Generated<'zh-cn' | 'en'>;
  created_at: number;
  updated_at: number;
}

export interface PropertiesTable {
  pno: string;
  name: string;
  is_customer: number;
  owner_uid: string;
  created_at: number;
  updated_at: number;
  /** Bumped with every change to what members may do (businesses, sets, assignments, owner): cache key. */
  acl_version: Generated<number>;
}

export interface PropertyBusinessesTable {
  pno: string;
  business: string;
  /** Authorised by the platform; 1 when the property has switched it off itself. */
  disabled: number;
  authorised_at: number;
}

export interface PropertyMembersTable {
  pno: string;
  uid: string;
  role: 'owner' | 'admin' | 'member';
  joined_at: number;
  /** The organisation node the member is placed on; null means the root (modules/org). */
  oid: string | null;
}

export interface SessionsTable {
  token_hash: string;
  uid: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** A device's own credential (access kind `device`); the token is stored only as its SHA-256. */
export interface DeviceCredentialsTable {
  device_id: string;
  pno: string;
  name: string;
  token_hash: string;
  /** 1 when the credential is refused. */
  disabled: Generated<number>;
  created_at: number;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: number;
}

export interface AccessTokensTable {
  token_id: string;
  pno: string;
  uid: string;
  name: string;
  token_hash: string;
  expires_at: number;
  last_used_at: number | null;
  created_at: number;
}
