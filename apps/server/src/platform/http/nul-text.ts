/**
 * The path of the first text in a validated input that holds U+0000, or undefined. No field of the contract has a
 * use for it, PostgreSQL cannot store it in text (the query fails) and SQLite cuts text at it in places: the
 * mount refuses such input as invalid, on both databases alike, after validation bounded its size and depth.
 */
export function nulTextPath(value: unknown, path: readonly (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'input' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulTextPath(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const found = nulTextPath(v, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
