/** What a repository and a device's list show of a version on the shelf (`app_versions as v`, `apps as a`, `app_files as f`). */
export const SHELVED_COLUMNS = [
  'v.app_version_id',
  'v.app_id',
  'v.version_code',
  'v.version_name',
  'v.fid',
  'v.force_update',
  'v.publish_time',
  'v.created_at',
  'a.package_name',
  'a.created_at as app_created_at',
  'a.updated_at as app_updated_at',
  'f.size',
  'f.sha256',
  'f.analysis',
] as const;
