import type { SwItem, SwType } from '@keel/contract/endpoints/firmware';
import { stringList } from '../../platform/db/json-text';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { catalogueNames } from '../device/catalogue';
import type * as repo from './repo';

/** List items of package rows (the answer of `sw/getSwList`, `sw/getSwInfo`, …). */

/** Items of package rows, with their models' and platforms' names. */
export async function itemsOf(s: Services, tenant: Tenant, rows: readonly repo.PackageRow[]): Promise<SwItem[]> {
  const models = new Set<string>();
  const platforms = new Set<string>();
  for (const r of rows) {
    for (const m of stringList(r.models)) models.add(m);
    for (const p of stringList(r.platforms)) platforms.add(p);
  }
  const modelNames = await catalogueNames(s, tenant, 'model', [...models]);
  const platformNames = await catalogueNames(s, tenant, 'platform', [...platforms]);
  return rows.map((r) => ({
    id: r.id,
    sid: r.sid,
    spaceName: r.space_name,
    groupId: r.group_id,
    swType: r.sw_type as SwType,
    name: r.name,
    version: r.version,
    models: stringList(r.models).map((id) => ({ id, name: modelNames.get(id) ?? id })),
    platforms: stringList(r.platforms).map((id) => ({ id, name: platformNames.get(id) ?? id })),
    notesZh: r.notes_zh,
    notesEn: r.notes_en,
    published: Number(r.published) ? 1 : 0,
    publishTime: r.published_at === null ? null : Number(r.published_at),
    size: Number(r.size),
    fileCount: Number(r.file_count ?? 0),
    sha256: r.sha256,
    customerCount: Number(r.customer_count ?? 0),
    creatorName: r.creator_name ?? '',
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
    sharedBy: '',
  }));
}
