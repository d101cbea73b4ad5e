import { pcSoftwareEndpoints, type SoftItem } from '@keel/contract/endpoints/pc-software';
import { describe, expect, it } from 'vitest';
import { dayLabel, guessPlatform, shortHash, softSaveInput } from './model';

const CHILD: SoftItem = {
  softId: 'soft-1',
  pno: 'p1',
  propertyName: 'Demo',
  softSid: 'space-1',
  spaceName: 'Tools',
  publicId: 'abcdefgh12345678',
  name: 'Plugin',
  description: 'A plugin',
  iconFid: '',
  iconUrl: '',
  authType: 2,
  kind: 'child',
  platformMain: 0,
  granted: 0,
  mainSoftId: '',
  mainSoftName: '',
  childCount: 0,
  signModuleId: 'sm-1',
  signModuleName: 'CMS',
  versionCount: 0,
  latestBeta: null,
  latestStable: null,
  myReleaseChannels: [],
  createdBy: 'u1',
  createdByName: 'Owner',
  createTime: 1,
  updateTime: 1,
};

describe('softSaveInput', () => {
  it('keeps the software as it is but for its main tool, as the save call takes it', () => {
    const input = softSaveInput(CHILD, { mainSoftId: 'soft-main' });
    expect(input).toMatchObject({ softId: 'soft-1', softSid: 'space-1', kind: 'child', mainSoftId: 'soft-main' });
    const parsed = pcSoftwareEndpoints['soft/saveOrUpdateSoftInfo'].input.parse(input);
    expect(parsed).toMatchObject({ name: 'Plugin', authType: 2, signModuleId: 'sm-1', mainSoftId: 'soft-main' });
  });
});

describe('guessPlatform', () => {
  it('reads the os and format from the extension and the architecture from the name', () => {
    expect(guessPlatform('studio-1.2.0-x64.exe')).toEqual({ os: 'windows', arch: 'x64', format: 'exe' });
    expect(guessPlatform('Studio Setup.MSI')).toEqual({ os: 'windows', arch: 'x64', format: 'msi' });
    expect(guessPlatform('studio_1.2.0_arm64.deb')).toEqual({ os: 'linux', arch: 'arm64', format: 'deb' });
    expect(guessPlatform('studio_1.2.0_all.deb')).toEqual({ os: 'linux', arch: 'universal', format: 'deb' });
    expect(guessPlatform('studio-aarch64.AppImage')).toEqual({ os: 'linux', arch: 'arm64', format: 'appimage' });
    expect(guessPlatform('studio-universal.dmg')).toEqual({ os: 'macos', arch: 'universal', format: 'dmg' });
    expect(guessPlatform('studio.rpm')).toEqual({ os: 'linux', arch: 'x64', format: 'rpm' });
  });

  it('takes a zip for Windows (the first os whose formats list it) and gives up on what no os installs', () => {
    expect(guessPlatform('portable.zip')).toEqual({ os: 'windows', arch: 'x64', format: 'zip' });
    expect(guessPlatform('notes.txt')).toBeUndefined();
    expect(guessPlatform('no-extension')).toBeUndefined();
  });
});

describe('dayLabel', () => {
  it('labels a UTC day by its month and day', () => {
    expect(dayLabel(Date.UTC(2026, 10, 5))).toBe('11-05');
    expect(dayLabel(Date.UTC(2026, 0, 31, 23, 59))).toBe('01-31');
  });
});

describe('shortHash', () => {
  it('keeps short values and cuts long ones', () => {
    expect(shortHash('abc')).toBe('abc');
    expect(shortHash('0123456789abcdef')).toBe('0123456789ab…');
  });
});
