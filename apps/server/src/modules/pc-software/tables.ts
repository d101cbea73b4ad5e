import type { Generated } from 'kysely';

/** The tables modules/pc-software owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface PcSoftwareTables {
  soft_infos: SoftInfosTable;
  soft_relations: SoftRelationsTable;
  soft_platform_grants: SoftPlatformGrantsTable;
  soft_versions: SoftVersionsTable;
  soft_installers: SoftInstallersTable;
  soft_change_records: SoftChangeRecordsTable;
  soft_release_managers: SoftReleaseManagersTable;
  soft_trial_users: SoftTrialUsersTable;
  soft_terminals: SoftTerminalsTable;
  soft_download_stats: SoftDownloadStatsTable;
}

/** A piece of software of a property, kept in one of its software spaces (migration 0052). */
export interface SoftInfosTable {
  soft_id: string;
  pno: string;
  /** The software space it lives in (softSid): its installers are files of that space. */
  sid: string;
  /** The id installed clients and the public download page name it by (unique across properties). */
  public_id: string;
  name: string;
  description: Generated<string>;
  icon_fid: Generated<string>;
  /** 0 free, 1 licensed, 2 trial (contract SOFT_AUTH_TYPES). */
  auth_type: number;
  /** `main` (a main tool, which may have child tools) or `child`. */
  kind: string;
  /** 1 when an operator made this main tool a platform main tool (granted to other properties). */
  platform_main: Generated<number>;
  /** The CMS sign module installers are signed with ('' none: installers are kept unsigned). */
  sign_module_id: Generated<string>;
  /** Lower-cased name and description, searched by the lists. */
  search_text: Generated<string>;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A child tool under a main tool (the main tool may be a platform main tool of another property). */
export interface SoftRelationsTable {
  pno: string;
  child_soft_id: string;
  main_soft_id: string;
  position: Generated<number>;
  created_at: number;
}

/** A platform main tool an operator granted a property (`pno` the property granted). */
export interface SoftPlatformGrantsTable {
  pno: string;
  soft_id: string;
  granted_by: string;
  granted_at: number;
}

/** One version of a piece of software. */
export interface SoftVersionsTable {
  version_id: string;
  pno: string;
  soft_id: string;
  /** As the publisher writes it: 1–4 dot-separated numbers (`2.10.3`, `1.0.0.1024`). */
  version: string;
  /** The version's numbers zero-padded to 10 digits each, four parts: orders versions as text. */
  version_key: string;
  notes_zh: Generated<string>;
  notes_en: Generated<string>;
  /** Where it is released now: '' nowhere, `beta` or `stable` (stable reaches beta callers too). */
  channel: Generated<string>;
  /** The channel a release asks for while it waits for approval ('' none pending). */
  pending_channel: Generated<string>;
  /** The workflow application of the pending release ('' none). */
  apply_id: Generated<string>;
  /** Why the last release application was rejected ('' none). */
  reject_reason: Generated<string>;
  released_by: Generated<string>;
  released_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** An installer of a version for one operating system, architecture and format: a file of the software's space. */
export interface SoftInstallersTable {
  installer_id: string;
  pno: string;
  soft_id: string;
  version_id: string;
  /** `windows`, `macos` or `linux`. */
  os: string;
  /** `x64`, `arm64` or `universal`. */
  arch: string;
  /** `exe`, `msi`, `dmg`, `pkg`, `deb`, `rpm`, `appimage` or `zip`. */
  format: string;
  fid: string;
  file_name: string;
  size: number;
  sha256: string;
  /** The detached CMS signature (base64 DER) made through the signing service; '' unsigned. */
  signature: Generated<string>;
  /** SHA-256 (hex) of the signing certificate's DER; '' unsigned. */
  signer_cert_sha256: Generated<string>;
  created_at: number;
}

/** One entry of a version's change record, in both languages, in the publisher's order. */
export interface SoftChangeRecordsTable {
  record_id: string;
  pno: string;
  soft_id: string;
  version_id: string;
  /** `feature`, `improvement`, `fix` or `security`. */
  kind: string;
  content_zh: Generated<string>;
  content_en: Generated<string>;
  position: number;
  created_at: number;
}

/** A member who may release a piece of software to the listed channels. */
export interface SoftReleaseManagersTable {
  pno: string;
  soft_id: string;
  uid: string;
  /** JSON list of channels (`beta`, `stable`). */
  channels: string;
  created_by: string;
  created_at: number;
}

/** An installation (install id) that receives a channel's versions until it expires. */
export interface SoftTrialUsersTable {
  trial_id: string;
  pno: string;
  soft_id: string;
  install_id: string;
  /** Who the installation belongs to, as the release manager notes it. */
  name: Generated<string>;
  channel: string;
  expires_at: number;
  created_by: string;
  created_at: number;
}

/** An installation that checked for updates: what it last reported. */
export interface SoftTerminalsTable {
  pno: string;
  soft_id: string;
  install_id: string;
  version: string;
  os: string;
  arch: string;
  channel: string;
  address: Generated<string>;
  check_count: Generated<number>;
  first_seen: number;
  last_seen: number;
}

/** Update checks and downloads counted per version, platform and UTC day (`day` the day's first millisecond). */
export interface SoftDownloadStatsTable {
  pno: string;
  soft_id: string;
  version_id: string;
  os: string;
  arch: string;
  day: number;
  checks: Generated<number>;
  downloads: Generated<number>;
}
