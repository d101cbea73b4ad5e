import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mergeLocales } from '../../../vite-plugins/locales';

const srcDir = fileURLToPath(new URL('../..', import.meta.url));

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('merged locale files', () => {
  const merged = mergeLocales(srcDir, ['zh-cn', 'en']);

  it('nest each feature under its area and keep shared keys at the top', () => {
    expect(merged.en).toHaveProperty('shell.signOut');
    expect(merged.en).toHaveProperty('auth.signIn');
    expect(merged['zh-cn']).toHaveProperty('account.properties.title');
  });

  it('have the same keys in both languages', () => {
    expect(keys(merged['zh-cn']).sort()).toEqual(keys(merged.en).sort());
  });

  it('hold every key the source passes to t()', () => {
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes('.test.'),
    );
    const known = new Set(keys(merged.en));
    const missing: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const match of readFileSync(join(srcDir, file), 'utf8').matchAll(/\bt\('([\w.]+)'/g)) {
        checked++;
        if (!known.has(match[1])) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });

  it('say "Page Not Found: {path}" in English', () => {
    expect((merged.en.error as Record<string, string>).notFound).toBe('Page Not Found: {{path}}');
  });
});
