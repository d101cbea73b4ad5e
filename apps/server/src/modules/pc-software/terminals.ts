import {
  PC_SOFTWARE_PERMISSIONS as P,
  SOFT_READERS,
  SOFT_TERMINAL_COUNT_MAX,
  type SoftTerminalItem,
} from '@keel/contract/endpoints/pc-software';
import { invalidInput } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import type { Caller, Paging } from './caller';
import { softNames } from './repo';
import { ownSoft } from './software';
import * as repo from './terminal-repo';

/**
 * The installations that checked for updates (TerminalListPage, README "Installations"), last seen first. A page is
 * read by its number (counted), or after the previous page's last row (`cursor`, not counted): at a million rows the
 * cursor reads along the index without skipping rows or counting them.
 */

const encodeCursor = (p: repo.TerminalPosition) =>
  Buffer.from(JSON.stringify([p.lastSeen, p.softId, p.installId])).toString('base64url');

function decodeCursor(cursor: string): repo.TerminalPosition {
  try {
    const [lastSeen, softId, installId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof lastSeen === 'number' && typeof softId === 'string' && typeof installId === 'string') {
      return { lastSeen, softId, installId };
    }
  } catch {
    // reported below
  }
  throw invalidInput('cursor');
}

export async function listTerminals(
  s: Services,
  c: Caller,
  input: Paging & { softId?: string; os?: string; channel?: string; str?: string; cursor?: string },
) {
  if (input.softId) await ownSoft(s, c, input.softId, 'softId', [P.terminals, ...SOFT_READERS]);
  const f = { softId: input.softId, os: input.os, channel: input.channel, str: input.str };
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const counted = after ? -1 : await repo.countTerminals(s.db, c.t, f, SOFT_TERMINAL_COUNT_MAX + 1);
  const totalCapped = counted > SOFT_TERMINAL_COUNT_MAX ? 1 : 0;
  const total = totalCapped ? SOFT_TERMINAL_COUNT_MAX : counted;
  const rows = await repo.pageTerminals(s.db, c.t, f, {
    limit: input.pageSize,
    offset: (input.pageNum - 1) * input.pageSize,
    after,
  });
  const names = await softNames(s.db, c.t, [...new Set(rows.map((r) => r.soft_id))]);
  const last = rows.at(-1);
  const list = rows.map(
    (r): SoftTerminalItem => ({
      softId: r.soft_id,
      softName: names.get(r.soft_id) ?? '',
      installId: r.install_id,
      version: r.version,
      os: r.os,
      arch: r.arch,
      channel: r.channel,
      address: r.address,
      checkCount: Number(r.check_count),
      firstSeen: Number(r.first_seen),
      lastSeen: Number(r.last_seen),
    }),
  );
  const nextCursor =
    last && rows.length === input.pageSize
      ? encodeCursor({ lastSeen: Number(last.last_seen), softId: last.soft_id, installId: last.install_id })
      : '';
  return { list, total, totalCapped, pageNum: input.pageNum, pageSize: input.pageSize, nextCursor } as const;
}
