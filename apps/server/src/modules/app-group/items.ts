import type { AppGroupItem, GroupCategoryItem, StoreAppItem } from '@keel/contract/endpoints/app-group';
import { nameIn } from '@keel/contract/format';
import type { Services } from '../../platform/services';
import { appHeads, appImageUrl, shelvedApps } from '../app-store/reads';
import type { Caller } from './caller';
import * as repo from './repo';

/** Groups and categories as the calls answer them: one read per page for apps, devices and counts. */

export async function groupItems(s: Services, c: Caller, rows: readonly repo.GroupRow[]): Promise<AppGroupItem[]> {
  const ids = rows.map((r) => r.group_id);
  const [masters, devices, counts] = await Promise.all([
    appHeads(
      s.db,
      c.t,
      rows.map((r) => r.master_app_id),
      c.locale,
    ),
    repo.devicesOf(s.db, c.t, ids),
    repo.categoryCounts(s.db, c.t, ids),
  ]);
  return rows.map((r) => {
    const master = masters.get(r.master_app_id);
    const deviceIdList = devices.get(r.group_id) ?? [];
    return {
      groupId: r.group_id,
      masterAppId: r.master_app_id,
      masterAppName: master?.appName ?? '',
      masterPackageName: master?.packageName ?? '',
      nameZh: r.name_zh,
      nameEn: r.name_en,
      name: nameIn(r, c.locale),
      deviceIdList,
      deviceCount: deviceIdList.length,
      categoryCount: counts.get(r.group_id) ?? 0,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    };
  });
}

export async function groupItem(s: Services, c: Caller, row: repo.GroupRow): Promise<AppGroupItem> {
  const [item] = await groupItems(s, c, [row]);
  return item as AppGroupItem;
}

/** Categories with their apps: those saved, and of them the ones on the shelf now as the store shows them. */
export async function categoryItems(
  s: Services,
  c: Caller,
  rows: readonly repo.CategoryRow[],
): Promise<GroupCategoryItem[]> {
  const apps = await repo.appsOf(
    s.db,
    c.t,
    rows.map((r) => r.category_id),
  );
  const shelved = await shelvedApps(s, c.t, [...apps.values()].flat(), c.locale);
  return rows.map((r) => {
    const appIdList = apps.get(r.category_id) ?? [];
    return {
      categoryId: r.category_id,
      groupId: r.group_id,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      name: nameIn(r, c.locale),
      position: r.position,
      iconFid: r.icon_fid,
      iconUrl: appImageUrl(s, c.t, r.icon_fid),
      appIdList,
      appList: appIdList.flatMap((id): StoreAppItem[] => {
        const app = shelved.get(id);
        return app ? [app] : [];
      }),
    };
  });
}
