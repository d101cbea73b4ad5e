// @vitest-environment happy-dom
import type { ApplyItem } from '@keel/contract/endpoints/workflow';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { detailOf } from './registry';
import { SoftReleaseDetail } from './SoftReleaseDetail';

afterEach(cleanup);

const apply = {
  applyId: 'A1',
  applyType: 'softRelease',
  snapshot: {
    softId: 'S1',
    softName: 'Studio',
    versionId: 'V1',
    version: '1.2.0',
    fromChannel: 'beta',
    channel: 'stable',
    remark: 'Ready for everyone',
    installers: [
      { os: 'windows', arch: 'x64', format: 'exe', fileName: 'studio.exe' },
      { os: 'linux', arch: 'arm64', format: 'deb', fileName: 'studio_arm64.deb' },
    ],
  },
} as unknown as ApplyItem;

describe('SoftReleaseDetail', () => {
  it('is the detail of the softRelease apply type', () => {
    expect(detailOf('softRelease')).toBe(SoftReleaseDetail);
  });

  it('shows the software, the version (which the generic view hides), the channels and the installers', () => {
    render(<SoftReleaseDetail apply={apply} />);
    expect(screen.getByTestId('soft-release-detail').textContent).toContain('Studio');
    expect(screen.getByTestId('field-version').textContent).toBe('1.2.0');
    expect(screen.getByTestId('field-channel').textContent).toContain('→');
    const installers = screen.getByTestId('field-installers');
    expect(installers.textContent).toContain('windows x64 exe · studio.exe');
    expect(installers.textContent).toContain('studio_arm64.deb');
  });
});
