import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VERSION_POLL_INTERVAL_MS } from '@kelvin/domain';
import { VersionBanner } from './VersionBanner.tsx';
import type { VersionInfo } from './versionWatcher.ts';

function versionSource(...answers: (VersionInfo | Error)[]) {
  let index = 0;
  return vi.fn(() => {
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (!answer) throw new Error('no answers');
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  });
}

function renderBanner(fetchVersion: () => Promise<VersionInfo>, onRefresh = vi.fn()) {
  render(
    <MantineProvider env="test">
      <VersionBanner fetchVersion={fetchVersion} onRefresh={onRefresh} />
    </MantineProvider>,
  );
  return onRefresh;
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS));

describe('VersionBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays hidden while the version does not change', async () => {
    const source = versionSource({ version: '6.45.2', build: 'a' });
    renderBanner(source);
    await tick();
    await tick();
    expect(source).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('A new version is available.')).not.toBeInTheDocument();
  });

  it('appears when the build changes after the first read, and Refresh Now reloads', async () => {
    const source = versionSource({ version: '6.45.2', build: 'a' }, { version: '6.45.2', build: 'b' });
    const onRefresh = renderBanner(source);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByText('A new version is available.')).not.toBeInTheDocument();

    await tick();
    expect(screen.getByText('A new version is available.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Now' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('polls every 60 s, ignores failures and can be dismissed', async () => {
    const source = versionSource(
      new Error('offline'),
      { version: '6.45.2', build: 'a' },
      new Error('offline'),
      { version: '6.46.0', build: 'c' },
    );
    renderBanner(source);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await tick();
    await tick();
    expect(screen.queryByRole('status', { name: 'New version' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS - 1));
    expect(source).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(source).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('status', { name: 'New version' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('A new version is available.')).not.toBeInTheDocument();
  });
});
