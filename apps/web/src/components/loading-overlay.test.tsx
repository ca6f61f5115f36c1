import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../test/i18n.ts';
import { useAppStore } from '../state/app-store.ts';
import { LoadingOverlay } from './loading-overlay.tsx';

beforeAll(() => {
  initI18n('en');
});
beforeEach(() => {
  vi.useFakeTimers();
  useAppStore.getState().set({ loading: false });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useAppStore.getState().set({ loading: false });
});

const setLoading = (loading: boolean) => act(() => useAppStore.getState().set({ loading }));

describe('LoadingOverlay', () => {
  it('shows only after 300 ms of loading and hides as soon as loading ends', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByRole('status')).toBeNull();
    setLoading(true);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeTruthy();
    setLoading(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never flashes for quick work, and waits again the next time', () => {
    render(<LoadingOverlay />);
    setLoading(true);
    act(() => vi.advanceTimersByTime(200));
    setLoading(false);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('status')).toBeNull();
    setLoading(true);
    act(() => vi.advanceTimersByTime(400));
    setLoading(false);
    setLoading(true);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
