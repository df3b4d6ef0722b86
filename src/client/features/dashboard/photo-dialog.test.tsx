// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyPhoto } from '../../../shared/api/properties';
import { PhotoDialog, photoDateText } from './components/photo-dialog';

// jsdom has no modal dialogs; this stands in for the browser's showModal() and close().
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

const photo = (n: number, extra: Partial<PropertyPhoto> = {}): PropertyPhoto => ({
  id: `photo-${n}`,
  imageUrl: `/api/photos/photo-${n}/1200.webp`,
  srcSet: `/api/photos/photo-${n}/400.webp 400w, /api/photos/photo-${n}/1200.webp 1200w`,
  width: 1200,
  height: 900,
  caption: `Caption ${n}`,
  uploadDate: '2026-10-20T15:00:00.000Z',
  takenAt: null,
  photoType: 'after',
  downloadUrl: `/api/photos/photo-${n}/download`,
  ...extra,
});

const photos = [photo(1, { takenAt: '2026-10-12T17:00:00.000Z', photoType: 'before' }), photo(2), photo(3, { caption: '' })];

function Viewer({ start = 0, list = photos }: { start?: number; list?: PropertyPhoto[] }) {
  const [index, setIndex] = useState<number | null>(start);
  return <PhotoDialog photos={list} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />;
}

const dialog = () => screen.getByRole('dialog');
const position = () => dialog().querySelector('[data-photo-position]')!.textContent;
const title = () => dialog().querySelector('#photo-dialog-title')!.textContent;

describe('PhotoDialog', () => {
  afterEach(cleanup);

  it('shows "n of m", the caption, the type and the date, and a download of the full size', () => {
    render(<Viewer />);
    expect(position()).toBe('Photo 1 of 3');
    expect(title()).toBe('Caption 1');
    expect(within(dialog()).getByText('before')).toBeTruthy();
    expect(dialog().querySelector('time')!.textContent).toBe('Taken Oct 12, 2026');
    const download = within(dialog()).getByRole('link', { name: 'Download this photo at full size' });
    expect(download.getAttribute('href')).toBe('/api/photos/photo-1/download');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('moves with its buttons and the arrow keys, round from the last to the first', () => {
    render(<Viewer />);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect([position(), title()]).toEqual(['Photo 2 of 3', 'Caption 2']);
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect([position(), title()]).toEqual(['Photo 3 of 3', 'Untitled photo']);
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(position()).toBe('Photo 1 of 3');
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    expect(position()).toBe('Photo 3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(position()).toBe('Photo 2 of 3');
    expect(dialog().querySelector('img')!.getAttribute('src')).toBe('/api/photos/photo-2/1200.webp');
  });

  it('moves on a sideways swipe, and not on a vertical drag or a short one', () => {
    render(<Viewer />);
    const area = dialog().querySelector('img')!.parentElement!;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(area, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 400], [100, 420]);
    expect(position()).toBe('Photo 2 of 3');
    swipe([100, 400], [300, 400]);
    expect(position()).toBe('Photo 1 of 3');
    swipe([200, 200], [260, 500]);
    swipe([200, 400], [175, 400]);
    expect(position()).toBe('Photo 1 of 3');
  });

  it('offers no previous or next for a single photo, and closes', () => {
    render(<Viewer list={[photos[1]!]} />);
    expect(position()).toBe('Photo 1 of 1');
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(position()).toBe('Photo 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('dates a photo by when it was taken, in Wisconsin, else by its upload', () => {
    expect(photoDateText({ takenAt: '2026-10-03T03:30:00.000Z', uploadDate: '2026-10-20T15:00:00.000Z' })).toBe('Taken Oct 2, 2026');
    expect(photoDateText({ takenAt: null, uploadDate: '2026-10-20T15:00:00.000Z' })).toBe('Uploaded Oct 20, 2026');
  });
});
