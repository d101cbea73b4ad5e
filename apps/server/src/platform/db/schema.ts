import type { Generated } from 'kysely';

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

/** One stored content (platform/storage): the bytes are in the BlobStore under `sha256`. */
export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: number;
  /** When the last reference was dropped; null while any is held. */
  orphaned_at: number | null;
  /** SHA-1 and MD5 (hawkBit DDI artifacts), null until first needed (migration 0028). */
  sha1: string | null;
  md5: string | null;
}

/** Who keeps a blob: an owner string (`file:<fid>`, `upload:<id>`, …). */
export interface BlobRefsTable {
  sha256: string;
  owner: string;
  created_at: number;
}

/** A resumable (tus) upload in flight. */
export interface UploadsTable {
  id: string;
  /** The upload mount it was started through (its path). */
  mount: string;
  uid: string;
  size: number;
  /** JSON: what the mount's `onCreate` answered. */
  context: string;
  created_at: number;
  expires_at: number;
}

export interface CodesTable {
  id: string;
  phone: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  used_at: number | null;
  attempts: number;
  created_at: number;
}

export interface LoginFailuresTable {
  account: string;
  failures: number;
  locked_until: number;
  updated_at: number;
}

export interface OutboxTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  template: string;
  /** JSON text. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
  error: string | null;
}

/** The durable job queue (platform/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Not before this time (epoch ms): the first run, or the next retry. */
  run_at: number;
  /** Claims so far. */
  attempts: Generated<number>;
  max_attempts: number;
  /** Unique among jobs not yet finished: a second enqueue answers the first job. */
  dedupe_key: string | null;
  locked_by: string | null;
  /** The lease: past it, another worker may claim the job again. */
  locked_until: number | null;
  /** JSON text of the last progress the handler reported. */
  progress: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface AuditLogTable {
  seq: number;
  at: number;
  actor_uid: string | null;
  pno: string | null;
  endpoint: string;
  target: string | null;
  result: number;
  address: string;
  request_id: string;
  prev_hash: string;
  hash: string;
}

export interface NewsTable {
  nid: string;
  /** The recipient. */
  uid: string;
  pno: string | null;
  /** invite | join | joinResult | role | task | review | system */
  news_type: string;
  /**
   * Rows before migration 0008: the text, in the recipient's language at the time. Later rows: the text in the
   * recipient's language when written, kept as a fallback; readers render `news_key` + `params` in their own.
   */
  title: string;
  content: string;
  /** A key of platform/news/catalogue.ts (null on rows written before 0008). */
  news_key: string | null;
  /** JSON parameters of `news_key`. */
  params: string | null;
  /** JSON `{ kind, id }` of the related object, opened from the message centre. */
  link: string | null;
  read_at: number | null;
  created_at: number;
}

export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: number;
}

/** A title or a user set (migration 0005): a named group of the property's members. */
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

export interface TitlesTable extends MemberGroupColumns {
  tid: string;
}

export interface UserSetsTable extends MemberGroupColumns {
  usid: string;
}

export interface CustomersTable extends MemberGroupColumns {
  cid: string;
  code: string;
  /** `code` lower-cased, NULL when there is none; unique per property. */
  code_key: string | null;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  address: string;
  /** The customer property this customer stands for (migration 0033); NULL when none. */
  property_pno: string | null;
}

interface MembershipColumns {
  pno: string;
  uid: string;
  added_by: string | null;
  added_at: number;
}

export interface TitleUsersTable extends MembershipColumns {
  tid: string;
}

export interface UserSetUsersTable extends MembershipColumns {
  usid: string;
}

export interface CustomerUsersTable extends MembershipColumns {
  cid: string;
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

/** A permission set (migration 0003): catalogue ids bundled for administrators of one property. */
export interface PermissionSetsTable {
  psid: string;
  pno: string;
  name: string;
  /** `name` folded (platform/db/sql-helpers nameKey); unique per property. */
  name_key: string;
  remark: string;
  /** JSON array of catalogue ids. */
  permissions: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A set assigned to a member, who is then an administrator; `*_limited` 1 when `admin_scopes` limit it. */
export interface PermissionSetAdminsTable {
  psid: string;
  uid: string;
  pno: string;
  org_limited: number;
  space_limited: number;
  assigned_by: string | null;
  assigned_at: number;
}

/** The organisation subtrees (`org`) or spaces (`space`) a limited assignment applies to. */
export interface AdminScopesTable {
  psid: string;
  uid: string;
  pno: string;
  kind: 'org' | 'space';
  ref_id: string;
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

/** A property's default flow for one apply type (migration 0016, modules/workflow). */
export interface FlowSettingsTable {
  flow_id: string;
  pno: string;
  apply_type: string;
  version: number;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One step of a default flow. */
export interface FlowStepsTable {
  step_id: string;
  pno: string;
  flow_id: string;
  apply_type: string;
  /** 1-based position. */
  sort: number;
  name: string;
  /** any | all */
  rule: string;
  skip_applicant: number;
  /** JSON [{ t: 1 | 2 | 3 | 4, id }]. */
  auditors: string;
  created_at: number;
  updated_at: number;
}

/** Who may audit an apply type besides its permission's holders. */
export interface ApplyTypeAuditorsTable {
  pno: string;
  apply_type: string;
  /** SPEC §3: 1 user, 2 title, 3 user set, 4 unit. */
  auth_type: number;
  ref_id: string;
  created_at: number;
}

/** An application routed through the workflow engine. */
export interface FlowApplicationsTable {
  apply_id: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  subject_id: string | null;
  subject_name: string;
  /** JSON object. */
  snapshot: string;
  /** JSON: the steps as submitted. */
  flow: string;
  step_index: number;
  step_num: number;
  /** pending | passed | rejected | withdrawn */
  state: string;
  reason: string;
  version: number;
  history_num: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** An auditor of an application's current step who has not acted yet (the to-do lists). */
export interface FlowPendingTable {
  apply_id: string;
  uid: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  /** The application's submission time. */
  created_at: number;
  since: number;
}

/** Rows of flow_pending per auditor and type. */
export interface FlowTodoCountsTable {
  pno: string;
  uid: string;
  apply_type: string;
  n: number;
}

/** An auditor's last action on an application (the done lists). */
export interface FlowDoneTable {
  apply_id: string;
  uid: string;
  pno: string;
  apply_type: string;
  applicant_uid: string;
  created_at: number;
  action: string;
  acted_at: number;
}

/** One entry of an application's history (append-only). */
export interface FlowHistoryTable {
  id: string;
  pno: string;
  apply_id: string;
  seq: number;
  action: string;
  step_index: number;
  actor_uid: string | null;
  comment: string;
  /** JSON array of uids. */
  targets: string;
  created_at: number;
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

export interface Database {
  users: UsersTable;
  properties: PropertiesTable;
  property_businesses: PropertyBusinessesTable;
  property_members: PropertyMembersTable;
  sessions: SessionsTable;
  device_credentials: DeviceCredentialsTable;
  codes: CodesTable;
  blobs: BlobsTable;
  blob_refs: BlobRefsTable;
  uploads: UploadsTable;
  login_failures: LoginFailuresTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  server_keys: ServerKeysTable;
  news: NewsTable;
  jobs: JobsTable;
  permission_sets: PermissionSetsTable;
  permission_set_admins: PermissionSetAdminsTable;
  admin_scopes: AdminScopesTable;
  orgs: OrgsTable;
  org_requests: OrgRequestsTable;
  org_member_counts: OrgMemberCountsTable;
  org_member_totals: OrgMemberTotalsTable;
  titles: TitlesTable;
  title_users: TitleUsersTable;
  user_sets: UserSetsTable;
  user_set_users: UserSetUsersTable;
  customers: CustomersTable;
  customer_users: CustomerUsersTable;
  device_types: DeviceTypesTable;
  device_platforms: DevicePlatformsTable;
  device_models: DeviceModelsTable;
  devices: DevicesTable;
  device_presence: DevicePresenceTable;
  device_enrolment_keys: DeviceEnrolmentKeysTable;
  mender_identities: MenderIdentitiesTable;
  spaces: SpacesTable;
  space_quota_records: SpaceQuotaRecordsTable;
  space_groups: SpaceGroupsTable;
  space_reservations: SpaceReservationsTable;
  space_applications: SpaceApplicationsTable;
  files: FilesTable;
  common_files: CommonFilesTable;
  flow_settings: FlowSettingsTable;
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
  access_tokens: AccessTokensTable;
  signing_service_keys: SigningServiceKeysTable;
  flow_steps: FlowStepsTable;
  apply_type_auditors: ApplyTypeAuditorsTable;
  flow_applications: FlowApplicationsTable;
  flow_pending: FlowPendingTable;
  flow_todo_counts: FlowTodoCountsTable;
  flow_done: FlowDoneTable;
  flow_history: FlowHistoryTable;
  fw_packages: FwPackagesTable;
  fw_package_files: FwPackageFilesTable;
  fw_package_customers: FwPackageCustomersTable;
  fw_keys: FwKeysTable;
  fw_upgrade_records: FwUpgradeRecordsTable;
  fw_deltas: FwDeltasTable;
  fw_temp_files: FwTempFilesTable;
  fw_temp_devices: FwTempDevicesTable;
  fw_temp_tasks: FwTempTasksTable;
  fw_commands: FwCommandsTable;
  device_actions: DeviceActionsTable;
  fw_tasks: FwTasksTable;
  fw_task_devices: FwTaskDevicesTable;
  fw_task_claims: FwTaskClaimsTable;
  fw_task_attempts: FwTaskAttemptsTable;
  fw_task_rules: FwTaskRulesTable;
  fw_task_samples: FwTaskSamplesTable;
  /** Sequences portable across dialects (audit chain order, pno numbers). */
  counters: { name: string; value: Generated<number> };
}

/** A file kept in a space (migration 0014, modules/file); its bytes are the blob `sha256`, held by `file:<fid>`. */
export interface FilesTable {
  fid: string;
  pno: string;
  sid: string;
  /** A group of the space's tree, or the sid (the root). */
  group_id: string;
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  uid: string | null;
  created_at: number;
  updated_at: number;
}

/** A common file of the PC software store (migration 0014, modules/file); its blob is held by `commonFile:<id>`. */
export interface CommonFilesTable {
  id: string;
  pno: string;
  name: string;
  version: Generated<string>;
  remark: Generated<string>;
  file_name: string;
  size: number;
  sha256: string;
  content_type: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
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

/** A key the signing service holds for a property's own signatures, e.g. firmware manifests (migration 0033). */
export interface SigningServiceKeysTable {
  pno: string;
  purpose: string;
  key_id: string;
  algorithm: string;
  public_pem: string;
  sealed_key: string;
  origin: string;
  created_at: number;
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

/** A temporary firmware file (migration 0025, modules/firmware-temp); its blob is held by `fwTempFile:<id>`. */
export interface FwTempFilesTable {
  id: string;
  pno: string;
  fid: string;
  name: string;
  size: number;
  sha256: string;
  content_type: string;
  uid: string | null;
  created_at: number;
}

/** A member's test device (migration 0025). */
export interface FwTempDevicesTable {
  pno: string;
  uid: string;
  device_id: string;
  remark: Generated<string>;
  created_at: number;
}

/** A temporary task: a file tried on some test devices (migration 0025). */
export interface FwTempTasksTable {
  id: string;
  pno: string;
  name: string;
  remark: Generated<string>;
  file_id: string | null;
  file_name: string;
  file_size: number;
  file_sha256: string;
  /** running | finished | cancelled */
  state: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A command sent to devices (migration 0026, modules/directive). */
export interface FwCommandsTable {
  cmd_id: string;
  pno: string;
  type: string;
  name: Generated<string>;
  payload: Generated<string>;
  group_id: Generated<string>;
  total: number;
  /** active | finished | cancelled */
  state: string;
  expires_at: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * One action a device should take (migration 0038, modules/device-action): its kind and the producer's campaign
 * (`source_id`), its place in the device's queue, its state and what the device said.
 */
export interface DeviceActionsTable {
  /** From the platform-wide action counter (`counters` row `fw-task-action`): hawkBit clients read 32-bit ids. */
  action_id: number;
  pno: string;
  device_id: string;
  /** firmware | tempFirmware | command */
  kind: string;
  source_id: string;
  priority: Generated<number>;
  /** pending | delivered | running | succeeded | failed | cancelled | expired */
  state: string;
  /** The producer's finer step while running (downloading, installing, …), or ''. */
  stage: Generated<string>;
  progress: Generated<number>;
  message: Generated<string>;
  protocol: Generated<string>;
  /** null | requested | confirmed | rejected */
  cancel_state: string | null;
  expires_at: number | null;
  created_at: number;
  delivered_at: number | null;
  finished_at: number | null;
  cancel_at: number | null;
  updated_at: number;
}

/** A firmware update task (migration 0024, modules/firmware-task). */
export interface FwTasksTable {
  id: string;
  pno: string;
  name: string;
  remark: Generated<string>;
  sw_id: string;
  /** The property owning the package (migration 0036): the task's own, or one that shared it with the task's. */
  sw_pno: string | null;
  sw_type: string;
  sw_name: string;
  sw_version: string;
  state: string;
  pause_reason: string | null;
  disabled_from: string | null;
  mode: string;
  execution: string;
  stage_count: Generated<number>;
  current_stage: Generated<number>;
  stage_times: Generated<string>;
  apply_id: string | null;
  version: Generated<number>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  scheduled_at: number | null;
  started_at: number | null;
  finished_at: number | null;
  /** Its rows in fw_task_devices, every state (migration 0035). */
  device_rows: Generated<number>;
}

/** A device in a task (migration 0024). */
export interface FwTaskDevicesTable {
  task_id: string;
  pno: string;
  device_id: string;
  source: string;
  rule_id: string | null;
  stage: Generated<number>;
  ord: Generated<number>;
  state: string;
  exclude_reason: string | null;
  attempts: Generated<number>;
  action_id: number | null;
  error_code: Generated<string>;
  next_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The active task holding a device for a software type (migration 0024). */
export interface FwTaskClaimsTable {
  pno: string;
  sw_type: string;
  device_id: string;
  task_id: string;
}

/** One delivery attempt: the device API's action (migration 0024). */
export interface FwTaskAttemptsTable {
  id: string;
  pno: string;
  task_id: string;
  device_id: string;
  action_id: number;
  attempt: number;
  state: string;
  error_code: Generated<string>;
  detail: Generated<string>;
  from_version: Generated<string>;
  to_version: string;
  delta_id: string | null;
  bytes: Generated<number>;
  progress: Generated<number>;
  protocol: Generated<string>;
  created_at: number;
  offer_at: number | null;
  download_at: number | null;
  install_at: number | null;
  finish_at: number | null;
  updated_at: number;
  /** The attempt's state when it was cancelled (migration 0027). */
  cancel_from: string | null;
}

/** A task's saved rule (migration 0024). */
export interface FwTaskRulesTable {
  id: string;
  pno: string;
  task_id: string;
  name: string;
  filter: string;
  matched: Generated<number>;
  created_at: number;
}

/** A task's device counts per state at a time (migration 0024). */
export interface FwTaskSamplesTable {
  task_id: string;
  pno: string;
  at: number;
  counts: string;
}

type TablesWithPno = { [K in keyof Database]: 'pno' extends keyof Database[K] ? K : never }[keyof Database];

/**
 * Tables whose rows belong to one property (a `pno` column), which every read, update and delete must filter by
 * property (platform/tenancy/tenant-guard.ts). Not here, though they have a `pno`: `properties` (the tenants
 * themselves), `news` (a user's own messages, read by uid; `pno` only says where one came from) and `audit_log`
 * (the platform's record, read by operators) and `device_credentials` (looked up by the token's hash before the
 * property is known: the credential names the device's property). The type below fails to compile when a table with a `pno` column
 * is neither listed nor named as an exception.
 */
export const TENANT_TABLES = [
  'property_businesses',
  'property_members',
  'permission_sets',
  'permission_set_admins',
  'admin_scopes',
  'orgs',
  'org_requests',
  'org_member_counts',
  'org_member_totals',
  'titles',
  'title_users',
  'user_sets',
  'user_set_users',
  'customers',
  'customer_users',
  'device_types',
  'device_platforms',
  'device_models',
  'devices',
  'device_enrolment_keys',
  'mender_identities',
  'spaces',
  'space_quota_records',
  'space_groups',
  'space_reservations',
  'space_applications',
  'files',
  'common_files',
  'flow_settings',
  'flow_steps',
  'apply_type_auditors',
  'flow_applications',
  'flow_pending',
  'flow_todo_counts',
  'flow_done',
  'flow_history',
  'fw_packages',
  'fw_package_files',
  'fw_package_customers',
  'fw_keys',
  'fw_upgrade_records',
  'fw_deltas',
  'fw_temp_files',
  'fw_temp_devices',
  'fw_temp_tasks',
  'fw_commands',
  'device_actions',
  'fw_tasks',
  'fw_task_devices',
  'fw_task_claims',
  'fw_task_attempts',
  'fw_task_rules',
  'fw_task_samples',
  'signing_ukeys',
  'signing_certs',
  'signing_modules',
  'signing_cert_sign_rels',
  'signing_cert_platforms',
  'signing_collection_groups',
  'signing_collections',
  'signing_collection_items',
  'signing_auths',
  'signing_records',
  'access_tokens',
  'signing_service_keys',
] as const satisfies readonly TablesWithPno[];

type Unlisted = Exclude<
  TablesWithPno,
  (typeof TENANT_TABLES)[number] | 'properties' | 'news' | 'audit_log' | 'device_credentials'
>;
/** Compile-time check that TENANT_TABLES is complete (a new tenant table must be listed). */
export const tenantTablesComplete: [Unlisted] extends [never] ? true : Unlisted = true;
