import type { Services } from '../../platform/services';
import { pageShelvedApps } from '../app-store/reads';
import type { Caller } from './caller';

/** The whole store (what a device in no group shows): the property's apps on the shelf, by package name. */
export async function listStoreApps(
  s: Services,
  c: Caller,
  input: { str?: string; pageNum: number; pageSize: number },
) {
  const { list, total } = await pageShelvedApps(s, c.t, input, c.locale);
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
