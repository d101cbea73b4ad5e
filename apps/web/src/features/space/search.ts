import { id } from '@keel/contract/envelope';
import { z } from 'zod';

/**
 * What the space pages read from the URL (routes have no parameters, SPEC §2): the space, a group of its tree,
 * how the page works (`mode`), and which list a page shows (`view`).
 */
export const SPACE_SEARCH = z
  .object({
    sid: id(),
    groupId: id(),
    pid: id(),
    mode: z.enum(['mine', 'admin', 'platform']),
    view: z.enum(['mine', 'all', 'applications', 'spaces']),
    filterPno: z.string().trim().max(64),
  })
  .partial();

/** The search without a list's page and filters (switching to another list starts it afresh). */
export function freshList(search: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _p, pageSize: _s, str: _str, business: _b, category: _c, status: _st, ...rest } = search;
  return rest;
}
