import type { Generated } from 'kysely';

/** The tables modules/signing owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface SigningTables {
  signing_ukeys: SigningUkeysTable;
  signing_certs: SigningCertsTable;
  signing_modules: SigningModulesTable;
  signing_cert_sign_rels: SigningCertSignRelsTable;
  signing_cert_platforms: SigningCertPlatformsTable;
  signing_collection_groups: SigningCollectionGroupsTable;
  signing_collections: SigningCollectionsTable;
  signing_collection_items: SigningCollectionItemsTable;
  signing_auths: SigningAuthsTable;
  signing_records: SigningRecordsTable;
  signing_service_keys: SigningServiceKeysTable;
}

/** Signing (migration 0020, modules/signing). */
export interface SigningUkeysTable {
  ukey_id: string;
  pno: string;
  name: string;
  module_path: string;
  serial: string;
  token_label: string;
  sealed_pin: string;
  remark: Generated<string>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface SigningCertsTable {
  cert_id: string;
  pno: string;
  name: string;
  state: string;
  key_source: string;
  sealed_key: string | null;
  ukey_id: string | null;
  token_key_id: string | null;
  cert_der: string | null;
  csr_der: string | null;
  spki: string;
  key_type: string;
  key_bits: number;
  curve: string | null;
  subject: string;
  issuer: string;
  serial: string;
  not_before: number;
  not_after: number;
  fingerprint: string;
  sig_alg: string;
  remark: Generated<string>;
  owner_uid: string | null;
  expiry_notified_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SigningModulesTable {
  module_id: string;
  pno: string;
  name: string;
  name_key: string;
  sign_type: string;
  algorithm: string;
  remark: Generated<string>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface SigningCertSignRelsTable {
  rel_id: string;
  pno: string;
  module_id: string;
  cert_id: string;
  algorithm: string;
  created_at: number;
}

export interface SigningCertPlatformsTable {
  pno: string;
  cert_id: string;
  platform_id: string;
  created_at: number;
}

export interface SigningCollectionGroupsTable {
  group_id: string;
  pno: string;
  name: string;
  name_key: string;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface SigningCollectionsTable {
  pc_id: string;
  pno: string;
  name: string;
  name_key: string;
  sign_type: string;
  type: number;
  group_id: string | null;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface SigningCollectionItemsTable {
  pno: string;
  pc_id: string;
  item_id: string;
}

export interface SigningAuthsTable {
  auth_id: string;
  pno: string;
  target_kind: string;
  target_id: string;
  auth_type: number;
  subject_id: string;
  created_by: string | null;
  created_at: number;
}

export interface SigningRecordsTable {
  sig_id: string;
  pno: string;
  module_id: string;
  module_name: string;
  sign_type: string;
  cert_id: string;
  cert_name: string;
  fingerprint: string;
  algorithm: string;
  requester_uid: string | null;
  via: string;
  token_id: string | null;
  artifact_name: string;
  artifact_sha256: string;
  artifact_size: number | null;
  output_name: string;
  output_sha256: string;
  output_size: number;
  created_at: number;
}

/** A key the signing service holds for a property's own signatures, e.g. firmware manifests (migration 0033). */
export interface SigningServiceKeysTable {
  pno: string;
  purpose: string;
  key_id: string;
  algorithm: string;
  public_pem: string;
  sealed_key: string;
  origin: string;
  /** The key's self-signed certificate (PEM) where its purpose needs one; '' otherwise (migration 0042). */
  certificate_pem: Generated<string>;
  created_at: number;
}
