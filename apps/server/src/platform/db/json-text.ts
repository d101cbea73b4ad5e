/**
 * A list of strings kept as JSON text in a column (a package's models, a listing's screenshots and labels): read
 * leniently, so that a damaged value reads as no items rather than failing the answer.
 */
export function stringList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : [];
  } catch {
    return [];
  }
}
