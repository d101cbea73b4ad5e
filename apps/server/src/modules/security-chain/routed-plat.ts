import {
  ROUTED_CMD_OPEN_STATES,
  type RoutedCmdItem,
  type RoutedCmdPlatItem,
} from '@keel/contract/endpoints/security-records';
import type { Locale } from '@keel/contract/status';
import { withPropertyNames } from '../../platform/auth/reads';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { type AllTenants, propertyTenant, type TenantScope } from '../../platform/tenancy/tenant';
import { cancelOpen, EXPIRE_BATCH, expireDue, items } from './routed';
import * as routed from './routed-repo';

/**
 * The operators' view of routed commands (README "Security routes and records", the back office's secure-route page):
 * every property's commands, or one's (`filterPno`), and cancelling any that still waits. The operator's handle
 * comes from `operatorScope`/`operatorView` in the route; each command is named and changed in its own property.
 */

/** Expires the due commands of the scope, property by property, before a list shows them. */
async function expireDueIn(s: Services, scope: TenantScope): Promise<void> {
  const due = await routed.expiredOpenIn(s.db, scope, ROUTED_CMD_OPEN_STATES, s.now(), EXPIRE_BATCH);
  const byProperty = new Map<string, string[]>();
  for (const r of due) byProperty.set(r.pno, [...(byProperty.get(r.pno) ?? []), r.cmd_id]);
  for (const [pno, cmdIds] of byProperty) await expireDue(s, propertyTenant(pno), cmdIds);
}

/** The rows with their names, each read in the row's own property, and the property's name. */
async function platItems(s: Services, locale: Locale, rows: readonly routed.RoutedRow[]): Promise<RoutedCmdPlatItem[]> {
  const byProperty = new Map<string, routed.RoutedRow[]>();
  for (const r of rows) byProperty.set(r.pno, [...(byProperty.get(r.pno) ?? []), r]);
  const named = new Map<string, RoutedCmdItem>();
  await Promise.all(
    [...byProperty].map(async ([pno, some]) => {
      const list = await items(s, { t: propertyTenant(pno), locale }, some);
      for (const item of list) named.set(item.cmdId, item);
    }),
  );
  const withNames = await withPropertyNames(s.db, rows, 'pno', 'property_name');
  return withNames.map((r) => ({
    ...(named.get(r.cmd_id) as RoutedCmdItem),
    pno: r.pno,
    propertyName: r.property_name,
  }));
}

export type RoutedPlatQuery = routed.RoutedPlatFilter & { pageNum: number; pageSize: number };

/** `seclink/channel/getAllCmdRecordList`: the routed commands of every property (or of one), newest first. */
export async function listAllCommands(s: Services, scope: TenantScope, locale: Locale, f: RoutedPlatQuery) {
  await expireDueIn(s, scope);
  const { rows, total } = await routed.pageRoutedAcross(s.db, scope, f, f.pageNum, f.pageSize);
  return { list: await platItems(s, locale, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}

/** `seclink/channel/cancelAnyFuncCommand`: any property's command while it waits for its device. */
export async function cancelAnyCommand(
  s: Services,
  all: AllTenants,
  locale: Locale,
  cmdId: string,
): Promise<RoutedCmdPlatItem> {
  const found = await routed.findRoutedAnywhere(s.db, all, cmdId);
  if (!found) throw notFound('cmdId');
  // The property the command was found in: its own tenant handle changes it.
  const t = propertyTenant(found.pno);
  await expireDue(s, t, [found.cmd_id]);
  await cancelOpen(s, t, found);
  const row = await routed.findRouted(s.db, t, found.cmd_id);
  if (!row) throw notFound('cmdId');
  return (await platItems(s, locale, [row]))[0] as RoutedCmdPlatItem;
}
