import { ChevronLeft, ChevronRight, Download, X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import type { PropertyPhoto } from '../../../../shared/api/properties';
import { buttonClass } from '../../../components/ui/button';
import { PhotoTypeBadge } from './photo-type-badge';
import { instantDateText } from '../../../../shared/date-formats';

/** A horizontal move at least this long, and clearly more sideways than up or down, is a swipe. */
const SWIPE_MIN_PX = 40;
const VIEWER_SIZES = '100vw';

/** "Taken Oct 2, 2026" when the camera's date is known, else the day it was uploaded. */
export function photoDateText(photo: Pick<PropertyPhoto, 'takenAt' | 'uploadDate'>): string {
  return photo.takenAt ? `Taken ${instantDateText(photo.takenAt)}` : `Uploaded ${instantDateText(photo.uploadDate)}`;
}

/** Fetches the photos either side, so the next one is ready when the customer moves on. */
function usePreloadNeighbours(photos: PropertyPhoto[], index: number | null) {
  useEffect(() => {
    if (index === null || photos.length < 2) return;
    for (const step of [1, -1]) {
      const photo = photos[(index + step + photos.length) % photos.length]!;
      const image = new Image();
      image.sizes = VIEWER_SIZES;
      image.srcset = photo.srcSet;
      image.src = photo.imageUrl;
    }
  }, [photos, index]);
}

/**
 * A property's photos, one at a time and whole: previous and next (buttons, arrow keys,
 * or a swipe on a touch screen; they go round from the last to the first), "n of m",
 * the caption and date, and a download of the largest size stored.
 *
 * It fills the screen, as photo viewers do, so a phone shows the photo as large as it can.
 * The native <dialog> gives a modal with focus kept inside, Escape to close and focus
 * returned to the opener, without a script that would inject <style> tags (which the
 * Content-Security-Policy refuses).
 */
export function PhotoDialog({
  photos,
  index,
  onIndexChange,
  onClose,
}: {
  photos: PropertyPhoto[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const photo = index === null ? null : (photos[index] ?? null);
  const count = photos.length;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (photo && !dialog.open) dialog.showModal();
    if (!photo && dialog.open) dialog.close();
  }, [photo]);
  usePreloadNeighbours(photos, index);

  const go = (step: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  const iconButton = 'inline-flex shrink-0 items-center justify-center border border-white/50 text-white hover:bg-white/10';
  const stepButton = `${iconButton} size-11 rounded-full`;

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby="photo-dialog-title"
      aria-describedby="photo-dialog-details"
      className="m-auto h-full max-h-none w-full max-w-none bg-slate-950 p-0 text-white"
    >
      {photo ? (
        <figure className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <p className="text-sm font-semibold text-slate-300" aria-live="polite" data-photo-position>
              <span className="sr-only">Photo </span>
              {index! + 1} of {count}
            </p>
            <div className="flex items-center gap-2">
              <a
                href={photo.downloadUrl}
                download
                aria-label="Download this photo at full size"
                className={buttonClass({ variant: 'outlineOnDark', size: 'sm' })}
              >
                <Download className="size-4" aria-hidden="true" />
                Download
              </a>
              <button type="button" onClick={onClose} aria-label="Close photo" className={`${iconButton} size-9 rounded-lg`}>
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
          </div>

          {/* Swipes are read here; the browser keeps vertical panning and pinch zoom. */}
          <div
            className="relative flex-1 overflow-hidden [touch-action:pan-y_pinch-zoom]"
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
          >
            <img
              key={photo.id}
              src={photo.imageUrl}
              srcSet={photo.srcSet}
              sizes={VIEWER_SIZES}
              width={photo.width}
              height={photo.height}
              alt={photo.caption || `${photo.photoType} photo`}
              draggable={false}
              className="h-full w-full object-contain"
            />
          </div>

          {/* Previous and next sit at the bottom, where a thumb reaches them, on either side of the caption. */}
          <div className="mx-auto flex w-full max-w-3xl items-center gap-3 px-4 py-3">
            {count > 1 ? (
              <button type="button" onClick={() => go(-1)} aria-label="Previous photo" className={stepButton}>
                <ChevronLeft className="size-6" aria-hidden="true" />
              </button>
            ) : null}
            <figcaption className="flex-1 text-center">
              <p id="photo-dialog-title" className="font-semibold text-white">
                {photo.caption || 'Untitled photo'}
              </p>
              <p id="photo-dialog-details" className="mt-1 flex flex-wrap items-center justify-center gap-3 text-sm text-slate-300">
                <PhotoTypeBadge type={photo.photoType} />
                <time dateTime={photo.takenAt ?? photo.uploadDate}>{photoDateText(photo)}</time>
              </p>
            </figcaption>
            {count > 1 ? (
              <button type="button" onClick={() => go(1)} aria-label="Next photo" className={stepButton}>
                <ChevronRight className="size-6" aria-hidden="true" />
              </button>
            ) : null}
          </div>
        </figure>
      ) : null}
    </dialog>
  );
}
