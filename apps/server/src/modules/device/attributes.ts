/**
 * Reported attributes (hawkBit configData): how a report changes what is stored, and the firmware and app
 * versions read from them. Pure functions.
 */

export type AttributeMode = 'merge' | 'replace' | 'remove';

/** hawkBit's modes: merge (default) adds and overwrites, replace keeps only the report, remove deletes its keys. */
export function applyReport(
  old: Readonly<Record<string, string>>,
  data: Readonly<Record<string, string>>,
  mode: AttributeMode = 'merge',
): Record<string, string> {
  if (mode === 'replace') return { ...data };
  if (mode === 'remove') return Object.fromEntries(Object.entries(old).filter(([k]) => !(k in data)));
  return { ...old, ...data };
}

/** Whether two attribute sets hold the same pairs. */
export function sameAttributes(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}

/**
 * Attribute names devices use for their firmware version (SWUpdate's `swVersion`, Mender's `artifact_name`, …)
 * and for their application version, in order of preference; compared without case, `-` or `_`.
 */
const FIRMWARE_KEYS = [
  'firmwareversion',
  'firmware',
  'fwversion',
  'swversion',
  'softwareversion',
  'artifactname',
  'version',
];
const APP_KEYS = ['appversion', 'applicationversion', 'app'];

const fold = (key: string) => key.toLowerCase().replace(/[-_\s.]/g, '');

function pick(attributes: Readonly<Record<string, string>>, names: readonly string[]): string {
  const folded = new Map(Object.entries(attributes).map(([k, v]) => [fold(k), v]));
  for (const name of names) {
    const value = folded.get(name);
    if (value !== undefined && value.trim() !== '') return value.trim().slice(0, 100);
  }
  return '';
}

export const firmwareVersionOf = (attributes: Readonly<Record<string, string>>) => pick(attributes, FIRMWARE_KEYS);
export const appVersionOf = (attributes: Readonly<Record<string, string>>) => pick(attributes, APP_KEYS);
