import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { type RefKind, refsOf } from '@keel/contract/refs';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it, vi } from 'vitest';
import { appStoreObjects } from '../app-store-fixture';
import { describeEachDb } from '../harness';
import { jsonSchemaOf, payloadOf, validInputWith } from './arbitraries';
import { ownerHeaders, sendRaw } from './fuzz';
import { buildWorld, EVERY_ENDPOINT_MS, type GuardWorld } from './world';

vi.setConfig({ testTimeout: EVERY_ENDPOINT_MS });

/**
 * Every id an input declares (`ref(kind)` in the contract) is tried with another property's object, calling as the
 * demo owner in the demo property: the answer is "not found" (or, for a read, nothing of that property) and no
 * table changed. Personal endpoints (access `user`) are tried with someone else's object of that property (their
 * message, their join request): "not found", or an answer that neither changes anything nor shows the object
 * (marking another's message read marks nothing). Endpoints not scoped to a property or a
 * person are counted apart. Device calls need the terminal business, which the partner property is granted for its
 * devices, models, platforms and types, and its files; its firmware packages and their differential package; its
 * temporary firmware file and task, and a command to its device.
 */
const all = Object.values(endpoints) as Endpoint[];

describeEachDb("guard: another property's objects", (env) => {
  let world: GuardWorld;
  const foreign: Partial<Record<RefKind, string>> = {};

  beforeAll(async () => {
    world = await buildWorld(env().app);
    // The partner property's objects, made by its owner (the operator) in it.
    const as = { token: await world.token('operator'), pno: world.partnerPno };
    const make = async (
      path: keyof typeof endpoints,
      input: Record<string, unknown>,
      key: string,
      who: { token: string; pno?: string } = as,
    ) => {
      const res = await env().call(path, input, who);
      if (res.status !== 0) throw new Error(`${path}: ${res.msg}`);
      return (res.data as Record<string, string>)[key] as string;
    };
    foreign.property = world.partnerPno;
    foreign.user = world.uid.operator;
    foreign.title = await make('t/addOrUpdateTitle', { name: 'Partner title' }, 'tid');
    foreign.userSet = await make('us/addOrUpdateUserSet', { name: 'Partner set' }, 'usid');
    foreign.customer = await make('cu/addOrUpdateCustomer', { name: 'Partner customer' }, 'cid');
    foreign.permissionSet = await make('ps/addOrUpdatePerSet', { name: 'Partner perms', permissionIdList: [] }, 'psid');
    foreign.org = await make('o/addOrUpdateOrg', { pid: `root-${world.partnerPno}`, name: 'Partner unit' }, 'oid');
    // The demo member asks to join the partner property: a join request of the partner, not the demo owner's…
    foreign.orgRequest = await make('o/applyJoinProperty', { pno: world.partnerPno, remark: 'Partner request' }, 'id', {
      token: await world.token('member'),
    });
    // …which the partner's owner hears of: a message that is not the demo owner's.
    const inbox = await env().call('news/getMyNewsList', {}, { token: await world.token('operator') });
    foreign.news = inbox.data.list[0]?.nid;
    if (!foreign.news) throw new Error('the partner owner has no message');
    // Spaces: the partner property has no terminal business, so its space is made from the back office.
    const back = { token: as.token };
    const space = await env().call(
      'space/addSpace',
      { pno: world.partnerPno, name: 'Partner space', business: 'firmware', category: 'file', quota: 1_000_000 },
      back,
    );
    if (space.status !== 0) throw new Error(`space/addSpace: ${space.msg}`);
    foreign.space = space.data.sid;
    const group = await env().call('sg/addOrUpdateGroup', { sid: foreign.space, name: 'Partner group' }, back);
    if (group.status !== 0) throw new Error(`sg/addOrUpdateGroup: ${group.msg}`);
    foreign.spaceGroup = group.data.groupId;
    foreign.spaceApply = await make(
      'bn/applySpaceBusiness',
      { business: 'firmware', category: 'terminal', name: 'Partner applied', quota: 1000, reason: 'fixture' },
      'id',
    );
    // Devices and their catalogue need the terminal business, which the partner property gets here.
    const granted = await env().call(
      'pro/authPropertyBusiness',
      {
        pno: world.partnerPno,
        businessList: ['firmware', 'appstore', 'terminal', 'process', 'signing', 'security', 'pctools'],
      },
      { token: as.token },
    );
    if (granted.status !== 0) throw new Error(`pro/authPropertyBusiness: ${granted.msg}`);
    // Workflows: the demo member's request to join the partner is an application of the partner's; a step of the
    // partner's flow for member join.
    const application = await env()
      .app.keel.db.withoutPlugins()
      .selectFrom('flow_applications')
      .select('apply_id')
      .where('subject_id', '=', foreign.orgRequest)
      .executeTakeFirstOrThrow();
    foreign.apply = application.apply_id;
    foreign.flowStep = await make(
      'flowSettingDefault/saveFlowSettingDefault',
      { applyType: 'memberJoin', name: 'Partner step', uidList: [world.uid.operator] },
      'stepId',
    );
    foreign.deviceType = await make('dm/addDeviceType', { name: 'Partner type' }, 'typeId');
    foreign.devicePlatform = await make('dm/addDevicePlatform', { name: 'Partner OS', osType: 'linux' }, 'platformId');
    foreign.deviceModel = await make(
      'dm/addDeviceModel',
      { name: 'Partner model', typeId: foreign.deviceType, platformId: foreign.devicePlatform },
      'modelId',
    );
    foreign.device = await make(
      'di/registerDevice',
      { deviceId: 'partner-device-1', model: foreign.deviceModel, uid: world.uid.operator },
      'deviceId',
    );
    // Files: a file in a space the partner's owner is responsible for (multipart upload), and a common file of it.
    const files = await make(
      'space/addSpace',
      { name: 'Partner files', business: 'terminal', category: 'file', quota: 1_000_000, uid: world.uid.operator },
      'sid',
    );
    const upload = async (name: string, content: string) => {
      const boundary = 'guardfixture';
      const uploaded = await env().app.inject({
        method: 'POST',
        url: `/api/fis/fi/uploadFile?sid=${files}`,
        headers: { ...as, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      });
      const fid = (uploaded.json() as { data: { fid: string } }).data.fid;
      if (!fid) throw new Error(`fis/fi/uploadFile: ${uploaded.body}`);
      return fid;
    };
    foreign.file = await upload('partner.txt', 'partner bytes');
    foreign.commonFile = await make('commonFile/saveCommonFileInfo', { fid: foreign.file, name: 'Partner tool' }, 'id');
    // Firmware: two versions of a package of the partner's, and the differential package between them, made (or
    // refused) now so that no background job changes a table while the calls are tried.
    const image = (v: string) => `partner image ${v} `.repeat(64);
    const pkg = async (version: string) =>
      make(
        'sw/addSw',
        {
          sid: files,
          swType: 'firmware',
          name: 'Partner image',
          version,
          fidList: [await upload(`partner-${version}.bin`, image(version))],
        },
        'id',
      );
    const source = await pkg('1.0.0');
    foreign.firmware = await pkg('1.1.0');
    foreign.firmwareDelta = await make('dp/addSwDiffPack', { sourceId: source, targetId: foreign.firmware }, 'id');
    await env().app.keel.jobs.runDue();
    // Temporary firmware: a temporary file, a test device and a temporary task of the partner's; commands: a
    // command to its device.
    foreign.fwTempFile = await make('f/uploadFile', { fid: foreign.file }, 'id');
    await make('d/addDevice', { deviceIdList: [foreign.device] }, 'total');
    foreign.fwTempTask = await make(
      't/addTask',
      { name: 'Partner try', fileId: foreign.fwTempFile, deviceIdList: [foreign.device] },
      'id',
    );
    foreign.command = await make('cmd/sendCmd', { type: 'reboot', deviceIdList: [foreign.device] }, 'cmdId');
    // A draft task of the published version, with a rule (nothing runs: a draft offers nothing).
    await make('sw/setSwPublished', { id: foreign.firmware, published: 1 }, 'id');
    foreign.firmwareTask = await make('task/addTask', { swId: foreign.firmware, name: 'Partner task' }, 'id');
    foreign.firmwareTaskRule = await make(
      'task/addRule',
      { id: foreign.firmwareTask, name: 'Partner rule', filter: {} },
      'id',
    );
    // Signing: a certificate, a module binding it, a collection in a group, a grant, a signature and a token.
    foreign.signCert = await make(
      'cert/generateCert',
      { name: 'Partner cert', keyType: 'EC', subject: { CN: 'p' } },
      'certId',
    );
    foreign.signModule = await make(
      'sm/addSignModule',
      { name: 'Partner module', signType: 'raw', algorithm: 'SHA256WITHECDSA' },
      'moduleId',
    );
    foreign.certSignRel = await make(
      'cs/saveCertSignRel',
      { moduleId: foreign.signModule, certId: foreign.signCert },
      'relId',
    );
    foreign.permCollectionGroup = await make('pcg/savePermCollectionGroup', { name: 'Partner group' }, 'groupId');
    foreign.permCollection = await make(
      'pc/savePermCollection',
      {
        name: 'Partner set',
        signType: 'raw',
        type: 1,
        moduleIdList: [foreign.signModule],
        groupId: foreign.permCollectionGroup,
      },
      'pcId',
    );
    await make('ca/addUsers', { certId: foreign.signCert, uidList: [world.uid.operator] }, 'added');
    const grants = await env().call('ca/getUserList', { certId: foreign.signCert }, as);
    foreign.signAuth = grants.data.list[0]?.authId;
    foreign.signRecord = await make(
      'sign/signFile',
      { moduleId: foreign.signModule, certId: foreign.signCert, hash: '00'.repeat(32) },
      'sigId',
    );
    foreign.signToken = await make('pat/addToken', { name: 'Partner CI' }, 'tokenId');
    // The app store: a listing image, an app and (with aapt and apksigner) a version of the partner's.
    const store = await appStoreObjects(env(), as, 'com.partner.guarded', 'ByAdmin');
    foreign.appFile = store.appFile;
    foreign.app = store.app;
    foreign.appVersion = store.appVersion;
    // A push of the partner's version (written as av/pushAppVersion would: only a version on the shelf is pushed,
    // which needs the partner's reviews).
    if (store.appVersion) {
      foreign.appPush = 'partner-push';
      const now = env().now();
      await env()
        .app.keel.db.withoutPlugins()
        .insertInto('app_pushes')
        .values({
          push_id: foreign.appPush,
          pno: world.partnerPno,
          app_id: store.app,
          app_version_id: store.appVersion,
          force: 0,
          total: 0,
          state: 'active',
          expires_at: now + 86_400_000,
          created_by: world.uid.operator,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // App groups: a group of the partner's app as its master app, with a category.
    foreign.appGroup = await make(
      'group/addOrUpdateAppGroup',
      { masterAppId: store.app, nameZh: '合作分组', nameEn: 'Partner group' },
      'groupId',
    );
    foreign.appCategory = await make(
      'group/addOrUpdateGroupCategory',
      { groupId: foreign.appGroup, nameZh: '合作分类', nameEn: 'Partner category' },
      'categoryId',
    );
    // App review tasks: the partner's app submitted for review opens its main task with one sub-task.
    await make(
      'ai/saveAppInfoByAdmin',
      {
        appId: store.app,
        packageName: 'com.partner.guarded',
        languageList: [{ language: 'en', appName: 'Guarded app', appIconFid: store.appFile }],
        submit: 1,
      },
      'appId',
    );
    const subTask = await env()
      .app.keel.db.withoutPlugins()
      .selectFrom('app_review_subtasks')
      .select(['task_id', 'sub_task_id'])
      .where('pno', '=', world.partnerPno)
      .executeTakeFirstOrThrow();
    foreign.appTask = subTask.task_id;
    foreign.appSubTask = subTask.sub_task_id;
    // The security chain: a function of a security space of the partner's, with a response, a privileged user and a
    // device authorisation.
    const securitySpace = await make(
      'space/addSpace',
      { name: 'Partner security', business: 'security', category: 'terminal', quota: 1_000_000 },
      'sid',
    );
    const func = await env().call(
      'func/saveFunc',
      {
        sid: securitySpace,
        code: 'debug.adb',
        nameZh: '调试口',
        nameEn: 'Debug port',
        risk: 'high',
        responseList: [{ code: 'ok', nameZh: '成功', nameEn: 'Done' }],
      },
      as,
    );
    if (func.status !== 0) throw new Error(`func/saveFunc: ${func.msg}`);
    foreign.securityFunc = func.data.funcId;
    foreign.funcResponse = func.data.responseList[0]?.responseId;
    const privileged = await env().call(
      'pa/addPrivilegedUser',
      { sid: securitySpace, uidList: [world.uid.operator] },
      as,
    );
    if (privileged.status !== 0) throw new Error(`pa/addPrivilegedUser: ${privileged.msg}`);
    foreign.privilegedUser = privileged.data.list[0]?.privilegeId;
    // The function's grant pool and a white-list entry of the partner's owner.
    foreign.grantPool = await make(
      'grantPool/saveGrantPool',
      { sid: securitySpace, funcId: func.data.funcId, period: 'day', quota: 5 },
      'poolId',
    );
    const whiteList = await env().call(
      'whiteList/addWhiteList',
      { sid: securitySpace, funcId: func.data.funcId, memberType: 'user', uidList: [world.uid.operator] },
      as,
    );
    if (whiteList.status !== 0) throw new Error(`whiteList/addWhiteList: ${whiteList.msg}`);
    foreign.whiteListEntry = whiteList.data.list[0]?.entryId;
    // A routed command of the partner's privileged owner to its device (the token issued, the action queued).
    const routedCmd = await env().call(
      'seclink/channel/sendFuncCommand',
      { deviceId: foreign.device, funcId: foreign.securityFunc },
      as,
    );
    if (routedCmd.status !== 0) throw new Error(`seclink/channel/sendFuncCommand: ${routedCmd.msg}`);
    foreign.routedCommand = routedCmd.data.cmdId;
    const deviceAuth = await env().call(
      'da/addDeviceFuncAuth',
      { sid: securitySpace, funcId: func.data.funcId, targetType: 'device', deviceIdList: [foreign.device] },
      as,
    );
    if (deviceAuth.status !== 0) throw new Error(`da/addDeviceFuncAuth: ${deviceAuth.msg}`);
    foreign.deviceAuth = deviceAuth.data.list[0]?.authId;
    const userAuth = await env().call(
      'ua/addUserAuth',
      { sid: securitySpace, funcId: func.data.funcId, subjectType: 1, subjectIdList: [world.uid.operator] },
      as,
    );
    if (userAuth.status !== 0) throw new Error(`ua/addUserAuth: ${userAuth.msg}`);
    foreign.userAuth = userAuth.data.list[0]?.authId;
    // The PC software store: a piece of software in a pctools space of the partner's, a version and a trial user.
    const toolSpace = await make(
      'space/addSpace',
      { name: 'Partner tools', business: 'pctools', category: 'file', quota: 1_000_000 },
      'sid',
    );
    foreign.soft = await make('soft/saveOrUpdateSoftInfo', { softSid: toolSpace, name: 'Partner tool' }, 'softId');
    foreign.softVersion = await make(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { softId: foreign.soft, version: '1.0' },
      'versionId',
    );
    foreign.softTrialUser = await make(
      'softRelease/saveTrialUser',
      { softId: foreign.soft, installId: 'partner-install', expiresAt: env().now() + 86_400_000 },
      'trialId',
    );
  });

  it('answers "not found" to an id of another property, and changes nothing', async () => {
    const tried: string[] = [];
    const skipped: string[] = [];
    const faults: string[] = [];
    for (const def of all) {
      const refs = refsOf(def.input);
      if (refs.length === 0) continue;
      if (def.access.kind !== 'property' && def.access.kind !== 'user') {
        skipped.push(`${def.path} (access ${def.access.kind})`);
        continue;
      }
      const personal = def.access.kind === 'user';
      for (const r of refs) {
        if (personal && r.kind === 'property') {
          // A property number names any property to a signed-in user (asking to join one).
          skipped.push(`${def.path}.${r.field} (a property number is public to signed-in users)`);
          continue;
        }
        const object = foreign[r.kind];
        if (!object) {
          skipped.push(`${def.path}.${r.field} (no ${r.kind} fixture)`);
          continue;
        }
        // A valid input (as far as the schema tells) with this one id naming the other property's object.
        const input = validInputWith(def, {
          ...withSelf(def, refs, r.field, world),
          [r.field]: r.list ? [object] : object,
        });
        if (!input) {
          skipped.push(`${def.path}.${r.field} (no valid input generated)`);
          continue;
        }
        const headers = await ownerHeaders(def, world);
        const before = await world.snapshot();
        const res = await sendRaw(env().app, def, payloadOf(def, input), headers);
        const changed = (await world.snapshot()) !== before;
        if (res.status === Status.invalidInput && !changed) {
          // Refused for another field the schema could not tell was wrong: says nothing about the id.
          skipped.push(`${def.path}.${r.field} (inconclusive: ${res.msg})`);
          continue;
        }
        tried.push(`${def.path}.${r.field}`);
        // A read may also answer with nothing of the other property (a list filtered by it is empty); a personal
        // call may answer without the object when it changed nothing (nothing of the caller's was named).
        const shows = JSON.stringify(res.data ?? null).includes(object);
        const quiet = res.status === 0 && !shows && (!def.mutates || personal);
        if ((res.status !== Status.notFound && !quiet) || changed) {
          faults.push(
            `${def.path}.${r.field}=${r.kind}: status ${res.status} ${res.msg}${changed ? ', tables changed' : ''}`,
          );
        }
      }
    }
    console.info(
      `guard [${env().dialect}] another property's objects: ${tried.length} ids tried, ${skipped.length} left`,
    );
    for (const s of skipped) console.info(`  left: ${s}`);
    expect(faults).toEqual([]);
  }, 300_000);
});

/**
 * The other ids of the input name the caller's own objects: the property where they are one (the header's), and
 * the property's organisation root where a unit is required.
 */
function withSelf(def: Endpoint, refs: ReturnType<typeof refsOf>, field: string, world: GuardWorld) {
  const required = new Set(jsonSchemaOf(def.input).required ?? []);
  const own = (kind: RefKind, name: string) =>
    kind === 'property' ? world.demoPno : kind === 'org' && required.has(name) ? `root-${world.demoPno}` : undefined;
  return Object.fromEntries(
    refs.flatMap((r) => {
      const id = own(r.kind, r.field);
      return r.field !== field && id ? [[r.field, r.list ? [id] : id]] : [];
    }),
  );
}
