// @vitest-environment happy-dom
import type { SoftItem, SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReleasePanel } from './ReleasePanel';

afterEach(cleanup);

const soft = {
  softId: 'S1',
  name: 'Studio',
  granted: 0,
  signModuleId: '',
  myReleaseChannels: ['beta'],
} as unknown as SoftItem;

const installer = { installerId: 'I1', os: 'windows', arch: 'x64', format: 'exe' };
const version = {
  versionId: 'V1',
  version: '1.2.0',
  channel: '',
  pendingChannel: '',
  rejectReason: '',
  signed: 1,
  installerList: [installer],
} as unknown as SoftVersionItem;

function show(s: SoftItem, v: SoftVersionItem) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ReleasePanel soft={s} version={v} />
    </QueryClientProvider>,
  );
}

describe('ReleasePanel', () => {
  it('offers the channels the reader manages; the others are disabled', () => {
    show(soft, version);
    expect((screen.getByTestId('release-to-beta') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('release-to-stable') as HTMLButtonElement).disabled).toBe(true);
  });

  it('waits for an installer, and for signatures when the software signs its installers', () => {
    show(soft, { ...version, installerList: [] });
    expect((screen.getByTestId('release-to-beta') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    show({ ...soft, signModuleId: 'M1' } as SoftItem, { ...version, signed: 0 });
    expect((screen.getByTestId('release-to-beta') as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells a member who manages no channel that only release managers release', () => {
    show({ ...soft, myReleaseChannels: [] } as SoftItem, version);
    expect(screen.getByTestId('release-not-manager')).toBeTruthy();
  });

  it('shows a release waiting for approval instead of the buttons, and a rejection with its reason', () => {
    show(soft, { ...version, pendingChannel: 'beta' });
    expect(screen.getByTestId('release-pending')).toBeTruthy();
    expect(screen.queryByTestId('release-to-beta')).toBeNull();
    cleanup();
    show(soft, { ...version, rejectReason: 'Not yet' });
    expect(screen.getByTestId('release-rejected').textContent).toContain('Not yet');
    expect(screen.getByTestId('release-to-beta')).toBeTruthy();
  });

  it('offers only the promotion to stable once on beta, and nothing once on stable', () => {
    show({ ...soft, myReleaseChannels: ['beta', 'stable'] } as SoftItem, { ...version, channel: 'beta' });
    expect(screen.queryByTestId('release-to-beta')).toBeNull();
    expect(screen.getByTestId('release-to-stable')).toBeTruthy();
    cleanup();
    const { container } = show(soft, { ...version, channel: 'stable' });
    expect(container.textContent).toBe('');
  });
});
