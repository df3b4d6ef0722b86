// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS } from '../../../shared/constants';
import { dismissToast, toast, useToasts } from './toast-store';
import { renderHook, act } from '@testing-library/react';

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time, the newest replacing the last', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.map((t) => t.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast({ title: 'Saved' });
    });
    act(() => dismissToast(id));
    expect(result.current[0]).toMatchObject({ title: 'Saved', open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(result.current).toEqual([]);
  });
});
