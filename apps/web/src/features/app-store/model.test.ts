import type { AppItem, AppVersionItem } from '@keel/contract/endpoints/app-store';
import { appStoreEndpoints } from '@keel/contract/endpoints/app-store';
import { describe, expect, it } from 'vitest';
import {
  apkLabel,
  appFormOf,
  appResubmitInput,
  appSaveInput,
  auditState,
  fromLocalInput,
  groupFingerprint,
  localInput,
  repositoryAddress,
  shelfState,
  shelvable,
  versionFormOf,
  versionResaveInput,
  versionSaveInput,
  withdrawable,
} from './model';

const listing = (language: string, appName: string, icon = '') => ({
  language: language as 'zh-cn',
  appName,
  summary: `${appName} summary`,
  description: '',
  appIconFid: icon,
  appIconUrl: icon ? `/api/app-file/p/${icon}/1/s` : '/api/app-file/p/apk-icon/1/s',
  screenshotFidList: ['s1', 's2'],
  screenshotUrlList: ['/u/s1', '/u/s2'],
  developer: 'Keel',
  developerLink: 'https://keel.example',
  labels: ['tools'],
});

const app: AppItem = {
  appId: 'a1',
  packageName: 'com.keel.demo',
  free: 0,
  ageLevel: 12,
  auditStatus: 3,
  appType: 2,
  keystore: 'cert1',
  ukey: '',
  partKey: 'p',
  ownerUid: 'u1',
  ownerName: 'Dev',
  languageList: [listing('en', 'Demo', 'icon1'), listing('zh-cn', '演示')],
  activeLanguage: listing('en', 'Demo', 'icon1'),
  published: 0,
  versionCount: 1,
  latestVersionName: '1.0',
  auditComment: 'Blurry icon',
  createTime: 1,
  updateTime: 2,
};

const version: AppVersionItem = {
  appVersionId: 'v1',
  appId: 'a1',
  packageName: 'com.keel.demo',
  versionCode: 3,
  versionName: '1.2',
  fid: 'f1',
  size: 1000,
  sha256: 'x',
  downloadUrl: '/d',
  iconUrl: '',
  apk: {
    packageName: 'com.keel.demo',
    versionCode: 3,
    versionName: '1.2',
    minSdk: 21,
    targetSdk: 30,
    permissions: [],
    abis: [],
    certSha256: 'ab',
    labels: { '': 'Demo', 'zh-CN': '演示' },
    iconFid: '',
  },
  supportPlugin: 1,
  forceUpdate: 0,
  privacyStatement: ' Private ',
  copyrights: '',
  auditStatus: 0,
  auditComment: '',
  demandShelfTime: new Date(2031, 4, 6, 7, 8).getTime(),
  compatibleDeviceList: [{ modelId: 'm1', name: 'KG-100' }],
  shelfStatus: 0,
  shelfComment: '',
  published: 0,
  publishTime: null,
  createTime: 1,
  updateTime: 2,
} as AppVersionItem;

const saveSchema = appStoreEndpoints['ai/saveAppInfoByUser'].input;
const versionSchema = appStoreEndpoints['av/saveAppVerInfoByUser'].input;

describe('app store forms', () => {
  it('names review states', () => {
    expect([0, 1, 2, 3, 9].map(auditState)).toEqual(['draft', 'auditing', 'passed', 'rejected', 'draft']);
  });

  it('starts a new app with one listing in the reader’s language', () => {
    const { values, languages } = appFormOf(undefined, 'en');
    expect(languages).toEqual(['en']);
    expect(values).toMatchObject({ free: 1, ageLevel: 0, appType: 1, listings: { en: { appName: '' } } });
  });

  it('round-trips an app through the form, keeping listings in order, images and the signing link', () => {
    const { values, languages } = appFormOf(app, 'zh-cn');
    expect(languages).toEqual(['en', 'zh-cn']);
    // The zh-cn listing has no icon of its own: the APK's icon is not taken for one.
    expect(values.listings['zh-cn']?.icon).toBeNull();
    expect(values.listings.en?.icon).toEqual({ fid: 'icon1', url: '/api/app-file/p/icon1/1/s' });
    const input = appSaveInput(values, languages, app, 0);
    expect(input).toMatchObject({
      appId: 'a1',
      packageName: 'com.keel.demo',
      free: 0,
      ageLevel: 12,
      appType: 2,
      keystore: 'cert1',
      partKey: 'p',
      submit: 0,
    });
    expect(input).not.toHaveProperty('ukey');
    expect(input.languageList.map((l) => [l.language, l.appName, l.appIconFid, l.screenshotFidList])).toEqual([
      ['en', 'Demo', 'icon1', ['s1', 's2']],
      ['zh-cn', '演示', '', ['s1', 's2']],
    ]);
    // What the page sends is what the contract takes.
    expect(saveSchema.safeParse(input).success).toBe(true);
    expect(appResubmitInput(app)).toEqual({ ...input, submit: 1 });
  });

  it('trims texts and drops empty or repeated labels', () => {
    const input = appSaveInput(
      {
        packageName: ' com.a.b ',
        free: 1,
        ageLevel: 0,
        appType: 1,
        listings: { 'zh-cn': { appName: ' 名 ', labels: ['a', ' a ', '', 'b'], developerLink: ' ' } },
      },
      ['zh-cn'],
      undefined,
      1,
    );
    expect(input.packageName).toBe('com.a.b');
    expect(input).not.toHaveProperty('appId');
    expect(input.languageList[0]).toMatchObject({
      appName: '名',
      labels: ['a', 'b'],
      developerLink: '',
      appIconFid: '',
    });
    expect(saveSchema.safeParse(input).success).toBe(true);
  });

  it('round-trips a version, its shelf time as local date-time text', () => {
    const values = versionFormOf(version);
    expect(values).toMatchObject({ supportPlugin: true, forceUpdate: false, demandShelfTime: '2031-05-06T07:08' });
    const input = versionSaveInput('a1', 'f1', values, version.compatibleDeviceList, version, 1);
    expect(input).toEqual({
      appVersionId: 'v1',
      appId: 'a1',
      fid: 'f1',
      supportPlugin: 1,
      forceUpdate: 0,
      privacyStatement: 'Private',
      copyrights: '',
      demandShelfTime: version.demandShelfTime,
      compatibleDeviceList: ['m1'],
      submit: 1,
    });
    expect(versionSchema.safeParse(input).success).toBe(true);
    expect(versionResaveInput(version, 0, []).compatibleDeviceList).toEqual([]);
    expect(versionFormOf(undefined).demandShelfTime).toBe('');
  });

  it('reads date-time text, none for empty or bad text', () => {
    const ms = new Date(2030, 0, 2, 3, 4).getTime();
    expect(fromLocalInput(localInput(ms))).toBe(ms);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput(undefined)).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });

  it('picks the APK label of the reader’s language, else the default', () => {
    const labels = { '': 'Demo', 'zh-CN': '演示' };
    expect(apkLabel(labels, 'zh-cn')).toBe('演示');
    expect(apkLabel(labels, 'en')).toBe('Demo');
    expect(apkLabel({ fr: 'Démo' }, 'en')).toBe('Démo');
    expect(apkLabel({}, 'en')).toBe('');
  });
});

describe('the shelf', () => {
  const at = (auditStatus: number, shelfStatus: number, published: 0 | 1 = 0) => ({
    ...version,
    auditStatus,
    shelfStatus,
    published,
  });

  it('names where a version stands on its way to the shelf', () => {
    expect(shelfState(at(2, 0))).toBe('off');
    expect(shelfState(at(2, 1))).toBe('auditing');
    expect(shelfState(at(2, 2))).toBe('scheduled');
    expect(shelfState(at(2, 3))).toBe('rejected');
    // Published wins over the shelf review's last state.
    expect(shelfState(at(2, 0, 1))).toBe('on');
    expect(shelfState(at(2, 2, 1))).toBe('on');
  });

  it('offers the shelf to a passed version not on it and not on its way', () => {
    expect(shelvable(at(2, 0))).toBe(true);
    expect(shelvable(at(2, 3))).toBe(true);
    expect(shelvable(at(2, 1))).toBe(false);
    expect(shelvable(at(2, 2))).toBe(false);
    expect(shelvable(at(2, 0, 1))).toBe(false);
    for (const status of [0, 1, 3]) expect(shelvable(at(status, 0))).toBe(false);
  });

  it('withdraws a review or a shelf review that runs', () => {
    expect(withdrawable(at(1, 0))).toBe(true);
    expect(withdrawable(at(2, 1))).toBe(true);
    expect(withdrawable(at(2, 0))).toBe(false);
    expect(withdrawable(at(2, 2))).toBe(false);
    expect(withdrawable(at(0, 0))).toBe(false);
  });
});

describe('the F-Droid repository', () => {
  const hex = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

  it('groups a fingerprint in upper-case pairs, or groups of another size', () => {
    const pairs = groupFingerprint(hex);
    expect(pairs.startsWith('A1 B2 C3 D4 E5 F6 07 18')).toBe(true);
    expect(pairs.split(' ')).toHaveLength(32);
    expect(pairs.replaceAll(' ', '')).toBe(hex.toUpperCase());
    expect(groupFingerprint(hex, 4).startsWith('A1B2 C3D4 E5F6 0718')).toBe(true);
    expect(groupFingerprint(hex, 4).split(' ')).toHaveLength(16);
    expect(groupFingerprint('abc', 2)).toBe('AB C');
    expect(groupFingerprint('')).toBe('');
  });

  it('reads a fingerprint written with colons or spaces alike', () => {
    expect(groupFingerprint('ab:cd:ef')).toBe('AB CD EF');
    expect(groupFingerprint(' ab cd\nef ')).toBe('AB CD EF');
  });

  it('puts the path under the origin with one slash', () => {
    expect(repositoryAddress('https://keel.example', '/fdroid/P1/all/repo')).toBe(
      'https://keel.example/fdroid/P1/all/repo',
    );
    expect(repositoryAddress('http://127.0.0.1:3210/', 'fdroid/P1/m1/repo')).toBe(
      'http://127.0.0.1:3210/fdroid/P1/m1/repo',
    );
  });
});
