// @vitest-environment happy-dom
import type { SoftAptInfo, SoftPublicInstaller } from '@keel/contract/endpoints/pc-software-public';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AptLines } from './AptLines';
import { InstallerFacts } from './InstallerFacts';
import { RecommendedInstaller } from './RecommendedInstaller';

afterEach(cleanup);

const exe: SoftPublicInstaller = {
  os: 'windows',
  arch: 'x64',
  format: 'exe',
  fileName: 'tool-setup.exe',
  size: 52_428_800,
  sha256: 'ab'.repeat(32),
  signature: 'MIIB',
  signerCertSha256: 'cd'.repeat(32),
  downloadUrl: '/api/soft-download/k3v9q2m8x1c7b5n4/I1/tool-setup.exe',
};

describe('RecommendedInstaller', () => {
  it('offers the picked installer first, with its link, size and hash', () => {
    render(<RecommendedInstaller platform={{ os: 'windows', arch: 'x64' }} installer={exe} />);
    const picked = screen.getByTestId('download-recommended');
    expect(picked.dataset.os).toBe('windows');
    expect(picked.dataset.format).toBe('exe');
    expect(screen.getByTestId('download-recommended-button').getAttribute('href')).toBe(exe.downloadUrl);
    expect(screen.getByTestId('download-size-windows-x64-exe').textContent).toBe('52.43 MB');
    expect(screen.getByTestId('download-sha256-windows-x64-exe').textContent).toContain(exe.sha256);
  });
  it('says when the system is unknown, and when nothing fits a known one', () => {
    render(<RecommendedInstaller platform={{ os: null, arch: null }} installer={null} />);
    expect(screen.queryByTestId('download-recommended')).toBeNull();
    expect(screen.getByTestId('download-detected').textContent).toBe('pc-download.undetected');
    cleanup();
    render(<RecommendedInstaller platform={{ os: 'macos', arch: null }} installer={null} />);
    expect(screen.getByTestId('download-no-match')).toBeTruthy();
  });
});

describe('InstallerFacts', () => {
  it('offers a signed installer’s signature as a .p7s file and its certificate’s hash', () => {
    render(<InstallerFacts installer={exe} />);
    const link = screen.getByTestId('download-signature-windows-x64-exe').querySelector('a');
    expect(link?.getAttribute('href')).toBe('data:application/pkcs7-signature;base64,MIIB');
    expect(link?.getAttribute('download')).toBe('tool-setup.exe.p7s');
    expect(screen.getByTestId('download-signer-windows-x64-exe').textContent).toContain(exe.signerCertSha256);
  });
});

describe('AptLines', () => {
  it('makes root-relative links absolute with the page’s own address', () => {
    const apt: SoftAptInfo = {
      repoUrl: '/apt/10000001',
      keyUrl: '/apt/10000001/keel-archive-keyring.asc',
      keyringPath: '/usr/share/keyrings/keel-10000001.asc',
      suite: 'stable',
      packageName: 'keel-tool',
      keyLine: 'unused',
      sourcesLine: 'unused',
    };
    render(<AptLines apt={apt} />);
    const origin = window.location.origin;
    expect(screen.getByTestId('download-apt-key').textContent).toContain(`curl -fsSL ${origin}/apt/10000001/keel-`);
    expect(screen.getByTestId('download-apt-sources').textContent).toContain(
      `deb [signed-by=/usr/share/keyrings/keel-10000001.asc] ${origin}/apt/10000001 stable main`,
    );
    expect(screen.getByTestId('download-apt-install').textContent).toContain('sudo apt install keel-tool');
  });
});
