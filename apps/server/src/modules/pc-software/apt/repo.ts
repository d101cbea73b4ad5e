import type { Db } from '../../../platform/db/connect';
import type { Tenant } from '../../../platform/tenancy/tenant';
import { tenantDb } from '../../../platform/tenancy/tenant-scope';

/** SQL of the APT repository (README "The APT repository"): the property's released `.deb` installers. No rules. */

export type ReleasedDebRow = Awaited<ReturnType<typeof releasedDebs>>[number];

/** The `.deb` installers of the property's versions released to one of `channels`, in installer id order. */
export const releasedDebs = (db: Db, t: Tenant, channels: readonly string[]) =>
  tenantDb(db, t)
    .selectFrom('soft_installers as i')
    .innerJoin('soft_versions as v', 'v.version_id', 'i.version_id')
    .select(['i.installer_id', 'i.soft_id', 'i.version_id', 'i.size', 'i.sha256', 'v.channel'])
    .where('i.format', '=', 'deb')
    .where('v.channel', 'in', [...channels])
    .orderBy('i.installer_id')
    .execute();

/** A `.deb` installer of a released version of the property, or undefined. */
export const releasedDeb = (db: Db, t: Tenant, installerId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_installers as i')
    .innerJoin('soft_versions as v', 'v.version_id', 'i.version_id')
    .select(['i.installer_id', 'i.soft_id', 'i.size', 'i.sha256'])
    .where('i.installer_id', '=', installerId)
    .where('i.format', '=', 'deb')
    .where('v.channel', '<>', '')
    .executeTakeFirst();
