/** Flattens nested locale JSON into dotted keys; non-object leaves keep their value. */
export function flattenKeys(value: unknown, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flattenKeys(child, prefix ? `${prefix}.${key}` : key, out);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

export interface ParityReport {
  missingInEn: string[];
  missingInZh: string[];
  empty: string[];
}

/** Compares a zh-cn and an en locale object: keys missing on either side and empty string values. */
export function compareLocales(zh: unknown, en: unknown): ParityReport {
  const z = flattenKeys(zh);
  const e = flattenKeys(en);
  const empty: string[] = [];
  for (const [lang, map] of [
    ['zh-cn', z],
    ['en', e],
  ] as const) {
    for (const [key, val] of map) if (typeof val === 'string' && val.trim() === '') empty.push(`${lang}:${key}`);
  }
  return {
    missingInEn: [...z.keys()].filter((k) => !e.has(k)).sort(),
    missingInZh: [...e.keys()].filter((k) => !z.has(k)).sort(),
    empty: empty.sort(),
  };
}
