import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ApkAnalysis } from '@keel/contract/endpoints/app-store';
import * as asn1js from 'asn1js';
import type * as NodeApk from 'node-apk';
import type * as NodeApkSource from 'node-apk/build/lib/source';
import * as pkijs from 'pkijs';
import { signingBlockCertificate } from './signing-block';
import { ApkRefusal, scanZip } from './zip-scan';

// node-apk is CommonJS whose exports Node's ESM loader cannot name: required, as pkcs11.ts requires pkcs11js.
const require = createRequire(import.meta.url);
const { Manifest, Resources, XmlElement } = require('node-apk') as typeof NodeApk;
const Source = (require('node-apk/build/lib/source') as typeof NodeApkSource).default;
type Manifest = InstanceType<typeof Manifest>;
type Resources = InstanceType<typeof Resources>;

/**
 * What an APK holds, read with node-apk (the binary AndroidManifest.xml and resources.arsc) from entries a checked
 * ZIP scan extracted (zip-scan.ts): package, versionCode and name, SDK levels, permissions, native ABIs (`lib/<abi>/`),
 * the launcher label in each language, the icon's bytes (the largest PNG, JPEG or WebP the icon resource names; an
 * adaptive XML icon has none) and the SHA-256 of the signing certificate (APK Signature Scheme v3/v2 block, else the
 * v1 JAR signature). Refuses (ApkRefusal) a damaged archive, an unsafe entry, a zip bomb, a missing manifest and an
 * unsigned APK.
 */

export interface ApkReading extends Omit<ApkAnalysis, 'iconFid'> {
  icon: { name: string; bytes: Buffer } | null;
}

/** The most bytes of one entry read to analyse it (manifest, resource table, icon, v1 signature). */
const MAX_READ = 64 * 1024 * 1024;
const V1_SIGNATURE = /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i;
const IMAGE = /\.(png|webp|jpe?g)$/i;

/** The DER of the first certificate of a PKCS#7 SignedData (a v1 `META-INF/*.RSA`), or null. */
function pkcs7Certificate(der: Buffer): Buffer | null {
  try {
    const asn = asn1js.fromBER(new Uint8Array(der).slice().buffer);
    if (asn.offset === -1) return null;
    const signed = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: asn.result }).content });
    const first = signed.certificates?.find((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    return first ? Buffer.from(first.toSchema().toBER(false)) : null;
  } catch {
    return null;
  }
}

const localeKey = (locale?: { language?: string; country?: string }) =>
  locale?.language ? `${locale.language}${locale.country ? `-${locale.country}` : ''}` : '';

/** A manifest value that may be a resource reference: its values across configurations. */
function resolved(value: unknown, resources: Resources | null): { key: string; value: unknown }[] {
  if (typeof value !== 'number') return value === undefined ? [] : [{ key: '', value }];
  if (!resources) return [];
  try {
    return resources.resolve(value).map((r) => ({ key: localeKey(r.locale), value: r.value }));
  } catch {
    return [];
  }
}

function sdkLevel(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export async function readApk(path: string): Promise<ApkReading> {
  const first = await scanZip(path, (name) => name === 'AndroidManifest.xml' || name === 'resources.arsc', MAX_READ);
  const manifestBytes = first.read.get('AndroidManifest.xml');
  if (!manifestBytes) throw new ApkRefusal('apkNoManifest');
  let manifest: Manifest;
  let packageName: string;
  try {
    manifest = new Manifest(new XmlElement(new Source(manifestBytes)));
    packageName = manifest.package;
  } catch {
    throw new ApkRefusal('apkNoManifest');
  }
  if (typeof packageName !== 'string' || packageName === '') throw new ApkRefusal('apkNoManifest');
  const arsc = first.read.get('resources.arsc');
  let resources: Resources | null = null;
  try {
    resources = arsc ? new Resources(new Source(arsc)) : null;
  } catch {
    resources = null;
  }

  const labels: Record<string, string> = {};
  for (const l of resolved(manifest.applicationLabel, resources)) {
    if (typeof l.value === 'string' && !(l.key in labels)) labels[l.key] = l.value;
  }
  const iconPaths = resolved(manifest.applicationIcon, resources)
    .map((r) => r.value)
    .filter((v): v is string => typeof v === 'string' && IMAGE.test(v) && first.names.includes(v));
  const usesSdk = manifest.raw.children['uses-sdk']?.[0]?.attributes ?? {};
  const abis = [
    ...new Set(first.names.map((n) => /^lib\/([^/]+)\/[^/]+$/.exec(n)?.[1]).filter((a): a is string => !!a)),
  ].sort();

  // The second pass reads the icon candidates and the v1 signature files.
  const v1Names = first.names.filter((n) => V1_SIGNATURE.test(n));
  const second = await scanZip(path, (name) => iconPaths.includes(name) || v1Names.includes(name), MAX_READ);
  let icon: ApkReading['icon'] = null;
  for (const name of iconPaths) {
    const bytes = second.read.get(name);
    if (bytes && (!icon || bytes.length > icon.bytes.length)) icon = { name, bytes };
  }

  const file = await open(path, 'r');
  let certificate: Buffer | null;
  try {
    certificate = await signingBlockCertificate(file, (await file.stat()).size);
  } finally {
    await file.close();
  }
  for (const name of v1Names) {
    if (certificate) break;
    const der = second.read.get(name);
    certificate = der ? pkcs7Certificate(der) : null;
  }
  if (!certificate) throw new ApkRefusal('apkUnsigned');

  return {
    packageName,
    versionCode: sdkLevel(manifest.versionCode),
    versionName: String(manifest.versionName ?? ''),
    minSdk: sdkLevel(usesSdk.minSdkVersion) || 1,
    targetSdk: sdkLevel(usesSdk.targetSdkVersion) || sdkLevel(usesSdk.minSdkVersion) || 1,
    permissions: [...manifest.permissions].sort(),
    abis,
    certSha256: createHash('sha256').update(certificate).digest('hex'),
    labels,
    icon,
  };
}
