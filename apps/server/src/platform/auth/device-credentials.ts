import { hash } from 'node:crypto';
import { type Expression, expressionBuilder } from 'kysely';
import { type Db, precompile } from '../db/connect';
import type { Database } from '../db/schema';
import type { DeviceContext } from '../http/context';
import { newToken, sha256 } from '../ids';

/**
 * Device credentials (access kind `device`): a device of a property calls with its own token (header
 * `device-token`); only the token's SHA-256 is stored, so the token is shown once, when issued.
 */
export async function issueDeviceCredential(
  db: Db,
  device: { deviceId: string; pno: string; name: string },
  now: number,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('device_credentials')
    .values({
      device_id: device.deviceId,
      pno: device.pno,
      name: device.name,
      token_hash: sha256(token),
      created_at: now,
    })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ token_hash: sha256(token), disabled: 0 }))
    .execute();
  return token;
}

/** Disables (or enables again) a device's credential; a disabled one is refused. */
export async function setDeviceCredentialDisabled(db: Db, pno: string, deviceId: string, disabled: boolean) {
  await db
    .updateTable('device_credentials')
    .set({ disabled: disabled ? 1 : 0 })
    .where('pno', '=', pno)
    .where('device_id', '=', deviceId)
    .execute();
}

/**
 * Whether the device named by `deviceId` (a column of the caller's query) has a credential (an enabled one with
 * `enabledOnly`): a condition the device module's queries select, so a page of devices stays one query.
 */
export function deviceCredentialExists(deviceId: Expression<string>, enabledOnly: boolean) {
  const eb = expressionBuilder<Database, never>();
  let q = eb.selectFrom('device_credentials as c').select('c.device_id').where('c.device_id', '=', deviceId);
  if (enabledOnly) q = q.where('c.disabled', '=', 0);
  return eb.exists(q);
}

/** The token hashes of these devices' enabled credentials, by device id. */
export async function enabledCredentialHashes(
  db: Db,
  pno: string,
  deviceIds: readonly string[],
): Promise<Map<string, string>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('device_credentials')
    .select(['device_id', 'token_hash'])
    .where('pno', '=', pno)
    .where('device_id', 'in', deviceIds)
    .where('disabled', '=', 0)
    .execute();
  return new Map(rows.map((r) => [r.device_id, r.token_hash]));
}

const lookups = new WeakMap<Db, ReturnType<typeof compileLookup>>();
function compileLookup(db: Db) {
  return precompile(db, (param: (name: 'tokenHash') => string) =>
    db
      .selectFrom('device_credentials as d')
      .innerJoin('properties as p', 'p.pno', 'd.pno')
      .select(['d.device_id', 'd.name', 'd.disabled', 'p.pno', 'p.name as propertyName'])
      .where('d.token_hash', '=', param('tokenHash')),
  );
}

/**
 * The device of a token, with its property; null when missing, unknown or disabled. Compiled once per database
 * (`precompile`): every device call whose credential is not cached runs it.
 */
export async function resolveDeviceCredential(db: Db, token: string | undefined): Promise<DeviceContext | null> {
  if (!token || token.length > 200) return null;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = compileLookup(db);
    lookups.set(db, lookup);
  }
  const row = (await lookup({ tokenHash: hash('sha256', token, 'hex') }))[0];
  if (row?.disabled !== 0) return null;
  return { deviceId: row.device_id, name: row.name, property: { pno: row.pno, name: row.propertyName } };
}
