import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVICE_BUSINESS } from '@keel/contract/endpoints/device-common';
import * as catalogue from '../modules/device/catalogue-repo';
import * as deviceRepo from '../modules/device/repo';
import { enabledCredentialHashes } from '../platform/auth/device-credentials';
import { nameKey } from '../platform/db/sql-helpers';
import { newId, sha256 } from '../platform/ids';
import type { Services } from '../platform/services';
import { propertyTenant, type Tenant } from '../platform/tenancy/tenant';
import type { DemoSpace } from './spaces';

/** Where the demo fleet's credentials go (in DATA_DIR), for `npm run sim:demo` (apps/device-sim). */
export const DEMO_FLEET_FILE = 'demo-fleet.json';
export const DEMO_FLEET_SIZE = 12;

const PLATFORM = '嵌入式 Linux';
const MODELS = [
  { name: 'KG-100 边缘网关', type: '网关', short: 'KG-100', firmware: ['2.1.0', '2.0.3'] },
  { name: 'KS-20 环境传感器', type: '传感器', short: 'KS-20', firmware: ['1.4.2', '1.3.9'] },
  { name: 'KC-300 网络摄像机', type: '摄像机', short: 'KC-300', firmware: ['3.0.1', '3.0.0'] },
] as const;

export interface DemoFleetDevice {
  deviceId: string;
  credential: string;
  attributes: Record<string, string>;
}

/** The demo fleet's device ids, `demo-dev-001`…`demo-dev-012`. */
export const demoDeviceId = (i: number) => `demo-dev-${String(i + 1).padStart(3, '0')}`;

/** Ensures a catalogue entry by name (the seed's own lookup: the same name is the same entry). */
async function ensureEntry(
  s: Services,
  table: catalogue.CatalogueTable,
  tenant: Tenant,
  by: string,
  values: { name: string; osType?: string; typeId?: string; platformId?: string },
): Promise<string> {
  const key = nameKey(values.name);
  const found = await catalogue.findByNameKey(s.db, table, tenant, key);
  if (found) return found.id;
  const id = newId();
  await catalogue.insertEntry(
    s.db,
    table,
    tenant,
    { id, createdBy: by, now: s.now() },
    { ...values, nameKey: key, remark: '' },
  );
  return id;
}

function readFleetFile(file: string): Map<string, string> {
  if (!existsSync(file)) return new Map();
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { devices?: DemoFleetDevice[] };
    return new Map((parsed.devices ?? []).map((d) => [d.deviceId, d.credential]));
  } catch {
    return new Map();
  }
}

/**
 * The demo fleet of 演示物业 (idempotent, and quick: a second run reads a few rows and writes nothing): a device
 * catalogue (three types, one platform, three models) and DEMO_FLEET_SIZE devices registered in the console, the
 * first three bound to demo users (`bindTo`), spread over the groups of `space` when given. Their credentials,
 * shown once by design, are written to `DATA_DIR/demo-fleet.json` for the simulator; a device whose credential is
 * not on file (or no longer valid) gets a new one. Bringing the fleet online: `npm run sim:demo` (README).
 */
export async function seedDemoFleet(
  s: Services,
  pno: string,
  ownerUid: string,
  bindTo: readonly string[],
  space?: DemoSpace,
): Promise<{ file: string; issued: number; modelIds: Record<(typeof MODELS)[number]['short'], string> }> {
  const tenant = propertyTenant(pno);
  const platformId = await ensureEntry(s, 'device_platforms', tenant, ownerUid, { name: PLATFORM, osType: 'linux' });
  const modelIds: string[] = [];
  for (const m of MODELS) {
    const typeId = await ensureEntry(s, 'device_types', tenant, ownerUid, { name: m.type });
    modelIds.push(await ensureEntry(s, 'device_models', tenant, ownerUid, { name: m.name, typeId, platformId }));
  }

  const file = join(s.config.dataDir, DEMO_FLEET_FILE);
  const onFile = readFleetFile(file);
  const ids = Array.from({ length: DEMO_FLEET_SIZE }, (_, i) => demoDeviceId(i));
  const existing = new Set((await deviceRepo.findDeviceHeads(s.db, tenant, ids)).map((d) => d.device_id));
  const hashes = await enabledCredentialHashes(s.db, pno, ids);
  const devices: DemoFleetDevice[] = [];
  const issuedFor: string[] = [];
  const base = s.now();
  for (const [i, deviceId] of ids.entries()) {
    const model = MODELS[i % MODELS.length] as (typeof MODELS)[number];
    const uid = bindTo[i] ?? null;
    if (!existing.has(deviceId)) {
      await deviceRepo.insertDevice(s.db, {
        device_id: deviceId,
        pno,
        name: `${model.short} #${Math.floor(i / MODELS.length) + 1}`,
        label: 'demo',
        business: DEVICE_BUSINESS,
        model_id: modelIds[i % MODELS.length] as string,
        os_type: 'linux',
        mockup: i === DEMO_FLEET_SIZE - 1 ? 1 : 0,
        // Spread over the space's groups, one after another.
        sid: space?.sid ?? null,
        group_id: space ? (space.groupIds[i % space.groupIds.length] ?? space.sid) : null,
        uid,
        bound_at: uid ? base : null,
        admission: 'accepted',
        enrolment: 'console',
        remark: '',
        created_by: ownerUid,
        created_at: base + i,
        updated_at: base + i,
      });
    }
    let credential = onFile.get(deviceId);
    if (!credential || hashes.get(deviceId) !== sha256(credential)) {
      credential = await s.deviceCredentials.issue(s.db, { deviceId, pno, name: deviceId }, base);
      issuedFor.push(deviceId);
    }
    devices.push({
      deviceId,
      credential,
      attributes: {
        model: model.short,
        firmwareVersion: model.firmware[Math.floor(i / MODELS.length) % model.firmware.length] as string,
        hwRevision: `rev${1 + (i % 2)}`,
        serial: `SN${String(240001 + i)}`,
      },
    });
  }
  if (issuedFor.length > 0 || onFile.size !== devices.length) {
    await s.deviceCredentials.forget(issuedFor);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(
      tmp,
      `${JSON.stringify({ url: `http://127.0.0.1:${s.config.port}`, property: pno, devices }, null, 2)}\n`,
      { mode: 0o600 },
    );
    renameSync(tmp, file);
  }
  const [gateway, sensor, camera] = modelIds as [string, string, string];
  return { file, issued: issuedFor.length, modelIds: { 'KG-100': gateway, 'KS-20': sensor, 'KC-300': camera } };
}
