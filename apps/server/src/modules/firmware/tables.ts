import type { Generated } from 'kysely';

/** The tables modules/firmware owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface FirmwareTables {
  fw_packages: FwPackagesTable;
  fw_package_files: FwPackageFilesTable;
  fw_package_customers: FwPackageCustomersTable;
  fw_keys: FwKeysTable;
  fw_upgrade_records: FwUpgradeRecordsTable;
  fw_deltas: FwDeltasTable;
}

/** A firmware package (migration 0021, modules/firmware). */
export interface FwPackagesTable {
  id: string;
  pno: string;
  sid: string;
  group_id: string;
  sw_type: string;
  name: string;
  version: string;
  version_key: string;
  /** JSON arrays of model and platform ids. */
  models: string;
  platforms: string;
  notes_zh: string;
  notes_en: string;
  published: number;
  published_at: number | null;
  size: number;
  sha256: string;
  manifest: string;
  manifest_sig: string;
  manifest_key: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A file of a package, in order (migration 0021). */
export interface FwPackageFilesTable {
  package_id: string;
  pno: string;
  ord: number;
  fid: string;
  name: string;
  size: number;
  sha256: string;
  /** raw | swu | mender */
  kind: string;
  /** JSON of what was read from the artifact, or null. */
  artifact: string | null;
  /** none | verified */
  signature: string;
}

/** A customer a package is shared with (migration 0021). */
export interface FwPackageCustomersTable {
  package_id: string;
  pno: string;
  cid: string;
  added_by: string | null;
  added_at: number;
}

/** A property's firmware keys (migration 0021; the manifest key moved to `signing_service_keys` in 0033). */
export interface FwKeysTable {
  pno: string;
  manifest_public: string;
  manifest_private: string;
  manifest_key_id: string;
  swu_certificate: Generated<string>;
  mender_public_key: Generated<string>;
  updated_at: number;
}

/** A device's upgrade to a package (migration 0021; written by the task and delivery code). */
export interface FwUpgradeRecordsTable {
  id: string;
  pno: string;
  device_id: string;
  package_id: string;
  sw_type: string;
  sw_name: string;
  from_version: string;
  to_version: string;
  delta: Generated<number>;
  state: string;
  error_code: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A differential package (migration 0022). */
export interface FwDeltasTable {
  id: string;
  pno: string;
  sw_type: string;
  source_id: string;
  target_id: string;
  source_version: string;
  target_version: string;
  source_sha256: string;
  target_sha256: string;
  state: string;
  reason: Generated<string>;
  progress: Generated<number>;
  format: Generated<string>;
  size: Generated<number>;
  sha256: Generated<string>;
  full_size: number;
  verified: Generated<number>;
  job_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
