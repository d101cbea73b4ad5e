import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { selfSigned } from './firmware-artifacts';

/**
 * Real, small APKs built at test time with Debian's `aapt` and signed with `apksigner` (both needed: check with
 * `realTools('aapt', 'apksigner', 'openssl')`). aapt links against a framework resource table; instead of the
 * Android SDK's android.jar it gets a tiny one declaring the manifest attributes with their real framework ids.
 */

const root = mkdtempSync(join(tmpdir(), 'keel-apk-'));
let frameworkJar: string | null = null;
let serial = 0;

const FRAMEWORK_ATTRS: Record<string, [format: string, id: string]> = {
  label: ['reference|string', '0x01010001'],
  icon: ['reference', '0x01010002'],
  name: ['string', '0x01010003'],
  minSdkVersion: ['integer|string', '0x0101020c'],
  targetSdkVersion: ['integer|string', '0x01010270'],
  versionCode: ['integer', '0x0101021b'],
  versionName: ['string', '0x0101021c'],
};

function framework(): string {
  if (frameworkJar) return frameworkJar;
  const dir = join(root, 'framework');
  mkdirSync(join(dir, 'res/values'), { recursive: true });
  writeFileSync(join(dir, 'AndroidManifest.xml'), '<manifest package="android"/>');
  const attrs = Object.entries(FRAMEWORK_ATTRS)
    .map(
      ([name, [format, id]]) =>
        `<attr name="${name}" format="${format}"/><public type="attr" name="${name}" id="${id}"/>`,
    )
    .join('');
  writeFileSync(join(dir, 'res/values/attrs.xml'), `<resources>${attrs}</resources>`);
  frameworkJar = join(dir, 'android.jar');
  execFileSync('aapt', [
    'package',
    '-f',
    '-x',
    '-M',
    join(dir, 'AndroidManifest.xml'),
    '-S',
    join(dir, 'res'),
    '-F',
    frameworkJar,
  ]);
  return frameworkJar;
}

/** A solid-colour PNG of `size` pixels square. */
export function png(size: number, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from(rgb))]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let c = ~0;
  for (const byte of data) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A signing key (PKCS#8 DER, as apksigner takes it) and self-signed certificate (RSA 2048), made once per name. */
const keys = new Map<string, { key: string; cert: string }>();
export function signingKey(name = 'developer'): { key: string; cert: string } {
  const existing = keys.get(name);
  if (existing) return existing;
  const dir = join(root, `key-${name}`);
  mkdirSync(dir, { recursive: true });
  const made = selfSigned(name);
  const paths = { key: join(dir, 'key.pk8'), cert: join(dir, 'cert.pem') };
  writeFileSync(paths.key, createPrivateKey(made.key).export({ type: 'pkcs8', format: 'der' }));
  writeFileSync(paths.cert, made.cert);
  keys.set(name, paths);
  return paths;
}

export interface ApkSpec {
  packageName: string;
  versionCode: number;
  versionName: string;
  /** The launcher label: default and by aapt qualifier (`zh-rCN`). */
  label?: string;
  labels?: Record<string, string>;
  minSdk?: number;
  targetSdk?: number;
  permissions?: string[];
  abis?: string[];
  /** false: no icon. */
  icon?: boolean;
  /** The signing key's name; null: unsigned. */
  signer?: string | null;
  /** Which schemes sign it (default: what apksigner picks for the min SDK). */
  schemes?: 'v1' | 'v2';
}

/** Builds (and signs) an APK; answers its path. */
export function buildApk(spec: ApkSpec): string {
  const dir = join(root, `apk-${++serial}`);
  mkdirSync(join(dir, 'res/values'), { recursive: true });
  const permissions = (spec.permissions ?? ['android.permission.INTERNET'])
    .map((p) => `<uses-permission android:name="${p}"/>`)
    .join('');
  const icon = spec.icon !== false;
  writeFileSync(
    join(dir, 'AndroidManifest.xml'),
    `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${spec.packageName}" android:versionCode="${spec.versionCode}" android:versionName="${spec.versionName}">
  <uses-sdk android:minSdkVersion="${spec.minSdk ?? 21}" android:targetSdkVersion="${spec.targetSdk ?? 30}"/>
  ${permissions}
  <application android:label="@string/app_name"${icon ? ' android:icon="@drawable/icon"' : ''}>
    <activity android:name=".Main"/>
  </application>
</manifest>`,
  );
  writeFileSync(
    join(dir, 'res/values/strings.xml'),
    `<resources><string name="app_name">${spec.label ?? 'Demo'}</string></resources>`,
  );
  for (const [qualifier, text] of Object.entries(spec.labels ?? {})) {
    mkdirSync(join(dir, `res/values-${qualifier}`), { recursive: true });
    writeFileSync(
      join(dir, `res/values-${qualifier}/strings.xml`),
      `<resources><string name="app_name">${text}</string></resources>`,
    );
  }
  if (icon) {
    mkdirSync(join(dir, 'res/drawable'), { recursive: true });
    writeFileSync(join(dir, 'res/drawable/icon.png'), png(48));
  }
  const unsigned = join(dir, 'unsigned.apk');
  execFileSync('aapt', [
    'package',
    '-f',
    '-M',
    join(dir, 'AndroidManifest.xml'),
    '-S',
    join(dir, 'res'),
    '-I',
    framework(),
    '-F',
    unsigned,
  ]);
  const libs = (spec.abis ?? []).map((abi) => `lib/${abi}/libdemo.so`);
  for (const lib of libs) {
    mkdirSync(join(dir, lib, '..'), { recursive: true });
    writeFileSync(join(dir, lib), `native ${lib}`);
  }
  if (libs.length > 0) execFileSync('aapt', ['add', unsigned, ...libs], { cwd: dir, stdio: 'ignore' });
  if (spec.signer === null) return unsigned;
  const { key, cert } = signingKey(spec.signer ?? 'developer');
  const out = join(dir, 'app.apk');
  const schemes =
    spec.schemes === 'v1'
      ? ['--v1-signing-enabled', 'true', '--v2-signing-enabled', 'false', '--v3-signing-enabled', 'false']
      : spec.schemes === 'v2'
        ? ['--v1-signing-enabled', 'false', '--v2-signing-enabled', 'true', '--v3-signing-enabled', 'false']
        : [];
  execFileSync('apksigner', ['sign', ...schemes, '--key', key, '--cert', cert, '--out', out, unsigned], {
    stdio: 'ignore',
  });
  return out;
}

/** `aapt dump badging` of an APK, the fields the analysis is compared with. */
export function badging(path: string) {
  const text = execFileSync('aapt', ['dump', 'badging', path], { encoding: 'utf8' });
  const one = (re: RegExp) => re.exec(text)?.[1] ?? '';
  return {
    packageName: one(/package: name='([^']*)'/),
    versionCode: Number(one(/versionCode='(\d+)'/)),
    versionName: one(/versionName='([^']*)'/),
    minSdk: Number(one(/sdkVersion:'(\d+)'/)),
    targetSdk: Number(one(/targetSdkVersion:'(\d+)'/)),
    permissions: [...text.matchAll(/uses-permission: name='([^']*)'/g)].map((m) => m[1] as string).sort(),
    abis: [...(one(/native-code: (.*)/).matchAll(/'([^']*)'/g) ?? [])].map((m) => m[1] as string).sort(),
    label: one(/application-label:'([^']*)'/),
    labelZhCn: one(/application-label-zh-CN:'([^']*)'/),
  };
}

/** The SHA-256 of the APK's signing certificate as apksigner prints it. */
export function certSha256(path: string): string {
  const text = execFileSync('apksigner', ['verify', '--print-certs', path], { encoding: 'utf8' });
  return /certificate SHA-256 digest: ([0-9a-f]{64})/.exec(text)?.[1] ?? '';
}

export const readBytes = (path: string) => readFileSync(path);
