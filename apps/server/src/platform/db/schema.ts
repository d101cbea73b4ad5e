import type { AppGroupTables } from '../../modules/app-group/tables';
import type { AppReviewTables } from '../../modules/app-review/tables';
import type { AppStoreTables, PlatformAppTables } from '../../modules/app-store/tables';
import type { AuthTables } from '../../modules/auth/tables';
import type { CommandTables } from '../../modules/command/tables';
import type { CustomerTables } from '../../modules/customer/tables';
import type { DeviceTables } from '../../modules/device/tables';
import type { DeviceActionTables } from '../../modules/device-action/tables';
import type { FileTables } from '../../modules/file/tables';
import type { FirmwareTables } from '../../modules/firmware/tables';
import type { FirmwareTaskTables } from '../../modules/firmware-task/tables';
import type { FirmwareTempTables } from '../../modules/firmware-temp/tables';
import type { OrgTables } from '../../modules/org/tables';
import type { PcSoftwareTables } from '../../modules/pc-software/tables';
import type { SecurityChainTables } from '../../modules/security-chain/tables';
import type { SigningTables } from '../../modules/signing/tables';
import type { SpaceTables } from '../../modules/space/tables';
import type { TitleTables } from '../../modules/title/tables';
import type { UserSetTables } from '../../modules/user-set/tables';
import type { WorkflowTables } from '../../modules/workflow/tables';
import type { AuditTables } from '../audit/tables';
import type { PlatformAuthTables } from '../auth/tables';
import type { JobsTables } from '../jobs/tables';
import type { NewsTables } from '../news/tables';
import type { OutboxTables } from '../outbox/tables';
import type { PermissionsTables } from '../permissions/tables';
import type { StorageTables } from '../storage/tables';
import type { CounterTables } from './tables';

/**
 * Every table, composed from the `tables.ts` of its owner (a module or a platform area: only the owner's files query
 * it, tools/ownership.ts). Row types follow architecture §6: text ids, bigint epoch-ms times, 0/1 flags, JSON in text.
 */
export interface Database
  extends AppGroupTables,
    AppReviewTables,
    AppStoreTables,
    AuditTables,
    AuthTables,
    CounterTables,
    CustomerTables,
    DeviceActionTables,
    DeviceTables,
    CommandTables,
    FileTables,
    FirmwareTables,
    FirmwareTaskTables,
    FirmwareTempTables,
    JobsTables,
    NewsTables,
    OrgTables,
    OutboxTables,
    PcSoftwareTables,
    PermissionsTables,
    PlatformAppTables,
    PlatformAuthTables,
    SecurityChainTables,
    SigningTables,
    SpaceTables,
    StorageTables,
    TitleTables,
    UserSetTables,
    WorkflowTables {}

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
  'device_poll_settings',
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
  'commands',
  'device_actions',
  'fw_tasks',
  'fw_task_devices',
  'fw_task_claims',
  'fw_task_attempts',
  'fw_task_rules',
  'fw_task_samples',
  'fw_task_settings',
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
  'apps',
  'app_listings',
  'app_versions',
  'app_version_models',
  'app_files',
  'app_store_repos',
  'app_store_indexes',
  'installed_apps',
  'app_pushes',
  'app_groups',
  'app_group_devices',
  'app_group_categories',
  'app_group_category_apps',
  'app_review_tasks',
  'app_review_subtasks',
  'app_review_records',
  'security_funcs',
  'security_func_responses',
  'security_privileged_users',
  'security_device_auths',
  'security_user_auths',
  'security_grant_pools',
  'security_white_lists',
  'security_settings',
  'security_func_records',
  'security_routed_commands',
  'soft_infos',
  'soft_relations',
  'soft_platform_grants',
  'soft_versions',
  'soft_installers',
  'soft_change_records',
  'soft_release_managers',
  'soft_trial_users',
  'soft_terminals',
  'soft_download_stats',
] as const satisfies readonly TablesWithPno[];

type Unlisted = Exclude<
  TablesWithPno,
  (typeof TENANT_TABLES)[number] | 'properties' | 'news' | 'audit_log' | 'device_credentials'
>;
/** Compile-time check that TENANT_TABLES is complete (a new tenant table must be listed). */
export const tenantTablesComplete: [Unlisted] extends [never] ? true : Unlisted = true;
