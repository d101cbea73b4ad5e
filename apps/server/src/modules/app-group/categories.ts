import { APP_GROUP_CATEGORIES_MAX } from '@keel/contract/endpoints/app-group';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { appHeads, isAppImage } from '../app-store/reads';
import type { Caller } from './caller';
import { groupOf } from './groups';
import { categoryItems, groupItem } from './items';
import * as repo from './repo';

/** A group's categories (README "Categories"): ordered lists of the property's apps on the shelf. */

async function categoryOf(s: Services, c: Caller, categoryId: string) {
  const row = await repo.findCategory(s.db, c.t, categoryId);
  if (!row) throw notFound('categoryId');
  return row;
}

/** The group of a master app with its categories and their apps; none: `group` null. */
export async function categoriesOfMaster(s: Services, c: Caller, masterAppId: string) {
  if (!(await appHeads(s.db, c.t, [masterAppId], c.locale)).has(masterAppId)) throw notFound('masterAppId');
  const group = await repo.findGroupOfMaster(s.db, c.t, masterAppId);
  if (!group) return { group: null, list: [] };
  const [item, list] = await Promise.all([
    groupItem(s, c, group),
    categoryItems(s, c, await repo.categoriesOf(s.db, c.t, group.group_id)),
  ]);
  return { group: item, list };
}

export interface CategorySaveInput {
  categoryId?: string;
  groupId: string;
  nameZh: string;
  nameEn: string;
  position?: number;
  iconFid?: string;
  appIdList: string[];
}

const folded = (name: string) => name.trim().toLowerCase();

/** Adds or edits a category: names unique in the group (in each language), an image icon, apps on the shelf. */
export async function saveCategory(s: Services, c: Caller, input: CategorySaveInput) {
  const group = await groupOf(s, c, input.groupId);
  const existing = input.categoryId ? await categoryOf(s, c, input.categoryId) : undefined;
  if (existing && existing.group_id !== group.group_id) throw notFound('categoryId');
  const others = (await repo.categoriesOf(s.db, c.t, group.group_id)).filter(
    (r) => r.category_id !== existing?.category_id,
  );
  if (!existing && others.length >= APP_GROUP_CATEGORIES_MAX) {
    throw new AppError('appCategoryTooMany', { max: APP_GROUP_CATEGORIES_MAX });
  }
  for (const name of [input.nameZh, input.nameEn]) {
    if (others.some((r) => folded(r.name_zh) === folded(name) || folded(r.name_en) === folded(name))) {
      throw new AppError('appCategoryNameTaken', { name });
    }
  }
  if (input.iconFid && !(await isAppImage(s.db, c.t, input.iconFid))) throw notFound('iconFid');
  const heads = await appHeads(s.db, c.t, input.appIdList, c.locale);
  for (const appId of input.appIdList) {
    const app = heads.get(appId);
    if (!app) throw notFound('appIdList');
    if (!app.onShelf) throw new AppError('appNotOnShelf', { app: app.appName });
  }

  const categoryId = existing?.category_id ?? newId();
  const now = s.now();
  // Places are the categories' indexes: this one goes to the place asked (else keeps its own, or goes last) and
  // the others close up around it.
  const order = others.map((r) => r.category_id);
  const place = Math.min(input.position ?? existing?.position ?? order.length, order.length);
  order.splice(place, 0, categoryId);
  const positions = new Map(order.map((id, index) => [id, index]));
  positions.delete(categoryId);
  const fields = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    position: place,
    icon_fid: input.iconFid ?? '',
    updated_at: now,
  };
  await s.db.transaction().execute(async (trx) => {
    if (existing) await repo.updateCategory(trx, c.t, categoryId, fields);
    else {
      await repo.insertCategory(trx, c.t, {
        category_id: categoryId,
        group_id: group.group_id,
        created_at: now,
        ...fields,
      });
    }
    await repo.replaceApps(trx, c.t, categoryId, input.appIdList);
    await repo.setPositions(trx, c.t, positions, now);
  });
  const [item] = await categoryItems(s, c, [await categoryOf(s, c, categoryId)]);
  return item as NonNullable<typeof item>;
}

export async function deleteCategory(s: Services, c: Caller, categoryId: string): Promise<number> {
  const row = await categoryOf(s, c, categoryId);
  const rest = (await repo.categoriesOf(s.db, c.t, row.group_id)).filter((r) => r.category_id !== categoryId);
  return s.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteCategory(trx, c.t, categoryId);
    await repo.setPositions(trx, c.t, new Map(rest.map((r, index) => [r.category_id, index])), s.now());
    return deleted;
  });
}
