import { describe, expect, it } from 'vitest';
import { archFromHints, detectPlatform, pickInstaller } from './platform';

const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const LINUX_ARM = 'Mozilla/5.0 (X11; Linux aarch64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

describe('detectPlatform', () => {
  it('reads the os and, where the user agent is trustworthy, the arch', () => {
    expect(detectPlatform({ userAgent: WINDOWS })).toEqual({ os: 'windows', arch: 'x64' });
    expect(detectPlatform({ userAgent: MAC })).toEqual({ os: 'macos', arch: null });
    expect(detectPlatform({ userAgent: LINUX })).toEqual({ os: 'linux', arch: 'x64' });
    expect(detectPlatform({ userAgent: LINUX_ARM })).toEqual({ os: 'linux', arch: 'arm64' });
  });
  it('gives phones and tablets no os', () => {
    expect(detectPlatform({ userAgent: IPHONE }).os).toBeNull();
    expect(detectPlatform({ userAgent: ANDROID }).os).toBeNull();
  });
  it('falls back to userAgentData.platform when the user agent names no os', () => {
    expect(detectPlatform({ userAgent: 'Mozilla/5.0', userAgentData: { platform: 'macOS' } }).os).toBe('macos');
    expect(detectPlatform({ userAgent: 'Mozilla/5.0', userAgentData: { platform: '' } }).os).toBeNull();
  });
});

describe('archFromHints', () => {
  it('maps 64-bit arm and x86', () => {
    expect(archFromHints({ architecture: 'arm', bitness: '64' })).toBe('arm64');
    expect(archFromHints({ architecture: 'x86', bitness: '64' })).toBe('x64');
    expect(archFromHints({ architecture: 'x86', bitness: '32' })).toBeNull();
    expect(archFromHints(null)).toBeNull();
  });
});

describe('pickInstaller', () => {
  const list = [
    { os: 'windows', arch: 'x64', format: 'msi' },
    { os: 'windows', arch: 'x64', format: 'exe' },
    { os: 'macos', arch: 'universal', format: 'dmg' },
    { os: 'linux', arch: 'x64', format: 'rpm' },
    { os: 'linux', arch: 'x64', format: 'deb' },
    { os: 'linux', arch: 'arm64', format: 'appimage' },
  ] as const;
  it("prefers the os's first format of the visitor's arch", () => {
    expect(pickInstaller(list, { os: 'windows', arch: 'x64' })).toEqual(list[1]);
    expect(pickInstaller(list, { os: 'linux', arch: 'x64' })).toEqual(list[4]);
    expect(pickInstaller(list, { os: 'linux', arch: 'arm64' })).toEqual(list[5]);
  });
  it('takes a universal installer for any arch, and x64 on Windows for arm64', () => {
    expect(pickInstaller(list, { os: 'macos', arch: 'arm64' })).toEqual(list[2]);
    expect(pickInstaller(list, { os: 'windows', arch: 'arm64' })).toEqual(list[1]);
  });
  it('never offers a Linux package of another arch, nor anything without an os', () => {
    expect(pickInstaller([list[4]], { os: 'linux', arch: 'arm64' })).toBeNull();
    expect(pickInstaller([list[4]], { os: 'linux', arch: null })).toEqual(list[4]);
    expect(pickInstaller(list, { os: null, arch: 'x64' })).toBeNull();
  });
});
