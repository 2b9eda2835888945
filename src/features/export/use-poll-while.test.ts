import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_POLL_MS, usePollWhile } from './use-poll-while';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('usePollWhile', () => {
  it('asks again every few seconds while the job runs, and stops when it is done', () => {
    const refresh = vi.fn();
    const { rerender, unmount } = renderHook(({ active }) => usePollWhile(active, refresh), {
      initialProps: { active: true },
    });
    vi.advanceTimersByTime(EXPORT_POLL_MS * 2 + 10);
    expect(refresh).toHaveBeenCalledTimes(2);
    rerender({ active: false });
    vi.advanceTimersByTime(EXPORT_POLL_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('does not ask while the tab is hidden', () => {
    const refresh = vi.fn();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    renderHook(() => usePollWhile(true, refresh));
    vi.advanceTimersByTime(EXPORT_POLL_MS * 2);
    expect(refresh).not.toHaveBeenCalled();
    visibility.mockRestore();
  });
});
