import type { Business } from '../constants';
import type { PermissionNode } from './types';

type Names = [zh: string, en: string];

function menu(id: string, icon: string, [zh, en]: Names, scope: PermissionNode['scope'] = 'property'): PermissionNode {
  return { id, parent: null, kind: 'menu', scope, icon, name: { 'zh-cn': zh, en } };
}

function page(
  parent: string,
  key: string,
  route: string,
  [zh, en]: Names,
  business?: Business,
  scope: PermissionNode['scope'] = 'property',
): PermissionNode {
  return {
    id: `${parent}.${key}`,
    parent,
    kind: 'page',
    scope,
    route,
    ...(business ? { business } : {}),
    name: { 'zh-cn': zh, en },
  };
}

/**
 * The menus and pages of the permission catalogue: every menu and page of spec/routes.tsv (pages and back-office
 * pages), as a flat list whose tree follows from `parent`. Platform (back-office) pages sit under the `back` menu
 * with `scope: 'platform'`. This is what the console's side menu needs, so the shell imports this module alone;
 * function nodes live in `functions.ts` and the whole catalogue in `catalogue.ts`.
 */
export const menuCatalogue: readonly PermissionNode[] = [
  menu('general', 'HomeOutlined', ['常用', 'General']),
  page('general', 'home', '/home', ['首页', 'Home']),
  { ...page('general', 'landing', '/', ['欢迎页', 'Welcome']), inMenu: false },
  page('general', 'messages', '/msg/MsgCenter', ['消息中心', 'Message centre']),

  menu('account', 'TeamOutlined', ['物业管理', 'Property admin']),
  page('account', 'title', '/Account/TitlePage', ['职务管理', 'Titles']),
  page('account', 'userSet', '/Account/UserSetPage', ['用户集', 'User sets']),
  page('account', 'customer', '/Account/CustomerPage', ['客户管理', 'Customers']),
  page('account', 'property', '/Account/PropertyPage', ['我的物业', 'My properties']),
  page('account', 'permissionSet', '/Account/PermissionSetPage', ['权限集', 'Permission sets']),
  page('account', 'admin', '/Account/AddAdminForPerSetPage', ['管理员设置', 'Administrators']),

  menu('firmware', 'CloudUploadOutlined', ['固件升级', 'Firmware updates']),
  page('firmware', 'overview', '/fota/FotaMainPage', ['升级概览', 'Overview'], 'firmware'),
  page('firmware', 'task', '/fota/FotaTaskPage', ['升级任务', 'Update tasks'], 'firmware'),
  page('firmware', 'diffPackage', '/fota/FotaDiffPkgPage', ['差分包', 'Delta packages'], 'firmware'),
  page('firmware', 'software', '/fota/FotaSoftwarePage', ['固件版本', 'Firmware versions'], 'firmware'),
  page('firmware', 'terminal', '/fota/FotaTerminalPage', ['升级终端', 'Update terminals'], 'firmware'),
  page('firmware', 'directive', '/fota/FotaDirectivePage', ['指令管理', 'Commands'], 'firmware'),

  menu('files', 'FolderOutlined', ['文件与空间', 'Files and spaces']),
  // Spaces (modules/space): every member reaches their own spaces (EVERY_MEMBER_PAGES, functions.ts);
  // `spaceBackDetail` is the management page of the property's spaces (seeing it is the read right).
  page('files', 'fileSpace', '/Tis/File/FileSpace', ['文件空间', 'File spaces'], 'terminal'),
  page('files', 'fileList', '/Tis/File/FileListPage', ['文件列表', 'Files'], 'terminal'),
  page('files', 'terminalSpace', '/Tis/space/TerminalSpace', ['终端空间', 'Terminal spaces'], 'terminal'),
  {
    ...page('files', 'spaceDetail', '/Tis/space/SpaceDetailPage', ['我的空间详情', 'My space details'], 'terminal'),
    inMenu: false,
  },
  {
    ...page('files', 'spaceItem', '/Tis/space/SpaceItemDetail', ['空间分组详情', 'Space group details'], 'terminal'),
    inMenu: false,
  },
  {
    ...page('files', 'spaceBackDetail', '/Tis/space/SpaceBackDetailPage', ['空间管理', 'Space management'], 'terminal'),
    inMenu: false,
  },
  page('files', 'repository', '/filerepository/filerepositorypage', ['文件仓库', 'File repository'], 'terminal'),

  menu('terminals', 'DesktopOutlined', ['终端与数据', 'Terminals and data']),
  page('terminals', 'list', '/Tis/Terminal/TerminalListPage', ['终端列表', 'Terminals'], 'terminal'),
  // Opened from a device of the list (`?deviceId=`): not a menu entry of its own.
  {
    ...page('terminals', 'detail', '/Tis/Terminal/TerminalDetail', ['终端详情', 'Terminal details'], 'terminal'),
    inMenu: false,
  },
  page('terminals', 'data', '/Tis/datamgr/DataMgrMainPage', ['数据管理', 'Data management'], 'terminal'),

  menu('tools', 'ToolOutlined', ['PC 软件', 'PC software']),
  page('tools', 'appInfo', '/Wekit/WekitAppInfo', ['软件信息', 'Software details'], 'pctools'),
  page('tools', 'list', '/Wekit/WekitToolsPage', ['工具列表', 'Tools'], 'pctools'),
  page('tools', 'main', '/Wekit/WekitMainToolPage', ['主工具', 'Main tools'], 'pctools'),
  page('tools', 'version', '/Wekit/AppVersionDetailPage', ['版本详情', 'Version details'], 'pctools'),
  page('tools', 'release', '/Wekit/WekitToolReleasePage', ['工具发布', 'Tool releases'], 'pctools'),

  menu('ukey', 'KeyOutlined', ['Ukey 管理', 'Ukey']),
  page('ukey', 'manage', '/ukey/UkeyManagePage', ['Ukey 列表', 'Ukey list'], 'ukey'),

  menu('appService', 'AppstoreOutlined', ['应用服务', 'App service']),
  page('appService', 'platform', '/AppService/plat/PlatAppPage', ['平台应用', 'Platform apps'], 'appstore'),
  page('appService', 'appInfo', '/AppService/appstore/AppInfoPage', ['应用信息', 'App details'], 'appstore'),
  page('appService', 'store', '/AppService/appstore/AppStorePage', ['应用商店', 'App store'], 'appstore'),
  page('appService', 'group', '/AppService/group/AppGroupMgrPage', ['应用分组', 'App groups'], 'appstore'),
  page('appService', 'process', '/AppService/process/AppProcessPage', ['应用流程', 'App workflow'], 'appstore'),
  page('appService', 'audit', '/AppService/process/AppProcessAuditPage', ['应用审核', 'App review'], 'appstore'),

  menu('process', 'AuditOutlined', ['业务流程', 'Business process']),
  page('process', 'memberAudit', '/BusinessProcess/MemberAuditPage', ['成员审核', 'Member approval'], 'process'),
  page('process', 'settings', '/BusinessProcess/ProcesssSettingsPage', ['流程设置', 'Workflow settings'], 'process'),
  page(
    'process',
    'securityRouteAudit',
    '/BusinessProcess/SecurityRouteAuditPage',
    ['安全路由审核', 'Secure route approval'],
    'process',
  ),

  menu('security', 'SafetyOutlined', ['安全链', 'Security chain']),
  page('security', 'device', '/SecurityChain/DevSettingPage', ['设备设置', 'Device settings'], 'security'),
  page('security', 'grant', '/SecurityChain/GrantManagePage', ['授权管理', 'Authorisations'], 'security'),
  page(
    'security',
    'deviceDetail',
    '/SecurityChain/DevSettingDetailPage',
    ['设备设置详情', 'Device setting details'],
    'security',
  ),
  page('security', 'routedCmd', '/SecurityChain/DevSettingRoutedCmdPage', ['路由指令', 'Routed commands'], 'security'),

  menu('signing', 'SignatureOutlined', ['签名管理', 'Signing']),
  page('signing', 'module', '/SignMgtSystem/SignModulePage', ['签名模块', 'Signing modules'], 'signing'),
  page(
    'signing',
    'permissionSet',
    '/SignMgtSystem/PermissionSetPage',
    ['签名权限集', 'Signing permission sets'],
    'signing',
  ),
  page(
    'signing',
    'certAuth',
    '/SignMgtSystem/WorkCertAuthPage',
    ['工作证书授权', 'Work certificate grants'],
    'signing',
  ),
  page(
    'signing',
    'permissionGroup',
    '/SignMgtSystem/PermissionSetGroupPage',
    ['权限集分组', 'Permission set groups'],
    'signing',
  ),
  page('signing', 'cert', '/SignMgtSystem/WorkCertManagementPage', ['工作证书管理', 'Work certificates'], 'signing'),
  page(
    'signing',
    'groupAuth',
    '/SignMgtSystem/PermissionSetGroupAuthPage',
    ['权限集分组授权', 'Permission set group grants'],
    'signing',
  ),

  menu('manage', 'SettingOutlined', ['管理', 'Management']),
  page('manage', 'users', '/UserManage/UserListPage', ['用户管理', 'Users']),
  page('manage', 'functions', '/ToolsManage/FuncListPage', ['功能管理', 'Functions'], 'security'),
  page('manage', 'responses', '/ToolsManage/ResponseListPage', ['响应管理', 'Responses'], 'security'),
  page('manage', 'securityList', '/ToolsManage/SecurityListPage', ['安全管理', 'Security']),
  page('manage', 'terminals', '/ToolsManage/TerminalListPage', ['终端管理', 'Terminal management'], 'pctools'),

  menu('back', 'ControlOutlined', ['后台管理', 'Back office'], 'platform'),
  page('back', 'home', '/Backend/BackendHome', ['后台首页', 'Back-office home'], undefined, 'platform'),
  page('back', 'users', '/Account/BackUserInfo', ['用户信息', 'User information'], undefined, 'platform'),
  page('back', 'titles', '/Account/BackTitlePage', ['职务管理', 'Titles'], undefined, 'platform'),
  page('back', 'userSets', '/Account/BackUserSetPage', ['用户集', 'User sets'], undefined, 'platform'),
  page('back', 'properties', '/Account/BackPropertyPage', ['物业管理', 'Properties'], undefined, 'platform'),
  page('back', 'orgs', '/Account/BackOrgManagePage', ['组织管理', 'Organisations'], undefined, 'platform'),
  page(
    'back',
    'permissionSets',
    '/Account/BackPermissionSetPage',
    ['权限集', 'Permission sets'],
    undefined,
    'platform',
  ),
  page('back', 'spaces', '/Tis/space/SpaceListPage', ['空间列表', 'Spaces'], 'terminal', 'platform'),
  page('back', 'terminals', '/Tis/Terminal/BackTerminalListPage', ['终端列表', 'Terminals'], 'terminal', 'platform'),
  {
    ...page(
      'back',
      'terminalDetail',
      '/Tis/Terminal/BackTerminalDetail',
      ['终端详情', 'Terminal details'],
      'terminal',
      'platform',
    ),
    inMenu: false,
  },
  page(
    'back',
    'toolRepository',
    '/Backend/ToolsManage/BackToolsRepository',
    ['工具仓库', 'Tool repository'],
    'pctools',
    'platform',
  ),
  page(
    'back',
    'toolRelease',
    '/Backend/ToolsManage/BackToolsReleasePage',
    ['工具发布', 'Tool releases'],
    'pctools',
    'platform',
  ),
  page(
    'back',
    'businessGrant',
    '/Backend/ToolsManage/BackBusinessGrantPage',
    ['业务授权', 'Business grants'],
    undefined,
    'platform',
  ),
  page(
    'back',
    'mainToolPlatform',
    '/Backend/ToolsManage/BackMainToolsPlatformPage',
    ['主工具平台', 'Main tool platforms'],
    'pctools',
    'platform',
  ),
  page(
    'back',
    'securityRoute',
    '/Backend/SecurityRoute/SecurityRoutePlatPage',
    ['安全路由', 'Secure routes'],
    'security',
    'platform',
  ),
];
