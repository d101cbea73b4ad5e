import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

type Messages = Record<string, unknown>;

function readJson(file: string): Messages {
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object') {
      deepMerge(current as Messages, value as Messages);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/**
 * Merges `src/shared/locales/{locale}.json` with every `src/features/<area>/locales/{locale}.json` (nested under
 * `<area>`) into one message file per locale.
 */
export function mergeLocales(srcDir: string, locales: readonly string[]): Record<string, Messages> {
  const out: Record<string, Messages> = {};
  const featuresDir = join(srcDir, 'features');
  const areas = existsSync(featuresDir) ? readdirSync(featuresDir).sort() : [];
  for (const locale of locales) {
    const merged: Messages = {};
    const shared = join(srcDir, 'shared', 'locales', `${locale}.json`);
    if (existsSync(shared)) deepMerge(merged, readJson(shared));
    for (const area of areas) {
      const file = join(featuresDir, area, 'locales', `${locale}.json`);
      if (existsSync(file)) deepMerge(merged, { [area]: readJson(file) });
    }
    out[locale] = merged;
  }
  return out;
}

/** Serves `/_i18n/{locale}/messages.json` in dev and emits the files at build. */
export function localesPlugin(srcDir: string, locales: readonly string[]): Plugin {
  return {
    name: 'keel-locales',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/_i18n\/([a-z-]+)\/messages\.json/.exec(req.url ?? '');
        if (!match || !locales.includes(match[1])) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(mergeLocales(srcDir, locales)[match[1]]));
      });
    },
    generateBundle() {
      const merged = mergeLocales(srcDir, locales);
      for (const locale of locales) {
        this.emitFile({
          type: 'asset',
          fileName: `_i18n/${locale}/messages.json`,
          source: JSON.stringify(merged[locale]),
        });
      }
    },
  };
}
