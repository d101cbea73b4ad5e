import type { Generated } from 'kysely';

/** The tables modules/app-store owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface AppStoreTables {
  apps: AppsTable;
  app_listings: AppListingsTable;
  app_versions: AppVersionsTable;
  app_version_models: AppVersionModelsTable;
  app_files: AppFilesTable;
  app_store_repos: AppStoreReposTable;
  app_store_indexes: AppStoreIndexesTable;
  installed_apps: InstalledAppsTable;
  app_pushes: AppPushesTable;
}

/** An app of a property, made by a member, its developer (migration 0041). */
export interface AppsTable {
  app_id: string;
  pno: string;
  owner_uid: string;
  package_name: string;
  free: number;
  age_level: number;
  app_type: number;
  /** 0 draft, 1 auditing, 2 passed, 3 rejected (contract AUDIT_STATUS). */
  audit_status: number;
  audit_comment: Generated<string>;
  /** The signing service's certificate and USB key ids ('' for none) and key part. */
  keystore: Generated<string>;
  ukey: Generated<string>;
  part_key: Generated<string>;
  /** Lower-cased package name and app names, searched by the lists. */
  search_text: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** An app's listing in one language. */
export interface AppListingsTable {
  app_id: string;
  pno: string;
  language: string;
  /** The order the developer gave the languages in (the first is the fallback). */
  position: number;
  app_name: string;
  summary: Generated<string>;
  description: Generated<string>;
  icon_fid: Generated<string>;
  /** JSON list of image fids. */
  screenshot_fids: Generated<string>;
  developer: Generated<string>;
  developer_link: Generated<string>;
  /** JSON list of texts. */
  labels: Generated<string>;
}

/** One version of an app: one analysed APK. */
export interface AppVersionsTable {
  app_version_id: string;
  app_id: string;
  pno: string;
  version_code: number;
  version_name: string;
  fid: string;
  support_plugin: number;
  force_update: number;
  privacy_statement: Generated<string>;
  copyrights: Generated<string>;
  audit_status: number;
  audit_comment: Generated<string>;
  demand_shelf_time: number | null;
  /** 0 none, 1 shelf review, 2 waiting for demand_shelf_time, 3 rejected (contract SHELF_STATUS). */
  shelf_status: Generated<number>;
  shelf_comment: Generated<string>;
  published: Generated<number>;
  publish_time: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** The device models a version is compatible with (none: every model). */
export interface AppVersionModelsTable {
  app_version_id: string;
  pno: string;
  model_id: string;
}

/**
 * An uploaded file of the app store: an APK (with what was read from it) or a listing image, its bytes a blob kept
 * by `appFile:<fid>`. A file no app or version names is removed a day after its upload.
 */
export interface AppFilesTable {
  fid: string;
  pno: string;
  uid: string;
  /** apk | image */
  kind: string;
  name: string;
  /** What the bytes are, read from them on upload (an APK's, or image/png, image/jpeg, image/webp). */
  content_type: string;
  size: number;
  sha256: string;
  /** The APK's analysis (JSON, contract `apkAnalysis`), '' for an image. */
  analysis: Generated<string>;
  created_at: number;
}

/** A property's F-Droid repository: its generation rises whenever what the repository shows changes. */
export interface AppStoreReposTable {
  pno: string;
  generation: number;
  updated_at: number;
}

/** A generated, signed `index-v1.jar` of one scope ('all' or a model id), a blob kept by `appIndex:<pno>:<scope>`. */
export interface AppStoreIndexesTable {
  pno: string;
  scope: string;
  generation: number;
  /** The repository address the index names. */
  address: string;
  sha256: string;
  size: number;
  created_at: number;
}

/**
 * The platform apps (README "Platform apps"): platform tables, no property of their own — every property sees them.
 * Declared apart from `AppStoreTables` so that the platform apps' files stay their own (migration 0045).
 */
export interface PlatformAppTables {
  platform_apps: PlatformAppsTable;
  platform_app_repo: PlatformAppRepoTable;
}

/** An app of a property that the operator made a platform app; `app_pno` is the property holding it. */
export interface PlatformAppsTable {
  app_id: string;
  app_pno: string;
  /** The package name when it was added: no two platform apps share one. */
  package_name: string;
  added_by: string;
  created_at: number;
}

/**
 * The one row (`key` 'platform') whose generation rises whenever what every property's F-Droid repository shows of
 * the platform apps changes: one added or removed, or the repository of a property holding one changed.
 */
export interface PlatformAppRepoTable {
  key: string;
  generation: number;
  updated_at: number;
}

/** A package a device reported it has installed (migration 0046): the device's whole set is its rows. */
export interface InstalledAppsTable {
  pno: string;
  device_id: string;
  package_name: string;
  version_code: number;
  version_name: Generated<string>;
  reported_at: number;
}

/** A push: chosen devices asked to install a version (device actions of kind `appInstall`, campaign `push_id`). */
export interface AppPushesTable {
  push_id: string;
  pno: string;
  app_id: string;
  app_version_id: string;
  force: number;
  total: number;
  /** active | finished | cancelled (contract APP_PUSH_STATES). */
  state: string;
  expires_at: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}
