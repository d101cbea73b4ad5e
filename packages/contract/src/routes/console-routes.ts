/**
 * The console's route table: the URL of every route file under `apps/web/src/routes` (unprefixed; English adds
 * `/en`). The server answers any other console path with HTTP 404 (it still serves the app, which shows its 404
 * page), and the permission tree offers only pages that are built. `tools/console-routes.test.ts` fails when this
 * list and the route files differ; `npx tsx tools/console-routes.ts` rewrites it.
 */
export const consoleRoutes: readonly string[] = [
  '/',
  '/Account/AddAdminAuthScopeForPerSetDlg',
  '/Account/AddAdminForPerSetComponent',
  '/Account/AddAdminForPerSetDlg',
  '/Account/AddAdminForPerSetPage',
  '/Account/AddCustomerMemberDialog',
  '/Account/AddUserForOrgPropertyDlg',
  '/Account/AddUserForTitleDlg',
  '/Account/AddUserSetMemberDialog',
  '/Account/BackOrgManagePage',
  '/Account/BackPermissionSetPage',
  '/Account/BackPropertyPage',
  '/Account/BackTitlePage',
  '/Account/BackUserInfo',
  '/Account/BackUserSetPage',
  '/Account/CustomerPage',
  '/Account/EditCustomerDialog',
  '/Account/EditPerSetDialog',
  '/Account/EditPerSetForAdminDialog',
  '/Account/EditPropertyDialog',
  '/Account/EditTitleDialog',
  '/Account/EditUserInfoDialog',
  '/Account/EditUserSetDialog',
  '/Account/OrgManageComponent',
  '/Account/PerSetPageComponent',
  '/Account/PerSetTreeComponent',
  '/Account/PermissionSetPage',
  '/Account/PropertyAuthorizedDlg',
  '/Account/PropertyForePageComponent',
  '/Account/PropertyPage',
  '/Account/PropertyPageComponent',
  '/Account/TitlePage',
  '/Account/TitlePageComponent',
  '/Account/UserSetPage',
  '/Account/UserSetPageComponent',
  '/Backend/BackendHome',
  '/BusinessProcess/AddDefaultReviewerDialog',
  '/BusinessProcess/ApplyFunDetailDialog',
  '/BusinessProcess/ApplyTerminalDetailDialog',
  '/BusinessProcess/AuditAssignDialog',
  '/BusinessProcess/AuditDialog',
  '/BusinessProcess/AuditerDetailDlg',
  '/BusinessProcess/EditAuditUserDlg',
  '/BusinessProcess/EditDefaultReviewerDialog',
  '/BusinessProcess/MemberAuditPage',
  '/BusinessProcess/ProcesssSettingsPage',
  '/BusinessProcess/SecurityRouteAuditPage',
  '/JoinPropertyDlg',
  '/SignMgtSystem/AddPerSetAuthDlg',
  '/SignMgtSystem/AddPerSetGrpAuthDlg',
  '/SignMgtSystem/AddPerSetGrpDlg',
  '/SignMgtSystem/NewAuthDialog',
  '/SignMgtSystem/NewPermissionSetDialog',
  '/SignMgtSystem/NewSignModuleDialog',
  '/SignMgtSystem/PermSetGrpListRemoteComponent',
  '/SignMgtSystem/PermSetListRemoteComponent',
  '/SignMgtSystem/PermissionSetGroupAuthPage',
  '/SignMgtSystem/PermissionSetGroupPage',
  '/SignMgtSystem/PermissionSetPage',
  '/SignMgtSystem/SearcCertRemoteComponent',
  '/SignMgtSystem/SignModulePage',
  '/SignMgtSystem/SignTypeComponent',
  '/SignMgtSystem/WorkCertAssociateDialog',
  '/SignMgtSystem/WorkCertAuthPage',
  '/SignMgtSystem/WorkCertManagementPage',
  '/Tis/File/FileListPage',
  '/Tis/File/FileSpace',
  '/Tis/Terminal/BackTerminalBatchBindDlg',
  '/Tis/Terminal/BackTerminalDetail',
  '/Tis/Terminal/BackTerminalListPage',
  '/Tis/Terminal/DeviceDetailComponent',
  '/Tis/Terminal/TerminalDetail',
  '/Tis/Terminal/TerminalListPage',
  '/Tis/datamgr/DataMgrMainPage',
  '/Tis/datamgr/DataMgrNewDevTypeDialog',
  '/Tis/datamgr/DataMgrNewDeviceDialog',
  '/Tis/datamgr/DataMgrNewPlatDialog',
  '/Tis/space/AddEditGroupTreeDlg',
  '/Tis/space/EditSpaceBusinessDlg',
  '/Tis/space/EditSpaceQuotaDlg',
  '/Tis/space/SpaceBackDetailPage',
  '/Tis/space/SpaceDetailCmp',
  '/Tis/space/SpaceDetailPage',
  '/Tis/space/SpaceItemDetail',
  '/Tis/space/SpaceListPage',
  '/Tis/space/TerminalSpace',
  '/Tis/space/ViewScopeQuotaHistoryDlg',
  '/UserManage/UserListPage',
  '/filerepository/AddEditCommonFileDlg',
  '/filerepository/filerepositorypage',
  '/home',
  '/msg/MsgCenter',
  '/msg/ProcessInviteMsgDialog',
  '/ukey/NewUkeyAuthDialog',
  '/ukey/UkeyAuthDialog',
  '/ukey/UkeyManagePage',
];

const known = new Set(consoleRoutes.map((r) => r.toLowerCase()));

/** The unprefixed form of a console path: `/en` dropped, one trailing slash dropped, lower case (the router ignores case). */
function normalise(path: string): string {
  let p = path.split(/[?#]/)[0] ?? '';
  if (p === '/en' || p.startsWith('/en/')) p = p.slice(3) || '/';
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.toLowerCase();
}

/** Whether a path (with or without `/en`) opens a page of the console. */
export function isConsoleRoute(path: string): boolean {
  return known.has(normalise(path));
}
