import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY } from './env';
import { expect } from './fixtures';
import { apiCall, loginByApi } from './tenancy';

/**
 * Helpers of the PC software specs that set the scene through the API: the demo owner's session in 演示物业, a
 * software space, installers uploaded into it, software with a version released to a channel.
 */

export interface OwnerScene {
  pno: string;
  uid: string;
  headers: Record<string, string>;
}

/** The demo owner signed in, working in 演示物业. */
export async function ownerScene(request: APIRequestContext): Promise<OwnerScene> {
  const session = await loginByApi(request, DEMO_OWNER);
  const pno = session.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
  const { uid } = session as unknown as { uid: string };
  return { pno, uid, headers: { token: session.token, pno } };
}

/** A software space (business `pctools`) of the property; its sid. */
export async function pcSpace(request: APIRequestContext, headers: Record<string, string>, name: string) {
  const { sid } = await apiCall(
    request,
    'POST',
    'space/addSpace',
    { name, business: 'pctools', category: 'file', quota: 100_000_000 },
    headers,
  );
  return sid as string;
}

/**
 * A real Debian package (`dpkg-deb --build` of a control file and one document), so that the APT repository reads
 * its control fields as apt would; its bytes.
 */
export function buildDeb(pkg: string, version: string, arch: 'amd64' | 'arm64' | 'all' = 'amd64'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'keel-deb-'));
  const root = join(dir, 'root');
  mkdirSync(join(root, 'DEBIAN'), { recursive: true });
  mkdirSync(join(root, 'usr/share/doc', pkg), { recursive: true });
  writeFileSync(
    join(root, 'DEBIAN/control'),
    [
      `Package: ${pkg}`,
      `Version: ${version}`,
      `Architecture: ${arch}`,
      'Maintainer: Keel E2E <e2e@example.com>',
      'Description: a package of the end-to-end tests',
      '',
    ].join('\n'),
  );
  writeFileSync(join(root, 'usr/share/doc', pkg, 'README'), `${pkg} ${version}\n`);
  const out = join(dir, `${pkg}_${version}_${arch}.deb`);
  execFileSync('dpkg-deb', ['--root-owner-group', '--build', root, out], { stdio: 'ignore' });
  return readFileSync(out);
}

/** A file uploaded into the space; its fid. */
export async function uploadInstaller(
  request: APIRequestContext,
  headers: Record<string, string>,
  sid: string,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const response = await request.post(`/api/fis/fi/uploadFile?sid=${sid}`, {
    headers,
    multipart: { file: { name: fileName, mimeType: 'application/octet-stream', buffer: bytes } },
  });
  const body = await response.json();
  expect(body, `fis/fi/uploadFile: ${body.msg}`).toMatchObject({ status: 0 });
  return body.data.fid as string;
}

export interface InstallerSpec {
  os: 'windows' | 'macos' | 'linux';
  arch: 'x64' | 'arm64' | 'universal';
  format: string;
  fileName: string;
  bytes: Buffer;
}

export interface SoftSpec {
  sid: string;
  name: string;
  description?: string;
  kind?: 'main' | 'child';
  mainSoftId?: string;
}

/** Software of the property; its id and public id. */
export async function softByApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  soft: SoftSpec,
): Promise<{ softId: string; publicId: string }> {
  const item = await apiCall(
    request,
    'POST',
    'soft/saveOrUpdateSoftInfo',
    {
      softSid: soft.sid,
      name: soft.name,
      description: soft.description ?? '',
      kind: soft.kind ?? 'main',
      ...(soft.mainSoftId ? { mainSoftId: soft.mainSoftId } : {}),
    },
    headers,
  );
  return { softId: item.softId, publicId: item.publicId };
}

/**
 * A version of the software with these installers (uploaded into `sid`), notes and change record, released to
 * `channel` by `uid` (made a release manager of that channel first); its id.
 */
export async function releasedVersionByApi(
  request: APIRequestContext,
  scene: OwnerScene,
  softId: string,
  sid: string,
  version: {
    version: string;
    notesZh: string;
    notesEn: string;
    installers: InstallerSpec[];
    changeRecords?: { kind: string; contentZh: string; contentEn: string }[];
    channel?: 'beta' | 'stable';
  },
): Promise<string> {
  const { headers, uid } = scene;
  const installers = [];
  for (const i of version.installers)
    installers.push({
      os: i.os,
      arch: i.arch,
      format: i.format,
      fid: await uploadInstaller(request, headers, sid, i.fileName, i.bytes),
    });
  const saved = await apiCall(
    request,
    'POST',
    'softVersion/saveOrUpdateSoftVersionInfo',
    {
      softId,
      version: version.version,
      notesZh: version.notesZh,
      notesEn: version.notesEn,
      installers,
      changeRecords: version.changeRecords ?? [],
    },
    headers,
  );
  const channel = version.channel ?? 'stable';
  await apiCall(
    request,
    'POST',
    'softRelease/saveOrUpdateSoftReleaseManager',
    { softId, uid, channels: ['beta', 'stable'] },
    headers,
  );
  const released = await apiCall(
    request,
    'POST',
    'softVersion/releaseSoftVersionInfo',
    { versionId: saved.versionId, channel },
    headers,
  );
  expect(released.channel, `version ${version.version} released to ${channel} (no approval flow)`).toBe(channel);
  return saved.versionId as string;
}
