import type { PermissionNode } from './types';

type Names = [zh: string, en: string];

/** A function inside a page (a finer permission than seeing the page); it inherits the page's business. */
function func(parent: string, key: string, [zh, en]: Names): PermissionNode {
  return { id: `${parent}.${key}`, parent, kind: 'function', scope: 'property', name: { 'zh-cn': zh, en } };
}

/**
 * Personal pages every member of a property holds, as the general pages, when their business is enabled: their own
 * spaces (modules/space answers each member only their own). Marked `everyMember` in the joined catalogue; kept here,
 * out of the console shell's menus.ts.
 */
export const EVERY_MEMBER_PAGES: readonly string[] = [
  'files.fileSpace',
  'files.terminalSpace',
  'files.spaceDetail',
  'files.spaceItem',
  'files.fileList',
  // Approval workflows (modules/workflow): every member's own reviews (to-do, done) and applications.
  'process.memberAudit',
  // Signing (modules/signing): every member sees the sign modules and signs with those they are authorised for.
  'signing.module',
  // The app store (modules/app-store): every member develops their own apps (the ByUser calls).
  'appService.appInfo',
  // Platform apps (modules/app-store): every member sees the apps the operator offers every property.
  'appService.platform',
];

/**
 * The function nodes of the permission catalogue, each under its page. Kept apart from the menus and pages
 * (`menus.ts`) so that the console shell, which draws the side menu, does not load them: they grow with every
 * capability, the menu never shows them.
 */
export const functionCatalogue: readonly PermissionNode[] = [
  // Titles, user sets and customers (modules/title, user-set, customer): the page permission reads; `edit`
  // creates, edits, deletes and changes members.
  func('account.title', 'edit', [
    '新建、编辑与删除职务，任免人员',
    'Create, edit and delete titles; assign them to users',
  ]),
  func('account.userSet', 'edit', [
    '新建、编辑与删除用户集，增减成员',
    'Create, edit and delete user sets; add and remove users',
  ]),
  func('account.customer', 'edit', [
    '新建、编辑与删除客户，分配人员',
    'Create, edit and delete customers; assign users',
  ]),
  // Properties, permission sets and administrators (modules/property and permission).
  func('account.property', 'edit', ['编辑物业信息', 'Edit the property details']),
  func('account.property', 'business', ['开通或停用业务', 'Switch businesses on or off']),
  func('account.permissionSet', 'edit', ['新建、编辑与删除权限集', 'Create, edit and delete permission sets']),
  func('account.admin', 'assign', ['分配管理员与管理范围', 'Assign administrators and their scopes']),
  // The organisation tree on the property page (modules/org).
  func('account.property', 'org', ['维护组织架构', 'Edit the organisation tree']),
  func('account.property', 'member', ['管理成员（邀请、审核、移除）', 'Manage members (invite, review, remove)']),
  // Spaces (modules/space): seeing `files.spaceBackDetail` reads the property's spaces (within a space scope).
  func('files.spaceBackDetail', 'group', ['维护空间的分组树', "Edit the spaces' group trees"]),
  func('files.spaceBackDetail', 'quota', [
    '新建空间、调整配额与审核空间申请',
    'Create spaces, change quotas and review space applications',
  ]),
  // Common files (modules/file): the file repository page reads them; `edit` adds, changes and deletes them.
  func('files.repository', 'edit', ['新建、编辑与删除公共文件', 'Add, edit and delete common files']),
  // Users (modules/user).
  func('manage.users', 'edit', ['编辑与停用用户', 'Edit and disable users']),
  // Devices (modules/device): the list page reads; these change devices, admit them and bind them to users.
  func('terminals.list', 'edit', [
    '登记、编辑与删除终端，重置终端凭证',
    'Register, edit and delete terminals; reset their credentials',
  ]),
  func('terminals.list', 'admit', [
    '审核自助登记的终端，管理登记密钥',
    'Admit self-enrolled terminals; manage the enrolment key',
  ]),
  func('terminals.list', 'bind', ['绑定与解绑终端用户', 'Bind terminals to users and unbind them']),
  // Firmware packages and differential packages (modules/firmware): the pages read them.
  func('firmware.software', 'edit', [
    '新建、编辑、发布与删除固件版本，配置验签密钥',
    'Add, edit, publish and delete firmware versions; configure verification keys',
  ]),
  func('firmware.software', 'push', ['将固件版本推送给客户', 'Share firmware versions with customers']),
  func('firmware.diffPackage', 'edit', ['生成与删除差分包', 'Generate and delete delta packages']),
  // The temporary firmware service (modules/firmware-temp): try a build on a few test devices, outside releases.
  func('firmware.software', 'temp', [
    '临时固件测试：上传测试文件、维护测试终端、创建临时任务',
    'Temporary firmware: upload test builds, keep test devices, run temporary tasks',
  ]),
  // Commands (modules/command): the commands page reads; `send` sends and cancels commands.
  func('firmware.directive', 'send', [
    '向终端下发与撤销指令（重启、日志上传、恢复出厂、配置下发）',
    'Send and cancel commands to terminals (reboot, log upload, factory reset, config push)',
  ]),
  // Firmware tasks (modules/firmware-task): the tasks page reads tasks, devices, history and previews.
  func('firmware.task', 'edit', [
    '新建与编辑升级任务，分配终端，维护任务规则',
    'Create and edit update tasks, assign terminals, keep task rules',
  ]),
  func('firmware.task', 'run', [
    '发布、暂停、继续、终止、作废与停用升级任务',
    'Release, pause, continue, stop, invalidate and disable update tasks',
  ]),
  // The app store (modules/app-store): the app details page is every member's own apps; `manage` all of them.
  func('appService.appInfo', 'manage', [
    '管理本物业全部开发者的应用与版本',
    "Manage every developer's apps and versions in the property",
  ]),
  // App review tasks (modules/app-review): the app workflow page reads every task; `manage` assigns, cancels, resumes.
  func('appService.process', 'manage', ['指派、暂停与恢复应用审核任务', 'Assign, suspend and resume app review tasks']),
  // App groups (modules/app-group): the groups page reads groups and categories; `manage` changes them.
  func('appService.group', 'manage', [
    '新建、编辑与删除应用分组及其分类，选择分组的终端',
    'Create, edit and delete app groups and their categories; choose their devices',
  ]),
  // Platform apps (modules/app-store): the operator adds and removes them (a platform permission).
  {
    ...func('appService.platform', 'curate', ['添加与移除平台应用', 'Add and remove platform apps']),
    scope: 'platform',
  },
  // Approval workflows (modules/workflow): seeing the settings page reads the flows and who may audit which types.
  func('process.settings', 'edit', [
    '编辑审批流程与各申请类型的审核人',
    'Edit approval flows and who may audit each apply type',
  ]),
  func('process.settings', 'assign', [
    '查看本物业全部申请并指派审核人',
    'See every application of the property and assign its auditors',
  ]),
  // Signing (modules/signing): the pages read; `edit` changes. Signing itself needs an authorisation, not these.
  func('signing.module', 'edit', [
    '新建、编辑与删除签名模块，绑定证书，查看全部签名记录',
    'Create, edit and delete sign modules, bind certificates, see every signing record',
  ]),
  func('signing.cert', 'edit', ['生成、导入与删除工作证书', 'Generate, import and delete work certificates']),
  func('signing.certAuth', 'edit', ['授权与撤销证书使用人', 'Grant and revoke the use of certificates']),
  func('signing.permissionSet', 'edit', [
    '新建、编辑与删除签名权限集并授权',
    'Create, edit and delete signing permission collections and grant them',
  ]),
  func('signing.permissionGroup', 'edit', ['维护权限集分组', 'Edit permission collection groups']),
  func('signing.groupAuth', 'edit', ['授权与撤销权限集分组', 'Grant and revoke permission collection groups']),
  func('ukey.manage', 'edit', ['登记与注销 Ukey，管理持有人', 'Register and remove USB keys, manage their holders']),
  func('terminals.data', 'edit', ['维护终端型号、平台与类型', 'Edit terminal models, platforms and types']),
  // Security chain functions (modules/security-chain): the pages read; `edit` adds, edits and deletes.
  func('manage.functions', 'edit', ['新建、编辑与删除安全功能', 'Add, edit and delete security functions']),
  func('manage.responses', 'edit', ['新建、编辑与删除功能的响应', "Add, edit and delete functions' responses"]),
  func('security.grant', 'privileged', ['添加、停用与删除特权用户', 'Add, disable and delete privileged users']),
  func('manage.securityList', 'edit', [
    '修改授权令牌的签名算法与有效期',
    'Change the algorithm and lifetime of authorisation tokens',
  ]),
  func('security.grant', 'users', [
    '添加、停用与删除用户功能授权',
    'Add, disable and delete user function authorisations',
  ]),
  func('security.grant', 'pools', ['设置授权池', 'Set up grant pools']),
  func('security.grant', 'whiteList', ['维护白名单', 'Edit white lists']),
  func('security.device', 'edit', [
    '添加、编辑、停用与删除设备功能授权',
    'Add, edit, disable and delete device function authorisations',
  ]),
  // The PC software store (modules/pc-software): the pages read; these change software, versions and releases.
  func('tools.list', 'edit', [
    '新建、编辑与删除软件，挂接与解除子工具',
    'Create, edit and delete software; attach and detach child tools',
  ]),
  func('tools.version', 'edit', [
    '新建、编辑与删除软件版本及其安装包和变更记录',
    'Add, edit and delete software versions with their installers and change records',
  ]),
  func('tools.release', 'manage', ['任命发布管理员，管理试用用户', 'Appoint release managers and manage trial users']),
];
