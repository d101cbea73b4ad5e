import { SOFT_READERS, type SoftStats } from '@keel/contract/endpoints/pc-software';
import { versionKey } from '@keel/contract/endpoints/pc-software-model';
import type { Services } from '../../platform/services';
import type { Caller } from './caller';
import { ownSoft } from './software';
import * as repo from './terminal-repo';

/**
 * The software page's chart (README "Counters"): update checks and downloads over the last `days` UTC days, per day
 * (every day of the span, zero where nothing was counted), per version (highest first) and per platform.
 */

const DAY_MS = 86_400_000;

export async function softStats(s: Services, c: Caller, input: { softId: string; days: number }): Promise<SoftStats> {
  const soft = await ownSoft(s, c, input.softId, 'softId', [...SOFT_READERS]);
  const today = Math.floor(s.now() / DAY_MS) * DAY_MS;
  const fromDay = today - (input.days - 1) * DAY_MS;
  const [byDay, byVersion, byPlatform] = await Promise.all([
    repo.statsByDay(s.db, c.t, soft.soft_id, fromDay),
    repo.statsByVersion(s.db, c.t, soft.soft_id, fromDay),
    repo.statsByPlatform(s.db, c.t, soft.soft_id, fromDay),
  ]);
  const counted = new Map(byDay.map((r) => [Number(r.day), r]));
  const days = Array.from({ length: input.days }, (_, i) => {
    const day = fromDay + i * DAY_MS;
    const r = counted.get(day);
    return { day, checks: Number(r?.checks ?? 0), downloads: Number(r?.downloads ?? 0) };
  });
  const versions = byVersion
    .map((r) => ({
      versionId: r.version_id,
      version: String(r.version ?? ''),
      key: String(r.version_key ?? (r.version ? versionKey(String(r.version)) : '')),
      checks: Number(r.checks ?? 0),
      downloads: Number(r.downloads ?? 0),
    }))
    .sort((a, b) => b.key.localeCompare(a.key))
    .map(({ key: _key, ...v }) => v);
  const platforms = byPlatform
    .map((r) => ({ os: r.os, arch: r.arch, checks: Number(r.checks ?? 0), downloads: Number(r.downloads ?? 0) }))
    .sort(
      (a, b) =>
        b.checks - a.checks || b.downloads - a.downloads || `${a.os}${a.arch}`.localeCompare(`${b.os}${b.arch}`),
    );
  const total = days.reduce((t, d) => ({ checks: t.checks + d.checks, downloads: t.downloads + d.downloads }), {
    checks: 0,
    downloads: 0,
  });
  return { days, versions, platforms, total };
}
