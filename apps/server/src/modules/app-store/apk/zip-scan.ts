import yauzl from 'yauzl';

/** Why an archive was refused: the message key (contract status.ts) and, for an unsafe entry, its name. */
export class ApkRefusal extends Error {
  constructor(
    readonly key: 'apkCorrupt' | 'apkNoManifest' | 'apkUnsafeEntry' | 'apkTooExpanded' | 'apkUnsigned',
    readonly entry = '',
  ) {
    super(key);
  }
}

/** The most entries an APK may hold. */
const MAX_ENTRIES = 100_000;
/** The most bytes all entries may expand to. */
const MAX_EXPANDED = 4 * 1024 * 1024 * 1024;
/**
 * The most an entry may expand per compressed byte (deflate reaches about 1 000 on zeros; an APK's entries stay far
 * below 100).
 */
const MAX_RATIO = 200;
/** An entry above this size is judged by its ratio; smaller ones are not (tiny files compress well). */
const RATIO_FLOOR = 1024 * 1024;

export interface ZipScan {
  /** Every file name, in the archive's order. */
  names: string[];
  /** The bytes of the entries asked for, by name (those present). */
  read: Map<string, Buffer>;
}

/** A name that could leave the directory it is unpacked into, or that no tool should accept. */
export function unsafeEntryName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

/**
 * Reads an archive's directory, refusing what a device or a tool unpacking it must not meet: a damaged or cut-short
 * archive, an entry naming a path outside it, more entries or expansion than an app needs (a zip bomb). Reads in full
 * the entries `wanted` picks (each at most `maxEntryBytes`, checked against what its header declares and what it
 * really expands to).
 */
export function scanZip(path: string, wanted: (name: string) => boolean, maxEntryBytes: number): Promise<ZipScan> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true },
      (openError, zip) => {
        if (openError || !zip) return reject(new ApkRefusal('apkCorrupt'));
        const names: string[] = [];
        const read = new Map<string, Buffer>();
        let expanded = 0;
        let settled = false;
        const fail = (refusal: ApkRefusal) => {
          if (settled) return;
          settled = true;
          zip.close();
          reject(refusal);
        };
        if (zip.entryCount > MAX_ENTRIES) return fail(new ApkRefusal('apkTooExpanded'));
        zip.on('error', () => fail(new ApkRefusal('apkCorrupt')));
        zip.on('end', () => {
          if (settled) return;
          settled = true;
          resolve({ names, read });
        });
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = Buffer.from(entry.fileName as unknown as Buffer).toString('utf8');
          if (unsafeEntryName(name)) return fail(new ApkRefusal('apkUnsafeEntry', name));
          expanded += entry.uncompressedSize;
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
          if (expanded > MAX_EXPANDED || (entry.uncompressedSize > RATIO_FLOOR && ratio > MAX_RATIO)) {
            return fail(new ApkRefusal('apkTooExpanded'));
          }
          if (name.endsWith('/')) return zip.readEntry();
          names.push(name);
          if (!wanted(name)) return zip.readEntry();
          if (entry.uncompressedSize > maxEntryBytes) return fail(new ApkRefusal('apkTooExpanded'));
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return fail(new ApkRefusal('apkCorrupt'));
            const parts: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => parts.push(chunk));
            stream.on('error', () => fail(new ApkRefusal('apkCorrupt')));
            stream.on('end', () => {
              read.set(name, Buffer.concat(parts));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
