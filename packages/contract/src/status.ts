/**
 * The status-code catalogue (architecture §4). Every business answer is HTTP 200 with `{ status, msg, data }`.
 * `100110050401` (session expired or missing) is fixed by the spec; the others are ours, same shape:
 * `1001100 5 0 HTTP-like-suffix` for generic outcomes, `1001100 6 0 suffix` for sign-in and account outcomes
 * (kept apart so that, for instance, wrong credentials never look like an expired session to the client).
 */
export const Status = {
  ok: 0,
  invalidInput: 100110050400,
  sessionExpired: 100110050401,
  forbidden: 100110050403,
  notFound: 100110050404,
  conflict: 100110050409,
  tooLarge: 100110050413,
  tooManyAttempts: 100110050429,
  internal: 100110050500,
  accountInvalid: 100110060400,
  badCredentials: 100110060401,
  accountDisabled: 100110060403,
  accountConflict: 100110060409,
  accountLocked: 100110060423,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

export type Locale = 'zh-cn' | 'en';

interface MessageDef {
  status: StatusCode;
  'zh-cn': string;
  en: string;
}

/**
 * Every message a response can carry, once, in both languages. `{name}` placeholders are filled from the
 * params of the error. Add new keys here; never write a message text in a handler.
 */
export const messages = {
  ok: { status: Status.ok, 'zh-cn': '成功', en: 'Success' },
  invalidInput: { status: Status.invalidInput, 'zh-cn': '非法输入：{field}', en: 'Illegal input: {field}' },
  malformedJson: {
    status: Status.invalidInput,
    'zh-cn': '请求内容不是有效的 JSON',
    en: 'The request body is not valid JSON',
  },
  jsonTooDeep: {
    status: Status.invalidInput,
    'zh-cn': '请求内容嵌套过深（最多 {max} 层）',
    en: 'The request body is nested too deeply (at most {max} levels)',
  },
  malformedUpload: {
    status: Status.invalidInput,
    'zh-cn': '上传内容不完整或格式错误（multipart/form-data），请重新上传',
    en: 'The upload is malformed or was cut short (multipart/form-data); send it again',
  },
  sessionExpired: {
    status: Status.sessionExpired,
    'zh-cn': '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
  },
  deviceCredentialInvalid: {
    status: Status.sessionExpired,
    'zh-cn': '设备凭证无效或已停用',
    en: 'The device credential is invalid or disabled',
  },
  forbidden: { status: Status.forbidden, 'zh-cn': '没有权限执行此操作', en: 'You are not allowed to do this' },
  propertyRequired: { status: Status.forbidden, 'zh-cn': '请先选择物业', en: 'Select a property first' },
  businessDisabled: {
    status: Status.forbidden,
    'zh-cn': '该业务未对当前物业开通',
    en: 'This business is not enabled for the current property',
  },
  notFound: { status: Status.notFound, 'zh-cn': '对象不存在：{what}', en: 'Not found: {what}' },
  conflict: {
    status: Status.conflict,
    'zh-cn': '操作与当前状态冲突：{reason}',
    en: 'Conflicts with the current state: {reason}',
  },
  tooLarge: { status: Status.tooLarge, 'zh-cn': '内容过大', en: 'Too large' },
  tooManyAttempts: {
    status: Status.tooManyAttempts,
    'zh-cn': '尝试次数过多，请 {seconds} 秒后再试',
    en: 'Too many attempts, try again in {seconds} s',
  },
  internal: {
    status: Status.internal,
    'zh-cn': '服务器内部错误（请求号 {requestId}）',
    en: 'Internal server error (request {requestId})',
  },
  badCredentials: { status: Status.badCredentials, 'zh-cn': '账号或密码错误', en: 'Wrong account or password' },
  badCode: {
    status: Status.accountInvalid,
    'zh-cn': '验证码错误或已过期',
    en: 'The verification code is wrong or has expired',
  },
  badPassword: {
    status: Status.accountInvalid,
    'zh-cn': '密码需为 8–64 位，且同时包含字母和数字',
    en: 'The password needs 8–64 characters with both letters and digits',
  },
  badCipher: {
    status: Status.accountInvalid,
    'zh-cn': '密码无法解密，请刷新页面重试',
    en: 'The password could not be decrypted; reload the page and try again',
  },
  phoneTaken: {
    status: Status.accountConflict,
    'zh-cn': '该手机号已注册',
    en: 'This phone number is already registered',
  },
  accountDisabled: { status: Status.accountDisabled, 'zh-cn': '账号已停用', en: 'This account is disabled' },
  accountLocked: {
    status: Status.accountLocked,
    'zh-cn': '失败次数过多，账号已锁定，请 {minutes} 分钟后再试',
    en: 'Too many failed attempts; the account is locked, try again in {minutes} min',
  },
  nameTaken: {
    status: Status.conflict,
    'zh-cn': '名称“{name}”已被使用',
    en: 'The name "{name}" is already in use',
  },
  codeTaken: {
    status: Status.conflict,
    'zh-cn': '编号“{code}”已被使用',
    en: 'The code "{code}" is already in use',
  },
  customerPropertyNotFound: {
    status: Status.notFound,
    'zh-cn': '没有编号为 {pno} 的客户物业',
    en: 'There is no customer property numbered {pno}',
  },
  stillHasUsers: {
    status: Status.conflict,
    'zh-cn': '仍有 {count} 位用户，请先移除，或确认一并移除',
    en: 'Still has {count} users; remove them first, or confirm removing them too',
  },
  orgIsRoot: {
    status: Status.conflict,
    'zh-cn': '组织根节点即物业本身，不能移动、改名或删除',
    en: 'The root of the organisation tree is the property itself; it cannot be moved, renamed or deleted',
  },
  orgNotEmpty: {
    status: Status.conflict,
    'zh-cn': '“{name}”下还有 {children} 个子组织和 {members} 位成员，请先移走或删除',
    en: '"{name}" still has {children} sub-organisations and {members} members; move or remove them first',
  },
  orgCycle: {
    status: Status.conflict,
    'zh-cn': '不能把组织移动到它自己或它的下级组织之下',
    en: 'An organisation cannot be moved under itself or one of its own sub-organisations',
  },
  orgTooDeep: {
    status: Status.conflict,
    'zh-cn': '组织架构最多 {max} 级',
    en: 'The organisation tree can be at most {max} levels deep',
  },
  orgTooMany: {
    status: Status.tooLarge,
    'zh-cn': '一个物业最多 {max} 个组织',
    en: 'A property can have at most {max} organisations',
  },
  orgNameTaken: {
    status: Status.conflict,
    'zh-cn': '同级组织中已有“{name}”',
    en: 'A sibling organisation is already named "{name}"',
  },
  alreadyMember: {
    status: Status.conflict,
    'zh-cn': '该用户已是本物业成员',
    en: 'This user is already a member of the property',
  },
  joinPending: {
    status: Status.conflict,
    'zh-cn': '已提交过加入申请，请等待审核',
    en: 'A request to join this property is already waiting for review',
  },
  inviteNotPending: {
    status: Status.conflict,
    'zh-cn': '该邀请或申请已处理（{status}）',
    en: 'This invitation or request has already been handled ({status})',
  },
  inviteExpired: {
    status: Status.conflict,
    'zh-cn': '邀请已过期，请联系管理员重新邀请',
    en: 'The invitation has expired; ask the administrator to invite you again',
  },
  inviteNotApprovable: {
    status: Status.conflict,
    'zh-cn': '邀请只能由被邀请人接受；管理员只能撤回',
    en: 'Only the invitee can accept an invitation; an administrator can only withdraw it',
  },
  ownerIsFixed: {
    status: Status.conflict,
    'zh-cn': '物业所有者不能被移出或停用',
    en: 'The property owner cannot be removed or disabled',
  },
  notYourself: {
    status: Status.conflict,
    'zh-cn': '不能对自己的账号执行此操作',
    en: 'You cannot do this to your own account',
  },
  accountShared: {
    status: Status.forbidden,
    'zh-cn': '该账号还属于其他物业，只有平台运营人员可以修改',
    en: 'This account also belongs to other properties; only a platform operator can change it',
  },
  notForAdmins: {
    status: Status.forbidden,
    'zh-cn': '只有平台运营人员可以设置 {field}',
    en: 'Only a platform operator can set {field}',
  },
  permissionNotGrantable: {
    status: Status.forbidden,
    'zh-cn': '不能授予您自己没有的权限：{ids}',
    en: 'You cannot grant permissions you do not hold: {ids}',
  },
  permissionSetBeyondYou: {
    status: Status.forbidden,
    'zh-cn': '权限集“{name}”含有您没有的权限，您不能修改、删除或分配它',
    en: 'The permission set "{name}" holds permissions you do not; you cannot change, delete or assign it',
  },
  scopeBeyondYou: {
    status: Status.forbidden,
    'zh-cn': '管理范围超出了您自己的管理范围',
    en: 'The scope goes beyond your own administration scope',
  },
  businessNotAuthorised: {
    status: Status.conflict,
    'zh-cn': '业务“{business}”未获平台授权给本物业',
    en: 'The business "{business}" is not authorised for this property',
  },
  ownerHoldsEverything: {
    status: Status.conflict,
    'zh-cn': '物业所有者拥有全部权限，无需分配权限集或管理范围',
    en: 'The property owner holds every permission; sets and scopes are not assigned to them',
  },
  onlyOwnerTransfers: {
    status: Status.forbidden,
    'zh-cn': '只有物业所有者或平台运营人员可以转让物业',
    en: 'Only the property owner or a platform operator can transfer the property',
  },
  spaceQuotaExceeded: {
    status: Status.tooLarge,
    'zh-cn': '空间“{name}”配额不足：剩余 {free}，需要 {need}',
    en: 'Not enough quota left in the space "{name}": {free} free, {need} needed',
  },
  quotaBelowUsed: {
    status: Status.conflict,
    'zh-cn': '配额不能低于空间已用及上传中占用的容量（{used}）',
    en: 'The quota cannot be below what the space uses and has promised to uploads under way ({used})',
  },
  spaceBusinessOff: {
    status: Status.conflict,
    'zh-cn': '业务“{business}”未对本物业开通，不能为它建立空间',
    en: 'The business "{business}" is not enabled for this property, so it cannot have spaces',
  },
  spaceApplyPending: {
    status: Status.conflict,
    'zh-cn': '您已申请过同一业务的同类空间，请等待审核',
    en: 'You already applied for a space of this kind for this business; wait for the review',
  },
  applyNotPending: {
    status: Status.conflict,
    'zh-cn': '该申请已处理，不能再次审核',
    en: 'This application has already been handled',
  },
  applyNotYourTurn: {
    status: Status.forbidden,
    'zh-cn': '您不是该申请当前步骤的审核人',
    en: "You are not an auditor of this application's current step",
  },
  applyAlreadyActed: {
    status: Status.conflict,
    'zh-cn': '您已审核过该申请的当前步骤，请等待其他审核人',
    en: "You have already acted on this application's current step; it waits for the other auditors",
  },
  applyFinished: {
    status: Status.conflict,
    'zh-cn': '该申请已结束，不能再操作',
    en: 'This application has already ended; nothing more can be done to it',
  },
  applyStale: {
    status: Status.conflict,
    'zh-cn': '该申请刚被他人处理，请刷新后再试',
    en: 'Someone else acted on this application meanwhile; reload it and try again',
  },
  applyNotApplicant: {
    status: Status.forbidden,
    'zh-cn': '只有申请人可以撤回申请',
    en: 'Only the applicant can withdraw an application',
  },
  transmitTargetTaken: {
    status: Status.conflict,
    'zh-cn': '不能转交或指派给申请人，或已在审核本步骤的人',
    en: 'It cannot be passed to the applicant or to someone already auditing this step',
  },
  auditorNotAllowed: {
    status: Status.conflict,
    'zh-cn': '“{name}”不在此类申请的审核人范围内',
    en: '"{name}" may not audit this kind of application',
  },
  flowTooManySteps: {
    status: Status.conflict,
    'zh-cn': '一个流程最多 {max} 个步骤',
    en: 'A flow can have at most {max} steps',
  },
  stepNeedsAuditors: {
    status: Status.invalidInput,
    'zh-cn': '每个步骤至少需要一位审核人（用户、职务、用户集或组织）',
    en: 'Each step needs at least one auditor (a user, title, user set or unit)',
  },
  groupIsRoot: {
    status: Status.conflict,
    'zh-cn': '分组树的根节点即空间本身，不能改名、移动或删除',
    en: 'The root of the group tree is the space itself; it cannot be renamed, moved or deleted',
  },
  groupCycle: {
    status: Status.conflict,
    'zh-cn': '不能把分组移动到它自己或它的下级分组之下',
    en: 'A group cannot be moved under itself or one of its own sub-groups',
  },
  groupTooDeep: {
    status: Status.conflict,
    'zh-cn': '分组最多 {max} 级',
    en: 'Groups can be at most {max} levels deep',
  },
  groupTooMany: {
    status: Status.tooLarge,
    'zh-cn': '一个空间最多 {max} 个分组',
    en: 'A space can have at most {max} groups',
  },
  groupNameTaken: {
    status: Status.conflict,
    'zh-cn': '同级分组中已有“{name}”',
    en: 'A sibling group is already named "{name}"',
  },
  groupNotEmpty: {
    status: Status.conflict,
    'zh-cn': '“{name}”下还有 {children} 个子分组、{devices} 台终端和 {files} 个文件，请先移走或删除',
    en: '"{name}" still holds {children} sub-groups, {devices} devices and {files} files; move or delete them first',
  },
  emailTaken: {
    status: Status.accountConflict,
    'zh-cn': '该邮箱已被其他账号使用',
    en: 'This e-mail address is used by another account',
  },
  deviceIdTaken: {
    status: Status.conflict,
    'zh-cn': '终端编号“{deviceId}”已登记',
    en: 'The device id "{deviceId}" is already registered',
  },
  modelInUse: {
    status: Status.conflict,
    'zh-cn': '型号“{name}”仍有 {count} 台终端在用，不能删除',
    en: 'The model "{name}" is still used by {count} devices and cannot be deleted',
  },
  catalogueInUse: {
    status: Status.conflict,
    'zh-cn': '“{name}”仍被 {count} 个型号使用，不能删除',
    en: '"{name}" is still used by {count} models and cannot be deleted',
  },
  noNewDeviceKey: {
    status: Status.conflict,
    'zh-cn': '该终端没有待确认的新密钥（可能已被其他管理员处理）',
    en: 'This device has no new key waiting (another administrator may have settled it)',
  },
  pollOutsideBounds: {
    status: Status.invalidInput,
    'zh-cn': '轮询间隔须在 {min} 至 {max} 之间（平台设定的范围）',
    en: 'The polling interval must be between {min} and {max} (the range the platform allows)',
  },
  rolloutPollOutsideBounds: {
    status: Status.invalidInput,
    'zh-cn': '升级期间的轮询间隔须在 {min} 至 {max} 之间（平台设定的范围）',
    en: 'The polling interval during rollouts must be between {min} and {max} (the range the platform allows)',
  },
  rolloutPollLonger: {
    status: Status.invalidInput,
    'zh-cn': '升级期间的轮询间隔（{rollout}）不能长于常规轮询间隔（{poll}）',
    en: 'The polling interval during rollouts ({rollout}) may not be longer than the usual one ({poll})',
  },
  pollBoundsOrder: {
    status: Status.invalidInput,
    'zh-cn': '最短轮询间隔（{min}）不能长于最长轮询间隔（{max}）',
    en: 'The shortest polling interval ({min}) may not be longer than the longest ({max})',
  },
  deviceBoundElsewhere: {
    status: Status.conflict,
    'zh-cn': '该终端已绑定其他用户，请先解绑',
    en: 'The device is bound to another user; unbind it first',
  },
  notAMember: {
    status: Status.notFound,
    'zh-cn': '用户不存在或不是终端所属物业的成员',
    en: 'No such user, or the user is not a member of the device’s property',
  },
  deviceRejected: {
    status: Status.conflict,
    'zh-cn': '终端已被拒绝接入',
    en: 'The device has been rejected',
  },
  // Firmware packages and differential packages (modules/firmware).
  fileInUse: {
    status: Status.conflict,
    'zh-cn': '文件“{name}”被固件版本“{by}”使用，不能删除',
    en: 'The file "{name}" is used by the firmware version "{by}" and cannot be deleted',
  },
  swVersionTaken: {
    status: Status.conflict,
    'zh-cn': '该类型已有版本 {version}',
    en: 'This type already has a version {version}',
  },
  swFileOutsideSpace: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不在该固件版本所在的空间',
    en: 'The file "{name}" is not in the space of the firmware version',
  },
  swPublishedLocked: {
    status: Status.conflict,
    'zh-cn': '已发布的版本不能修改版本号和文件，请先取消发布',
    en: 'A published version cannot change its version number or files; withdraw it first',
  },
  swNotPublished: {
    status: Status.conflict,
    'zh-cn': '请先发布该固件版本',
    en: 'Publish the firmware version first',
  },
  swShared: {
    status: Status.conflict,
    'zh-cn': '该版本已推送给 {count} 个客户，请先取消推送',
    en: 'The version is shared with {count} customers; stop sharing it first',
  },
  swSharedReadOnly: {
    status: Status.forbidden,
    'zh-cn': '该版本由物业 {pno} 推送给你方，仅可查看，不能修改、发布、推送或删除',
    en: 'This version is shared with you by property {pno}: it is read-only and cannot be changed, published, shared or deleted',
  },
  swInTask: {
    status: Status.conflict,
    'zh-cn': '该版本被 {count} 个升级任务使用，不能删除或取消发布',
    en: 'The version is used by {count} update tasks and cannot be deleted or withdrawn',
  },
  artifactMalformed: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：不是有效的 {kind} 升级包（{detail}）',
    en: 'The file "{name}" was refused: not a valid {kind} artifact ({detail})',
  },
  artifactUnsigned: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：未签名，而本物业已配置 {kind} 验签密钥',
    en: 'The file "{name}" was refused: it is not signed, and the property has a {kind} verification key',
  },
  artifactNoKey: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：已签名，但本物业未配置 {kind} 验签密钥',
    en: 'The file "{name}" was refused: it is signed, but the property has no {kind} verification key',
  },
  artifactBadSignature: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：签名与配置的 {kind} 密钥不符（{detail}）',
    en: 'The file "{name}" was refused: its signature does not verify against the {kind} key ({detail})',
  },
  artifactHashMismatch: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：内容“{entry}”与签名描述中的校验值不符',
    en: 'The file "{name}" was refused: its part "{entry}" does not match the checksum its signed description states',
  },
  badVerifyKey: {
    status: Status.invalidInput,
    'zh-cn': '{field} 不是有效的 PEM 证书或公钥',
    en: '{field} is not a valid PEM certificate or public key',
  },
  deltaSameType: {
    status: Status.invalidInput,
    'zh-cn': '源版本与目标版本须为同一类型的不同版本',
    en: 'Source and target must be different versions of the same type',
  },
  deltaNotNewer: {
    status: Status.invalidInput,
    'zh-cn': '目标版本 {target} 须比源版本 {source} 新',
    en: 'The target version {target} must be newer than the source {source}',
  },
  deltaExists: {
    status: Status.conflict,
    'zh-cn': '已有从 {source} 到 {target} 的差分包',
    en: 'A delta from {source} to {target} exists already',
  },
  deltaNotReady: {
    status: Status.conflict,
    'zh-cn': '差分包尚未生成',
    en: 'The delta package is not ready',
  },
  deltaCompressed: {
    status: Status.conflict,
    'zh-cn': '{which}文件已是压缩数据（熵 {bits} 比特/字节），差分无益',
    en: 'The {which} file is already compressed (entropy {bits} bits per byte): a delta would not help',
  },
  deltaNoGain: {
    status: Status.conflict,
    'zh-cn': '差分包为完整文件的 {ratio}%，没有意义',
    en: 'The delta is {ratio}% of the full file: not worth it',
  },
  deltaVerifyFailed: {
    status: Status.conflict,
    'zh-cn': '校验失败：应用差分包后的 SHA-256 与目标不符',
    en: 'Verification failed: applying the delta did not give the target SHA-256',
  },
  deltaFailed: {
    status: Status.internal,
    'zh-cn': '生成失败：{error}',
    en: 'Generation failed: {error}',
  },
  taskTransitionRefused: {
    status: Status.conflict,
    'zh-cn': '升级任务当前为“{state}”，不能{action}',
    en: 'The update task is in the state "{state}": it cannot be {action}',
  },
  taskNoDevices: {
    status: Status.conflict,
    'zh-cn': '任务没有可升级的终端，也没有规则，不能发布',
    en: 'The task has no devices to update and no rule: it cannot be released',
  },
  taskStartPast: {
    status: Status.invalidInput,
    'zh-cn': '开始时间已过，请选择将来的时间或立即开始',
    en: 'The start time has passed: choose a later time or start now',
  },
  taskStartMissing: {
    status: Status.invalidInput,
    'zh-cn': '定时开始须填写开始时间',
    en: 'A scheduled start needs a start time',
  },
  taskStagesTooBig: {
    status: Status.invalidInput,
    'zh-cn': '分批比例之和须小于 100%（最后一批为其余终端）',
    en: 'The staged percentages must add up to less than 100% (the last group takes the rest)',
  },
  taskBadTimeZone: {
    status: Status.invalidInput,
    'zh-cn': '维护窗口的时区“{timeZone}”无效',
    en: 'The maintenance window\'s time zone "{timeZone}" is not valid',
  },
  taskRuleLimit: {
    status: Status.conflict,
    'zh-cn': '一个任务最多 {max} 条规则',
    en: 'A task has at most {max} rules',
  },
  taskAssignLimit: {
    status: Status.conflict,
    'zh-cn': '一次最多分配 {max} 台终端，请缩小范围或改用规则',
    en: 'At most {max} devices can be assigned at once: narrow the selection or use a rule',
  },
  signNotAuthorised: {
    status: Status.forbidden,
    'zh-cn': '您没有使用证书“{cert}”在模块“{module}”中签名的授权',
    en: 'You are not authorised to sign with the certificate "{cert}" in the module "{module}"',
  },
  certNotBound: {
    status: Status.conflict,
    'zh-cn': '证书“{cert}”未绑定到模块“{module}”',
    en: 'The certificate "{cert}" is not bound to the module "{module}"',
  },
  algorithmNotForKey: {
    status: Status.conflict,
    'zh-cn': '算法 {algorithm} 不适用于此证书（{reason}）',
    en: 'The algorithm {algorithm} does not fit here ({reason})',
  },
  certCannotSign: {
    status: Status.conflict,
    'zh-cn': '证书“{cert}”不能签名：{reason}',
    en: 'The certificate "{cert}" cannot sign: {reason}',
  },
  certImportFailed: {
    status: Status.invalidInput,
    'zh-cn': '无法导入证书：{reason}',
    en: 'The certificate cannot be imported: {reason}',
  },
  certTaken: {
    status: Status.conflict,
    'zh-cn': '本物业已有此证书（“{name}”）',
    en: 'This certificate is already in the property ("{name}")',
  },
  signInputInvalid: {
    status: Status.invalidInput,
    'zh-cn': '无法签名此内容：{reason}',
    en: 'This content cannot be signed: {reason}',
  },
  ukeyUnavailable: {
    status: Status.conflict,
    'zh-cn': 'Ukey 不可用：{reason}',
    en: 'The USB key is unavailable: {reason}',
  },
  ukeySm2Unsupported: {
    status: Status.conflict,
    'zh-cn':
      'Ukey 不支持 SM2 证书：PKCS#11 没有标准的 SM2 签名机制（SoftHSM2 也无法保存 SM2 密钥），请在服务器上保存 SM2 密钥（导入 PEM 或 PKCS#12）',
    en: 'USB keys cannot hold SM2 certificates: PKCS#11 has no standard SM2 signing mechanism (and SoftHSM2 cannot store SM2 keys); keep SM2 keys on the server (import PEM or PKCS#12)',
  },
  pkcs11ModuleNotAllowed: {
    status: Status.forbidden,
    'zh-cn': '该 PKCS#11 模块未在服务器配置 SIGNING_PKCS11_MODULES 中列出',
    en: 'This PKCS#11 module is not listed in the server setting SIGNING_PKCS11_MODULES',
  },
  accessTokenInvalid: {
    status: Status.sessionExpired,
    'zh-cn': '访问令牌无效、已过期或已撤销',
    en: 'The access token is invalid, expired or revoked',
  },
  // The temporary firmware service (modules/firmware-temp).
  tempDevicesFull: {
    status: Status.conflict,
    'zh-cn': '测试终端最多 {max} 台，请先移除一些',
    en: 'You may keep at most {max} test devices; remove some first',
  },
  tempDeviceNotListed: {
    status: Status.conflict,
    'zh-cn': '终端 {deviceId} 不在您的测试终端中，请先添加',
    en: 'The device {deviceId} is not one of your test devices; add it first',
  },
  tempDeviceBusy: {
    status: Status.conflict,
    'zh-cn': '终端 {deviceId} 正在执行临时任务“{task}”',
    en: 'The device {deviceId} is already in the running temporary task "{task}"',
  },
  tempTaskNotRunning: {
    status: Status.conflict,
    'zh-cn': '该临时任务已结束或已取消',
    en: 'The temporary task has ended or was cancelled',
  },
  tempTaskRunning: {
    status: Status.conflict,
    'zh-cn': '该临时任务正在运行，请先取消',
    en: 'The temporary task is running; cancel it first',
  },
  tempTaskNotYours: {
    status: Status.forbidden,
    'zh-cn': '只有任务的创建者可以修改它',
    en: 'Only the creator of the task may change it',
  },
  tempFileInUse: {
    status: Status.conflict,
    'zh-cn': '该文件被运行中的临时任务“{task}”使用，不能删除',
    en: 'The file is used by the running temporary task "{task}" and cannot be deleted',
  },
  // Commands (modules/command).
  cmdConfirmRequired: {
    status: Status.invalidInput,
    'zh-cn': '恢复出厂设置会清除终端上的数据，请确认后再下发',
    en: 'A factory reset erases the device; confirm it to send',
  },
  cmdPayloadRequired: {
    status: Status.invalidInput,
    'zh-cn': '配置下发需要一个非空的 JSON 对象',
    en: 'A config push needs a non-empty JSON object',
  },
  cmdNameRequired: {
    status: Status.invalidInput,
    'zh-cn': '自定义指令需要名称：字母开头，可含字母、数字与 . _ -，最多 64 个字符',
    en: 'A custom command needs a name: a letter first, then letters, digits, . _ or -, at most 64 characters',
  },
  cmdNoDevices: {
    status: Status.invalidInput,
    'zh-cn': '请选择终端或一个有终端的分组',
    en: 'Choose devices, or a group that has devices',
  },
  cmdTooManyDevices: {
    status: Status.tooLarge,
    'zh-cn': '一条指令最多发送给 {max} 台终端',
    en: 'A command may go to at most {max} devices',
  },
  cmdNotActive: {
    status: Status.conflict,
    'zh-cn': '该指令已结束或已撤销',
    en: 'The command has ended or was cancelled',
  },
  appPackageTaken: {
    status: Status.conflict,
    'zh-cn': '本物业已有包名为 {packageName} 的应用',
    en: 'The property already has an app with the package name {packageName}',
  },
  appUnderReview: {
    status: Status.conflict,
    'zh-cn': '正在审核中，请先撤回审核再修改',
    en: 'It is under review: withdraw it from review before changing it',
  },
  appNotAuditing: {
    status: Status.conflict,
    'zh-cn': '不在审核中，无需撤回',
    en: 'It is not under review',
  },
  appNotDraft: {
    status: Status.conflict,
    'zh-cn': '只能删除草稿',
    en: 'Only drafts can be deleted',
  },
  appHasVersions: {
    status: Status.conflict,
    'zh-cn': '该应用已有提交过的版本，不能删除',
    en: 'The app has versions past draft and cannot be deleted',
  },
  appPackageFixed: {
    status: Status.conflict,
    'zh-cn': '应用已有版本，包名不能再修改',
    en: 'The app has versions: its package name can no longer change',
  },
  appFileNotImage: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不是图片，不能用作图标或截图',
    en: 'The file "{name}" is not an image: it cannot be an icon or a screenshot',
  },
  appFileNotApk: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不是 APK 安装包',
    en: 'The file "{name}" is not an APK',
  },
  appFileUsed: {
    status: Status.conflict,
    'zh-cn': '该安装包已用于另一个版本',
    en: 'This APK is already used by another version',
  },
  apkCorrupt: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不是有效的 APK：压缩包已损坏或不完整',
    en: 'The file "{name}" is not a valid APK: the archive is damaged or cut short',
  },
  apkNoManifest: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不是有效的 APK：缺少可读的 AndroidManifest.xml',
    en: 'The file "{name}" is not a valid APK: it has no readable AndroidManifest.xml',
  },
  apkUnsafeEntry: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：包含不安全的条目“{entry}”',
    en: 'The file "{name}" was refused: it holds an unsafe entry "{entry}"',
  },
  apkTooExpanded: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：解压后过大（疑似压缩炸弹）',
    en: 'The file "{name}" was refused: it expands too far (a zip bomb)',
  },
  apkUnsigned: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”被拒绝：APK 未签名',
    en: 'The file "{name}" was refused: the APK is not signed',
  },
  apkPackageMismatch: {
    status: Status.invalidInput,
    'zh-cn': '安装包的包名是 {got}，不是本应用的 {want}',
    en: "The APK's package is {got}, not the app's {want}",
  },
  apkVersionCodeNotAbove: {
    status: Status.invalidInput,
    'zh-cn': '安装包的 versionCode {got} 必须大于已有版本的 {last}',
    en: "The APK's versionCode {got} must be above the earlier versions' {last}",
  },
  apkCertificateChanged: {
    status: Status.invalidInput,
    'zh-cn': '安装包的签名证书与该应用之前的版本不同',
    en: "The APK is signed with another certificate than the app's earlier versions",
  },
  appNotPassed: {
    status: Status.conflict,
    'zh-cn': '应用信息尚未通过审核，不能上架',
    en: "The app's information has not passed review: it cannot go on the shelf",
  },
  appVersionNotPassed: {
    status: Status.conflict,
    'zh-cn': '该版本尚未通过审核，不能上架',
    en: 'The version has not passed review: it cannot go on the shelf',
  },
  appVersionOnShelf: {
    status: Status.conflict,
    'zh-cn': '该版本已上架或正在上架',
    en: 'The version is on the shelf or on its way there',
  },
  appVersionNotOnShelf: {
    status: Status.conflict,
    'zh-cn': '该版本不在架上，不能推送给终端',
    en: 'The version is not on the shelf: it cannot be pushed to devices',
  },
  appVersionNotForModel: {
    status: Status.invalidInput,
    'zh-cn': '终端“{deviceId}”的型号不在该版本的兼容型号中',
    en: 'Device "{deviceId}" is not of a model this version is compatible with',
  },
  appNoKeystore: {
    status: Status.conflict,
    'zh-cn': '该应用未关联签名证书，不能重签名',
    en: 'The app has no signing certificate: it cannot be re-signed',
  },
  signModuleNotApk: {
    status: Status.invalidInput,
    'zh-cn': '签名模块“{name}”不是 APK 签名模块',
    en: 'Sign module "{name}" does not sign APKs',
  },
  appVersionNotResigned: {
    status: Status.conflict,
    'zh-cn': '该应用的版本须先用应用的签名证书重签名，才能提交审核',
    en: "The app's versions must be re-signed with its certificate before they are submitted for review",
  },
  appPushNotActive: {
    status: Status.conflict,
    'zh-cn': '该推送已结束',
    en: 'The push has ended',
  },
  appImageInvalid: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不是 PNG、JPEG 或 WebP 图片',
    en: 'The file "{name}" is not a PNG, JPEG or WebP image',
  },
  platformAppNotOnShelf: {
    status: Status.conflict,
    'zh-cn': '应用“{app}”没有已上架的版本（或信息未通过审核），不能设为平台应用',
    en: 'The app "{app}" has no version on the shelf (or its information has not passed review): it cannot be a platform app',
  },
  platformAppExists: {
    status: Status.conflict,
    'zh-cn': '应用“{app}”已是平台应用',
    en: 'The app "{app}" is a platform app already',
  },
  platformAppPackageTaken: {
    status: Status.conflict,
    'zh-cn': '另一个平台应用已使用包名 {packageName}',
    en: 'Another platform app has the package name {packageName}',
  },
  appGroupMasterTaken: {
    status: Status.conflict,
    'zh-cn': '主应用“{app}”已有应用分组“{group}”',
    en: 'The master app "{app}" already has the app group "{group}"',
  },
  appGroupDeviceTaken: {
    status: Status.conflict,
    'zh-cn': '终端 {device} 已在应用分组“{group}”中，请先将其移出',
    en: 'The device {device} is already in the app group "{group}": take it out of that group first',
  },
  appCategoryNameTaken: {
    status: Status.conflict,
    'zh-cn': '本分组已有名为“{name}”的分类',
    en: 'The group already has a category named "{name}"',
  },
  appCategoryTooMany: {
    status: Status.tooLarge,
    'zh-cn': '一个应用分组最多 {max} 个分类',
    en: 'An app group has at most {max} categories',
  },
  appNotOnShelf: {
    status: Status.invalidInput,
    'zh-cn': '应用“{app}”未上架，不能加入分类',
    en: 'The app "{app}" is not on the shelf: it cannot be put in a category',
  },
  // App review tasks (modules/app-review).
  appTaskCancelled: {
    status: Status.conflict,
    'zh-cn': '该审核任务已暂停，恢复后才能审核',
    en: 'The review task is suspended: resume it before auditing',
  },
  appTaskFinished: {
    status: Status.conflict,
    'zh-cn': '该审核任务已完成',
    en: 'The review task is finished',
  },
  appTaskNotCancelled: {
    status: Status.conflict,
    'zh-cn': '该审核任务未暂停，无需恢复',
    en: 'The review task is not suspended',
  },
  appTaskOpenExists: {
    status: Status.conflict,
    'zh-cn': '该应用已有进行中的审核任务，不能恢复此任务',
    en: 'Another review task of this app is open: this one cannot be resumed',
  },
  appTaskPending: {
    status: Status.conflict,
    'zh-cn': '还有 {n} 项子任务待审核，不能完成终审',
    en: '{n} sub-tasks still wait for review: the task cannot be finished yet',
  },
  appTaskCommentRequired: {
    status: Status.invalidInput,
    'zh-cn': '驳回时必须填写审核意见',
    en: 'A rejection needs a comment',
  },
  appTaskWrongType: {
    status: Status.invalidInput,
    'zh-cn': '该子任务不是此类审核',
    en: 'The sub-task is another kind of review',
  },
  appTaskNotReviewer: {
    status: Status.forbidden,
    'zh-cn': '只有指派的审核人或应用审核员可以审核此任务',
    en: 'Only the assigned reviewer or an app reviewer may audit this task',
  },
  // Security chain functions (modules/security-chain).
  securitySpaceRequired: {
    status: Status.invalidInput,
    'zh-cn': '空间“{name}”不是安全链空间',
    en: 'The space "{name}" is not a security chain space',
  },
  funcCodeTaken: {
    status: Status.conflict,
    'zh-cn': '本空间已有代码为 {code} 的功能',
    en: 'The space already has a function with the code {code}',
  },
  funcResponseCodeTaken: {
    status: Status.conflict,
    'zh-cn': '功能“{func}”已有代码为 {code} 的响应',
    en: 'The function "{func}" already has a response with the code {code}',
  },
  funcResponseTooMany: {
    status: Status.tooLarge,
    'zh-cn': '一个功能最多 {max} 个响应',
    en: 'A function has at most {max} responses',
  },
  funcInUse: {
    status: Status.conflict,
    'zh-cn': '功能“{func}”还有 {n} 项授权，请先撤销授权再删除',
    en: 'The function "{func}" still has {n} authorisations: revoke them before deleting it',
  },
  privilegedUserExists: {
    status: Status.conflict,
    'zh-cn': '“{name}”已是本空间的特权用户',
    en: '"{name}" is a privileged user of the space already',
  },
  // User authorisations and function applications (modules/security-chain user-auths.ts, func-applications.ts).
  userAuthExists: {
    status: Status.conflict,
    'zh-cn': '“{name}”已有功能“{func}”的授权',
    en: '"{name}" is authorised for the function "{func}" already',
  },
  funcApplyPending: {
    status: Status.conflict,
    'zh-cn': '你已申请过功能“{func}”，申请仍在审批中',
    en: 'You have applied for the function "{func}" already; the application is still being reviewed',
  },
  funcApplyEnded: {
    status: Status.invalidInput,
    'zh-cn': '申请的有效期已经结束，请选择将来的结束时间',
    en: 'The period applied for has ended: choose an end in the future',
  },
  funcApplyExpired: {
    status: Status.conflict,
    'zh-cn': '申请的有效期已过，不能再通过，请驳回',
    en: 'The period applied for is over: the application can no longer pass; reject it',
  },
  // Grant pools and white lists (modules/security-chain pools.ts, white-lists.ts).
  grantPoolExists: {
    status: Status.conflict,
    'zh-cn': '功能“{func}”已有授权池',
    en: 'The function "{func}" has a grant pool already',
  },
  grantPoolFuncFixed: {
    status: Status.invalidInput,
    'zh-cn': '授权池属于功能“{func}”，不能改为其他功能',
    en: 'The grant pool belongs to the function "{func}" and cannot move to another',
  },
  whiteListEntryExists: {
    status: Status.conflict,
    'zh-cn': '“{name}”已在功能“{func}”的白名单中',
    en: '"{name}" is on the white list of the function "{func}" already',
  },
  deviceAuthExists: {
    status: Status.conflict,
    'zh-cn': '“{target}”已有功能“{func}”的授权',
    en: '"{target}" is authorised for the function "{func}" already',
  },
  // The security chain's decision (modules/security-chain decision.ts).
  funcNotGrantedUser: {
    status: Status.forbidden,
    'zh-cn': '你没有使用功能“{func}”的授权',
    en: 'You are not authorised to use the function "{func}"',
  },
  funcNotGrantedDevice: {
    status: Status.forbidden,
    'zh-cn': '设备 {device} 没有功能“{func}”的授权',
    en: 'The device {device} is not authorised for the function "{func}"',
  },
  grantPoolEmpty: {
    status: Status.tooManyAttempts,
    'zh-cn': '功能“{func}”的授权额度已用完，{until} 恢复',
    en: 'The grants of the function "{func}" are used up until {until}',
  },
  grantPoolUsedUp: {
    status: Status.tooManyAttempts,
    'zh-cn': '功能“{func}”的授权额度已用完，且不会恢复',
    en: 'The grants of the function "{func}" are used up for good',
  },
  grantPoolDisabled: {
    status: Status.forbidden,
    'zh-cn': '功能“{func}”的授权池已停用',
    en: 'The grant pool of the function "{func}" is disabled',
  },
  appTaskReviewerNotAllowed: {
    status: Status.invalidInput,
    'zh-cn': '“{name}”没有应用审核权限',
    en: '"{name}" does not hold the app review permission',
  },
  // Routed security commands (modules/security-chain routed.ts).
  routedCmdNotOpen: {
    status: Status.conflict,
    'zh-cn': '该路由指令已结束，无法取消',
    en: 'The routed command has ended already and cannot be cancelled',
  },
  // The PC software store's console (modules/pc-software).
  softSpaceRequired: {
    status: Status.invalidInput,
    'zh-cn': '空间“{name}”不是 PC 软件业务的空间',
    en: 'The space “{name}” is not a space of the PC software business',
  },
  softSpaceFixed: {
    status: Status.invalidInput,
    'zh-cn': '软件创建后不能更换所在空间',
    en: 'Software stays in the space it was created in',
  },
  softNameTaken: {
    status: Status.conflict,
    'zh-cn': '本物业已有名为“{name}”的软件',
    en: 'The property already has software named “{name}”',
  },
  softFileOutsideSpace: {
    status: Status.invalidInput,
    'zh-cn': '文件“{name}”不在该软件所在的空间中',
    en: 'The file “{name}” is not in the software’s space',
  },
  softSignModuleNotCms: {
    status: Status.invalidInput,
    'zh-cn': '签名模块“{name}”不是 CMS 类型，不能为安装包签名',
    en: 'The sign module “{name}” is not of type CMS and cannot sign installers',
  },
  softSignModuleNoCert: {
    status: Status.conflict,
    'zh-cn': '签名模块“{name}”尚未绑定证书',
    en: 'The sign module “{name}” has no certificate bound to it',
  },
  softNotMainTool: {
    status: Status.invalidInput,
    'zh-cn': '“{name}”不是主工具',
    en: '“{name}” is not a main tool',
  },
  softHasChildren: {
    status: Status.conflict,
    'zh-cn': '主工具“{name}”下还有子工具，请先解除关联',
    en: 'The main tool “{name}” still has child tools: detach them first',
  },
  softIsPlatformMain: {
    status: Status.conflict,
    'zh-cn': '“{name}”是平台主工具，请先由平台运营取消',
    en: '“{name}” is a platform main tool: a platform operator must unmark it first',
  },
  softNotChild: {
    status: Status.conflict,
    'zh-cn': '该工具未关联主工具',
    en: 'The tool is not attached to a main tool',
  },
  softVersionTaken: {
    status: Status.conflict,
    'zh-cn': '该软件已有版本 {version}',
    en: 'The software already has version {version}',
  },
  softVersionReleased: {
    status: Status.conflict,
    'zh-cn': '版本 {version} 已发布，不能删除，也不能修改版本号和安装包',
    en: 'Version {version} is released: it cannot be deleted, nor its number or installers changed',
  },
  softReleasePending: {
    status: Status.conflict,
    'zh-cn': '版本 {version} 的发布正在审批中',
    en: 'The release of version {version} is waiting for approval',
  },
  softFormatOs: {
    status: Status.invalidInput,
    'zh-cn': '安装包格式 {format} 不适用于 {os}',
    en: 'The installer format {format} is not one of {os}',
  },
  softChangeRecordEmpty: {
    status: Status.invalidInput,
    'zh-cn': '变更记录的内容至少填写一种语言',
    en: 'A change record entry needs its text in at least one language',
  },
  softNotReleaseManager: {
    status: Status.forbidden,
    'zh-cn': '您不是“{name}”的 {channel} 渠道发布管理员',
    en: 'You are not a release manager of “{name}” for the {channel} channel',
  },
  softAlreadyReleased: {
    status: Status.conflict,
    'zh-cn': '版本 {version} 已发布到 {channel} 渠道',
    en: 'Version {version} is released to the {channel} channel already',
  },
  softNoInstallers: {
    status: Status.conflict,
    'zh-cn': '版本 {version} 还没有安装包，不能发布',
    en: 'Version {version} has no installers and cannot be released',
  },
  softUnsignedInstallers: {
    status: Status.conflict,
    'zh-cn': '版本 {version} 有未签名的安装包，请重新保存版本以签名',
    en: 'Version {version} has unsigned installers: save the version again to sign them',
  },
  softTrialExpiryPast: {
    status: Status.invalidInput,
    'zh-cn': '试用到期时间必须晚于现在',
    en: 'The trial must expire in the future',
  },
  softTrialExists: {
    status: Status.conflict,
    'zh-cn': '安装标识 {installId} 已是该软件的试用用户',
    en: 'The install id {installId} is a trial user of this software already',
  },
  softNotPlatformMain: {
    status: Status.conflict,
    'zh-cn': '“{name}”不是平台主工具',
    en: '“{name}” is not a platform main tool',
  },
  softGrantOwnProperty: {
    status: Status.invalidInput,
    'zh-cn': '不能把平台主工具授权给它所属的物业',
    en: 'A platform main tool cannot be granted to the property it belongs to',
  },
  softGrantNoBusiness: {
    status: Status.conflict,
    'zh-cn': '物业“{name}”未开通 PC 软件业务',
    en: 'The property “{name}” does not have the PC software business',
  },
  softGrantExists: {
    status: Status.conflict,
    'zh-cn': '已授权给物业“{name}”',
    en: 'It is granted to the property “{name}” already',
  },
} as const satisfies Record<string, MessageDef>;

export type MessageKey = keyof typeof messages;

/** Fills `{name}` placeholders; unknown placeholders are left as they are. */
export function formatMessage(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  const text: string = messages[key][locale];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** `zh-cn` unless the header asks for English first. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return 'zh-cn';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-cn';
}
