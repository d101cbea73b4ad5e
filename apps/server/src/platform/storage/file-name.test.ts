import { validateHeaderValue } from 'node:http';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileNames } from '../../test/hostile-names';
import { contentDisposition, safeFileName } from './file-name';

const HEADER = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/;

describe('file names from users', () => {
  const names = hostileNames(1000);

  it('1 000 hostile names give safe names and valid Content-Disposition headers', () => {
    expect(names).toHaveLength(1000);
    const root = resolve('/srv/keel/blobs');
    for (const name of names) {
      const safe = safeFileName(name);
      expect(safe.length, JSON.stringify(name)).toBeGreaterThan(0);
      expect(safe.length).toBeLessThanOrEqual(120);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: none may remain.
      expect(safe).not.toMatch(/[/\\\u0000-\u001f\u007f"]/);
      expect(safe).not.toMatch(/^[.\s]/);
      // No lone surrogate (which encodeURIComponent would refuse).
      expect(() => encodeURIComponent(safe)).not.toThrow();
      // Even if someone used it as a path, it would name an entry directly inside the folder.
      expect(resolve(join(root, safe)).startsWith(root + sep)).toBe(true);

      const header = contentDisposition(name);
      expect(() => validateHeaderValue('content-disposition', header)).not.toThrow();
      const match = HEADER.exec(header);
      expect(match, header).not.toBeNull();
      expect(match?.[1]).not.toMatch(/["\\]/);
      expect(decodeURIComponent(match?.[2] ?? '')).toBe(safe);
    }
  });

  it('keeps ordinary names and their extensions', () => {
    expect(safeFileName('firmware-1.2.3.bin')).toBe('firmware-1.2.3.bin');
    expect(safeFileName('固件 升级包.zip')).toBe('固件 升级包.zip');
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('a\r\nb\u0000c')).toBe('abc');
    expect(safeFileName('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(safeFileName('...')).toBe('download');
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    const long = safeFileName(`${'中'.repeat(500)}.tar.gz`);
    expect(long.length).toBe(120);
    expect(long.endsWith('.gz')).toBe(true);
    expect(contentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a_b_c.txt`);
    expect(contentDisposition("it's (1).txt", 'inline')).toBe(
      `inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
  });
});
