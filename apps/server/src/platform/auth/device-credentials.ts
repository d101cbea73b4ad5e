import { hash } from 'node:crypto';
import { type Db, precompile } from '../db/connect';
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
