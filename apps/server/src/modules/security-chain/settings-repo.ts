import { type Db, precompile } from '../../platform/db/connect';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/** The token settings' SQL (`security_settings`: one row per property, none while it keeps the defaults). */

const compileFind = (db: Db) =>
  precompile(db, (param: (name: 'pno') => string) =>
    // Scoped to a stand-in property whose pno is the parameter: each run binds its tenant's.
    tenantDb(db, propertyTenant(param('pno')))
      .selectFrom('security_settings')
      .selectAll(),
  );
const finds = new WeakMap<Db, ReturnType<typeof compileFind>>();

/** The property's settings (read for every authorisation issued: compiled once per database). */
export async function findSettings(db: Db, t: Tenant) {
  let find = finds.get(db);
  if (!find) {
    find = compileFind(db);
    finds.set(db, find);
  }
  const [row] = await find({ pno: t.pno });
  return row;
}

/** Writes the property's settings (the row made on the first save). */
export const saveSettings = (
  db: Db,
  t: Tenant,
  v: { algorithm: string; tokenTtlSeconds: number; uid: string; now: number },
) =>
  tenantDb(db, t)
    .insertInto('security_settings')
    .values({ algorithm: v.algorithm, token_ttl_seconds: v.tokenTtlSeconds, updated_by: v.uid, updated_at: v.now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet({
        algorithm: v.algorithm,
        token_ttl_seconds: v.tokenTtlSeconds,
        updated_by: v.uid,
        updated_at: v.now,
      }),
    )
    .execute();
