import type { Generated } from 'kysely';

/** The tables modules/device owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface DeviceTables {
  device_types: DeviceTypesTable;
  device_platforms: DevicePlatformsTable;
  device_models: DeviceModelsTable;
  devices: DevicesTable;
  device_presence: DevicePresenceTable;
  device_enrolment_keys: DeviceEnrolmentKeysTable;
  mender_identities: MenderIdentitiesTable;
  device_poll_settings: DevicePollSettingsTable;
  device_poll_bounds: DevicePollBoundsTable;
}

/** A device type, platform or model of a property's device catalogue (migration 0013, modules/device). */
interface CatalogueColumns {
  pno: string;
  name: string;
  /** `name` folded (sql-helpers nameKey); unique per property. */
  name_key: string;
  remark: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface DeviceTypesTable extends CatalogueColumns {
  type_id: string;
}

export interface DevicePlatformsTable extends CatalogueColumns {
  platform_id: string;
  os_type: string;
}

export interface DeviceModelsTable extends CatalogueColumns {
  model_id: string;
  type_id: string | null;
  platform_id: string | null;
}

/** A device of a property (modules/device README); its credential is in `device_credentials`. */
export interface DevicesTable {
  /** The device's own id (serial, MAC, hawkBit controller id), unique on the platform. */
  device_id: string;
  pno: string;
  name: Generated<string>;
  label: Generated<string>;
  business: string;
  model_id: string | null;
  os_type: string;
  mockup: Generated<number>;
  /** A space and a group of its tree (plain ids until spaces arrive). */
  sid: string | null;
  group_id: string | null;
  /** The bound user. */
  uid: string | null;
  bound_at: number | null;
  /** pending | accepted | rejected */
  admission: string;
  /** console | gateway */
  enrolment: string;
  remark: Generated<string>;
  firmware_version: Generated<string>;
  app_version: Generated<string>;
  /** JSON object of reported attributes. */
  attributes: Generated<string>;
  attributes_at: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** When a device was first and last seen, and from where (migration 0034): a row once it was seen. */
export interface DevicePresenceTable {
  device_id: string;
  first_seen_at: number;
  last_seen_at: number;
  last_address: string | null;
}

/** A property's enrolment key (DDI GatewayToken), stored as its SHA-256. */
export interface DeviceEnrolmentKeysTable {
  pno: string;
  key_hash: string;
  /** The key's last four characters. */
  hint: string;
  created_by: string | null;
  created_at: number;
}

/** Mender's device API: a device's identity and public key (migration 0015). */
export interface MenderIdentitiesTable {
  device_id: string;
  pno: string;
  /** SHA-256 of the identity's canonical JSON. */
  id_hash: string;
  id_data: string;
  /** The device's public key, PEM. */
  pubkey: string;
  /** Carried by its device tokens; bumped to revoke them. */
  generation: Generated<number>;
  /** Another key the device presented (PEM), waiting for an administrator, and since when (0019). */
  pending_pubkey: string | null;
  pending_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A property's polling intervals (migration 0057); null: the default (poll-settings.ts). */
export interface DevicePollSettingsTable {
  pno: string;
  poll_seconds: number | null;
  /** Used while the device is offered a deployment or told of a cancel (a rollout targets it). */
  rollout_poll_seconds: number | null;
  updated_by: string | null;
  updated_at: number;
}

/** The platform's bounds on the intervals a property may set (migration 0057): one row, `id` 'platform'. */
export interface DevicePollBoundsTable {
  id: string;
  min_seconds: number;
  max_seconds: number;
  updated_by: string | null;
  updated_at: number;
}
