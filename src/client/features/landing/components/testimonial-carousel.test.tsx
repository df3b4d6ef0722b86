// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testimonials } from '../../../content/testimonials';
import { TestimonialCarousel } from './testimonial-carousel';

// jsdom has no matchMedia; this stands in for the browser's, answering the reduced-motion query.
function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

const shownName = () => screen.getByRole('group').querySelector('figcaption span span')?.textContent;
const slideLabel = () => screen.getByRole('group').getAttribute('aria-label');

describe('TestimonialCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('has four five-star testimonials', () => {
    expect(testimonials).toHaveLength(4);
    expect(testimonials.every((t) => t.rating === 5)).toBe(true);
    render(<TestimonialCarousel />);
    expect(screen.getAllByRole('button', { name: /Show review \d of 4/ })).toHaveLength(4);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
  });

  it('advances every 8 seconds and wraps around', () => {
    render(<TestimonialCarousel />);
    expect(slideLabel()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(7999));
    expect(slideLabel()).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(1));
    expect(slideLabel()).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(8000));
    act(() => vi.advanceTimersByTime(8000));
    expect(slideLabel()).toBe('4 of 4');
    act(() => vi.advanceTimersByTime(8000));
    expect(slideLabel()).toBe('1 of 4');
    expect(shownName()).toBe(testimonials[0]!.name);
  });

  it('moves with previous, next and the dots, wrapping at both ends', () => {
    render(<TestimonialCarousel />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous review' }));
    expect(slideLabel()).toBe('4 of 4');
    expect(shownName()).toBe(testimonials[3]!.name);
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(slideLabel()).toBe('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Show review 3 of 4' }));
    expect(slideLabel()).toBe('3 of 4');
    expect(screen.getByRole('button', { name: 'Show review 3 of 4' }).getAttribute('aria-current')).toBe('true');
  });

  it('pauses while hovered and resumes after', () => {
    render(<TestimonialCarousel />);
    const region = screen.getByRole('region', { name: 'Customer reviews' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(20_000));
    expect(slideLabel()).toBe('1 of 4');
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(8000));
    expect(slideLabel()).toBe('2 of 4');
  });

  it('pauses while focus is inside', () => {
    render(<TestimonialCarousel />);
    act(() => screen.getByRole('button', { name: 'Next review' }).focus());
    act(() => vi.advanceTimersByTime(20_000));
    expect(slideLabel()).toBe('1 of 4');
  });

  it('has a pause control that stops and restarts the rotation', () => {
    render(<TestimonialCarousel />);
    const pause = screen.getByRole('button', { name: 'Pause automatic rotation' });
    fireEvent.click(pause);
    fireEvent.blur(pause);
    act(() => vi.advanceTimersByTime(20_000));
    expect(slideLabel()).toBe('1 of 4');
    const resume = screen.getByRole('button', { name: 'Resume automatic rotation' });
    fireEvent.click(resume);
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    act(() => vi.advanceTimersByTime(8000));
    expect(slideLabel()).toBe('2 of 4');
  });

  it('never advances by itself under prefers-reduced-motion', () => {
    setReducedMotion(true);
    render(<TestimonialCarousel />);
    act(() => vi.advanceTimersByTime(40_000));
    expect(slideLabel()).toBe('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(slideLabel()).toBe('2 of 4');
  });
});
