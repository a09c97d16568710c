import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { ScrollToTopOnSearchChange } from './ScrollToTopOnSearchChange.tsx';

afterEach(() => vi.useRealTimers());

let navigate: ReturnType<typeof useNavigate>;
function Capture() {
  navigate = useNavigate();
  return null;
}

describe('ScrollToTopOnSearchChange', () => {
  it('scrolls smoothly to the top 50 ms after the search part changes, not on first render', () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    render(
      <MemoryRouter initialEntries={['/crm']}>
        <ScrollToTopOnSearchChange />
        <Capture />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => navigate('/crm?section=leads'));
    act(() => vi.advanceTimersByTime(49));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    act(() => navigate('/dashboard?section=leads'));
    act(() => vi.advanceTimersByTime(100));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    // A lead opened or closed in its drawer is no new page.
    act(() => navigate('/dashboard?section=leads&lead=42&tab=conversation'));
    act(() => navigate('/dashboard?section=leads'));
    act(() => vi.advanceTimersByTime(100));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('jumps to the top without the smooth scroll when the system asks for less motion', () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      render(
        <MemoryRouter initialEntries={['/crm']}>
          <ScrollToTopOnSearchChange />
          <Capture />
        </MemoryRouter>,
      );
      act(() => navigate('/crm?section=leads'));
      act(() => vi.advanceTimersByTime(50));
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'auto' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
