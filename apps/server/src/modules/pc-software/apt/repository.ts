import { createHash } from 'node:crypto';
import type { SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import type { Services } from '../../../platform/services';
import type { Tenant } from '../../../platform/tenancy/tenant';
import { signAptRelease } from '../../signing/reads';
import { channelsOf } from '../update-check';
import { debControl } from './controls';
import { type IndexedDeb, suiteFiles } from './index-files';
import { releasedDebs } from './repo';

/**
 * A property's APT repository (README "The APT repository"): one suite per channel (`stable`: the versions released
 * to stable; `beta`: beta and stable), built from the released `.deb` installers and signed with the property's
 * OpenPGP key (modules/signing). A suite is rebuilt when the set of installers it holds changes (each request reads
 * the list, one indexed statement, and compares its digest) and kept in memory with the one before it, so that
 * apt's `by-hash` requests of a reader that fetched `InRelease` just before a rebuild still find their files.
 */

export interface Suite {
  /** The digest of the installers it was built from. */
  digest: string;
  /** `InRelease`, `Release`, `Release.gpg` and the `Packages` files, by path under `dists/<suite>/`. */
  files: Map<string, Buffer>;
  /** The `Packages` files by their SHA-256 (hex), for `…/by-hash/SHA256/<hash>`. */
  byHash: Map<string, Buffer>;
}

/** Control files read at once while a suite is built. */
const READS_AT_ONCE = 16;

const suites = new WeakMap<Services, Map<string, { current: Suite; previous?: Suite }>>();
const building = new WeakMap<Services, Map<string, Promise<Suite>>>();

/** The pool path of a `.deb`: its installer's id, then the name apt saves it under. */
export function poolPath(installerId: string, control: IndexedDeb['control']): string {
  const f = control.fields;
  const safe = (v: string | undefined) => (v ?? '').replace(/[^A-Za-z0-9.+~-]/g, '_');
  const version = (f.get('Version') ?? '').replace(/^\d+:/, '');
  return `pool/main/${installerId}/${safe(f.get('Package'))}_${safe(version)}_${safe(f.get('Architecture'))}.deb`;
}

/** Builds a suite's files from its `.deb`s (their control files read already) and signs its Release. */
export async function buildSuite(
  s: Services,
  t: Tenant,
  suite: SoftChannel,
  debs: readonly IndexedDeb[],
  digest: string,
): Promise<Suite> {
  const { files, release } = suiteFiles(debs, { suite, origin: 'Keel', label: `Keel ${t.pno}`, now: s.now() });
  const byHash = new Map<string, Buffer>();
  for (const bytes of files.values()) byHash.set(createHash('sha256').update(bytes).digest('hex'), bytes);
  const signed = await signAptRelease(s, t, release);
  files.set('Release', Buffer.from(release, 'utf8'));
  files.set('InRelease', Buffer.from(signed.inRelease, 'utf8'));
  files.set('Release.gpg', Buffer.from(signed.releaseGpg, 'utf8'));
  return { digest, files, byHash };
}

/** The `.deb`s of a suite with their control files (those that cannot be read are left out). */
async function indexedDebs(s: Services, rows: Awaited<ReturnType<typeof releasedDebs>>): Promise<IndexedDeb[]> {
  const out: IndexedDeb[] = [];
  // A few at a time, so that the reads of control files not yet known overlap.
  for (let i = 0; i < rows.length; i += READS_AT_ONCE) {
    const slice = rows.slice(i, i + READS_AT_ONCE);
    const controls = await Promise.all(
      slice.map((row) => debControl(s, { sha256: row.sha256, size: Number(row.size) })),
    );
    for (const [k, row] of slice.entries()) {
      const control = controls[k];
      if (!control) continue;
      out.push({ control, filename: poolPath(row.installer_id, control), size: Number(row.size), sha256: row.sha256 });
    }
  }
  return out;
}

/** The suite as it stands, and the one before it (rebuilt when its installers changed). */
export async function currentSuite(
  s: Services,
  t: Tenant,
  suite: SoftChannel,
): Promise<{ current: Suite; previous?: Suite }> {
  const rows = await releasedDebs(s.db, t, channelsOf(suite));
  const digest = createHash('sha256')
    .update(rows.map((r) => `${r.installer_id}:${r.sha256}`).join('\n'))
    .digest('hex');
  let bySuite = suites.get(s);
  if (!bySuite) {
    bySuite = new Map();
    suites.set(s, bySuite);
  }
  const key = `${t.pno}\u0000${suite}`;
  const known = bySuite.get(key);
  if (known && known.current.digest === digest) return known;
  let pending = building.get(s);
  if (!pending) {
    pending = new Map();
    building.set(s, pending);
  }
  let build = pending.get(`${key}\u0000${digest}`);
  if (!build) {
    build = indexedDebs(s, rows)
      .then((debs) => buildSuite(s, t, suite, debs, digest))
      .finally(() => pending.delete(`${key}\u0000${digest}`));
    pending.set(`${key}\u0000${digest}`, build);
  }
  const current = await build;
  const now = bySuite.get(key);
  if (now?.current.digest === digest) return now;
  const entry = { current, previous: now?.current };
  bySuite.set(key, entry);
  return entry;
}
