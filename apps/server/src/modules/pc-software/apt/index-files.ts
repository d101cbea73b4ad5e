import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { DebControl } from './deb';

/**
 * The files of one suite of an APT repository (Debian's repository format, wiki.debian.org/DebianRepository/Format):
 * `main/binary-<arch>/Packages` (and `.gz`) for amd64 and arm64 — packages of architecture `all` in both, as flat
 * Debian mirrors do — and the `Release` naming each with its size and SHA-256, `Acquire-By-Hash: yes` (apt then asks
 * for `…/by-hash/SHA256/<hash>`, which does not change under a reader while the index is rebuilt). Pure: no I/O.
 */

export const APT_ARCHES = ['amd64', 'arm64'] as const;

export interface IndexedDeb {
  control: DebControl;
  /** Path of the `.deb` under the repository root. */
  filename: string;
  size: number;
  sha256: string;
}

/** Fields the index writes itself (a control file carrying them would contradict the pool). */
const OWN_FIELDS = new Set(['filename', 'size', 'sha256', 'md5sum', 'sha1', 'sha512']);

/** One `Packages` stanza: the control paragraph as written, then where the file is, its size and hash. */
export function packageStanza(deb: IndexedDeb): string {
  const lines: string[] = [];
  let skipping = false;
  for (const line of deb.control.paragraph.split('\n')) {
    if (line === '') continue;
    if (/^[ \t]/.test(line)) {
      if (!skipping) lines.push(line);
      continue;
    }
    skipping = OWN_FIELDS.has(line.slice(0, line.indexOf(':')).toLowerCase());
    if (!skipping) lines.push(line);
  }
  lines.push(`Filename: ${deb.filename}`, `Size: ${deb.size}`, `SHA256: ${deb.sha256}`);
  return `${lines.join('\n')}\n`;
}

const sha256Hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface SuiteFiles {
  /** Path under `dists/<suite>/` to bytes (`Release` included, not yet signed). */
  files: Map<string, Buffer>;
  release: string;
}

/** The suite's `Packages` files and its `Release` (dated `now`). */
export function suiteFiles(
  debs: readonly IndexedDeb[],
  o: { suite: string; origin: string; label: string; now: number },
): SuiteFiles {
  const files = new Map<string, Buffer>();
  for (const arch of APT_ARCHES) {
    const stanzas = debs
      .filter((d) => {
        const a = d.control.fields.get('Architecture');
        return a === arch || a === 'all';
      })
      .map(packageStanza);
    const packages = Buffer.from(stanzas.join('\n'), 'utf8');
    files.set(`main/binary-${arch}/Packages`, packages);
    files.set(`main/binary-${arch}/Packages.gz`, gzipSync(packages, { level: 6 }));
  }
  const sums = [...files].map(([path, bytes]) => ` ${sha256Hex(bytes)} ${String(bytes.length).padStart(8)} ${path}`);
  const release = [
    `Origin: ${o.origin}`,
    `Label: ${o.label}`,
    `Suite: ${o.suite}`,
    `Codename: ${o.suite}`,
    `Date: ${new Date(o.now).toUTCString().replace('GMT', 'UTC')}`,
    `Architectures: ${APT_ARCHES.join(' ')}`,
    'Components: main',
    'Acquire-By-Hash: yes',
    'SHA256:',
    ...sums,
    '',
  ].join('\n');
  return { files, release };
}
