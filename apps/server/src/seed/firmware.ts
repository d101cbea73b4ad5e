import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { taskExecution } from '@keel/contract/endpoints/firmware-task';
import { recordReport } from '../modules/device/report';
import { deviceInfo } from '../modules/device/service';
import { uploadSmall } from '../modules/file/service';
import { addDelta, listDeltas } from '../modules/firmware/deltas';
import { addPackage, listPackages, setPublished } from '../modules/firmware/service';
import { currentAction, report } from '../modules/firmware-task/delivery';
import { tick } from '../modules/firmware-task/engine';
import { add as addTask, list as listTasks } from '../modules/firmware-task/service';
import { release } from '../modules/firmware-task/transitions';
import { loadPropertyContext } from '../platform/auth/property-context';
import { findUserByPhone } from '../platform/auth/users-repo';
import type { RequestContext } from '../platform/http/context';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';
import type { DemoSpace } from './spaces';

/** The image the gateways of the demo fleet run before any update (2.1.0), for `npm run sim:demo --base-image`. */
export const DEMO_BASE_IMAGE_FILE = 'demo-base-image.bin';

/** The gateway firmware line of the demo: three versions of the KG-100's image, a delta between the last two. */
export const DEMO_FIRMWARE_NAME = 'KG-100 网关固件';
export const DEMO_FIRMWARE_VERSIONS = ['2.0.3', '2.1.0', '2.2.0'] as const;
type Version = (typeof DEMO_FIRMWARE_VERSIONS)[number];
const NOTES: Record<Version, { zh: string; en: string }> = {
  '2.0.3': { zh: '出厂版本', en: 'Factory release' },
  '2.1.0': { zh: '新增断网续传；修复 4G 模块偶发掉线', en: 'Resumable uploads; fixes the 4G modem dropping out' },
  '2.2.0': { zh: '支持 Modbus TCP 网关模式；降低待机功耗', en: 'Modbus TCP gateway mode; lower standby power' },
};

/** The finished rollout (2.0.3 → 2.1.0, completed with two failures) and the running one (→ 2.2.0, in groups). */
export const DEMO_FINISHED_TASK = '网关固件 2.1.0 全量升级';
export const DEMO_RUNNING_TASK = '网关固件 2.2.0 分批升级';

/**
 * The gateways (demo-dev-001, 004, 007, 010) and what became of each in the finished rollout: two installed 2.1.0,
 * two failed (their codes below), so that they still run 2.0.3 — the versions `demo-fleet.json` gives them.
 */
const GATEWAYS = ['demo-dev-001', 'demo-dev-004', 'demo-dev-007', 'demo-dev-010'] as const;
const FINISHED_FAILURES: Record<string, string> = {
  'demo-dev-004': 'E_FLASH_WRITE',
  'demo-dev-010': 'E_DOWNLOAD_TIMEOUT',
};
/**
 * The running rollout's order: its first group (004, 001) went through before the simulator's turn — 001 installed
 * the delta, 004's flash failed again —; the next groups (010 with the full image, 007 with the delta) wait for the
 * devices themselves (`npm run sim:demo`), one group after the other.
 */
const RUNNING_ORDER = ['demo-dev-004', 'demo-dev-001', 'demo-dev-010', 'demo-dev-007'] as const;
const RUNNING_FAILURES: Record<string, string> = { 'demo-dev-004': 'E_FLASH_WRITE' };

const IMAGE_SIZE = 192 * 1024;

/**
 * A gateway image of a version: low-entropy bytes like a firmware's code and tables (a byte delta helps), the same
 * for a version on every run, each version a few changed stretches away from the one before.
 */
export function demoImage(version: Version): Buffer {
  const b = Buffer.alloc(IMAGE_SIZE);
  for (let i = 0; i < IMAGE_SIZE; i++) b[i] = ((i >> 5) * 11 + (i % 17 === 0 ? 3 : 0)) & 0x7f;
  const level = DEMO_FIRMWARE_VERSIONS.indexOf(version);
  for (let v = 1; v <= level; v++) {
    const patch = Buffer.from(`keel gateway ${DEMO_FIRMWARE_VERSIONS[v]} `.repeat(64));
    patch.copy(b, v * 40_000);
  }
  Buffer.from(`KG-100 firmware ${version}\n`).copy(b, 0);
  return b;
}

/** The owner's request context in the property, as a signed-in call of theirs would have it. */
async function ownerContext(s: Services, pno: string, phone: string): Promise<RequestContext> {
  const user = await findUserByPhone(s.db, phone);
  if (!user) throw new Error('seedDemoFirmware: the demo owner is missing');
  const property = await loadPropertyContext(s.db, user.uid, pno);
  if (!property) throw new Error('seedDemoFirmware: the demo owner is not a member of the demo property');
  return {
    requestId: newId(),
    locale: 'zh-cn',
    ip: '',
    user: { uid: user.uid, name: user.name, phone: user.phone, email: user.email, isOperator: false, tokenHash: '' },
    property,
    device: null,
    audit: {},
  };
}

/** A file uploaded into the space's firmware group through the file service, as the console's upload does. */
async function uploadImage(s: Services, ctx: RequestContext, space: DemoSpace, name: string, bytes: Buffer) {
  const upload = {
    length: bytes.length,
    file: async () => ({ stream: Readable.from([bytes]), filename: name, mimeType: 'application/octet-stream' }),
  };
  const file = await uploadSmall(s, { ...ctx, upload }, { sid: space.sid, groupId: space.groupIds[0] }, bytes.length);
  return file.fid;
}

/** The gateways report their attributes once (as the simulator does on its first poll), if they never did. */
async function reportOnce(s: Services, ctx: RequestContext, pno: string, version: string) {
  for (const deviceId of GATEWAYS) {
    const info = await deviceInfo(s, ctx, deviceId);
    if (info.attributesTime !== null) continue;
    const i = Number(deviceId.slice(-3)) - 1;
    await recordReport(
      s,
      { pno, deviceId },
      { model: 'KG-100', firmwareVersion: version, hwRevision: `rev${1 + (i % 2)}`, serial: `SN${240001 + i}` },
      'merge',
      100,
    );
  }
}

/**
 * What the devices of a group do with the actions they hold, as the simulator's would over DDI: the failing ones
 * report a failure with their code, the others download, report their new version, then success; then the engine
 * takes its turn (versions confirmed, the next group opened and offered).
 */
async function deviceRound(s: Services, pno: string, ids: readonly string[], failures: Record<string, string>) {
  for (const deviceId of ids) {
    const action = await currentAction(s, pno, deviceId);
    if (!action) continue;
    await report(s, pno, deviceId, action.actionId, { kind: 'downloading', protocol: 'sim' });
    await report(s, pno, deviceId, action.actionId, { kind: 'downloaded', protocol: 'sim' });
    const code = failures[deviceId];
    if (code) {
      await report(s, pno, deviceId, action.actionId, {
        kind: 'failure',
        errorCode: code,
        detail: code === 'E_FLASH_WRITE' ? 'flash write failed at block 0x3f20' : 'download timed out',
        protocol: 'sim',
      });
      continue;
    }
    await recordReport(s, { pno, deviceId }, { firmwareVersion: action.version }, 'merge', 100);
    await report(s, pno, deviceId, action.actionId, {
      kind: 'success',
      detail: `installed ${action.version}`,
      protocol: 'sim',
    });
  }
  await tick(s);
}

/** Start now, no retries; devices never seen are kept (the gateways come online with the simulator). */
const EXECUTION_BASE = {
  startMode: 'now',
  mode: 'soft',
  offlineDays: 0,
  successThreshold: 50,
  errorThreshold: 60,
} as const;

/**
 * The demo's firmware (idempotent: versions, delta and tasks found by version, pair and name are kept; the devices
 * report only if they never did), through the modules' own services, as the console and the devices would:
 * the KG-100 gateways' firmware 2.0.3, 2.1.0 and 2.2.0 (images uploaded into the file space's first group,
 * published), the delta 2.1.0 → 2.2.0 made by the delta job, the finished rollout to 2.1.0 (two of four gateways
 * succeeded, two failed with error codes) and the running rollout to 2.2.0 in three groups, its first group done
 * (one success, one failure) and the next offered to the gateways for `npm run sim:demo` to install. The 2.1.0 image
 * goes to `DATA_DIR/demo-base-image.bin`, the image the simulated gateways run, so that they can apply the delta.
 */
export async function seedDemoFirmware(
  s: Services,
  pno: string,
  ownerPhone: string,
  space: DemoSpace,
  gatewayModelId: string,
): Promise<void> {
  const ctx = await ownerContext(s, pno, ownerPhone);
  writeFileSync(join(s.config.dataDir, DEMO_BASE_IMAGE_FILE), demoImage('2.1.0'));

  // The versions.
  const existing = await listPackages(s, ctx, { pageNum: 1, pageSize: 50, swType: 'firmware' });
  const ids = {} as Record<Version, string>;
  for (const version of DEMO_FIRMWARE_VERSIONS) {
    const found = existing.list.find((p) => p.version === version);
    if (found) {
      ids[version] = found.id;
      continue;
    }
    const fid = await uploadImage(s, ctx, space, `kg100-${version}.bin`, demoImage(version));
    ids[version] = await addPackage(s, ctx, {
      sid: space.sid,
      groupId: space.groupIds[0],
      swType: 'firmware',
      version,
      name: DEMO_FIRMWARE_NAME,
      fidList: [fid],
      modelIdList: [gatewayModelId],
      platformIdList: [],
      notesZh: NOTES[version].zh,
      notesEn: NOTES[version].en,
    });
    await setPublished(s, ctx, ids[version], 1);
  }

  // The delta 2.1.0 → 2.2.0, made now by the delta job (a worker thread; well under a second for these images).
  const demoDelta = async () =>
    (await listDeltas(s, ctx, { pageNum: 1, pageSize: 50, swId: ids['2.2.0'] })).list.find(
      (d) => d.sourceVersion === '2.1.0' && d.targetVersion === '2.2.0',
    );
  if (!(await demoDelta())) await addDelta(s, ctx, { sourceId: ids['2.1.0'], targetId: ids['2.2.0'] });
  // Until it is made: this instance's runner takes the job, or a running server's runner has taken it already.
  for (let wait = 0; wait < 100; wait += 1) {
    const delta = await demoDelta();
    if (!delta || delta.state === 'ready' || delta.state === 'failed' || delta.state === 'refused') break;
    await s.jobs.runDue();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const tasks = (await listTasks(s, ctx, { pageNum: 1, pageSize: 50, swType: 'firmware' })).list;
  // The finished rollout: every gateway on 2.0.3 at first; 001 and 007 install 2.1.0, 004 and 010 fail.
  if (!tasks.some((t) => t.name === DEMO_FINISHED_TASK)) {
    await reportOnce(s, ctx, pno, '2.0.3');
    const task = await addTask(s, ctx, {
      swId: ids['2.1.0'],
      name: DEMO_FINISHED_TASK,
      remark: '演示：已完成的升级任务',
      execution: taskExecution.parse(EXECUTION_BASE),
      deviceIdList: [...GATEWAYS],
      groupIdList: [],
      modelIdList: [],
    });
    await release(s, ctx, task.id);
    await deviceRound(s, pno, GATEWAYS, FINISHED_FAILURES);
  }
  // The running rollout, in groups of 2, 1 and 1: the first group now, the rest for the simulator.
  if (!tasks.some((t) => t.name === DEMO_RUNNING_TASK)) {
    const task = await addTask(s, ctx, {
      swId: ids['2.2.0'],
      name: DEMO_RUNNING_TASK,
      remark: '演示：运行 npm run sim:demo 后继续推进',
      execution: taskExecution.parse({ ...EXECUTION_BASE, stages: { by: 'count', sizes: [2, 1] } }),
      deviceIdList: [...RUNNING_ORDER],
      groupIdList: [],
      modelIdList: [],
    });
    await release(s, ctx, task.id);
    await deviceRound(s, pno, RUNNING_ORDER.slice(0, 2), RUNNING_FAILURES);
    // The pass that opened the second group offers it on the next one.
    await tick(s);
  }
}
