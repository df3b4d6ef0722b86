import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PropertyPhoto } from '../../../../shared/portal-types';
import { formatUploadDate } from '../format-date';
import { PhotoTypeBadge } from './photo-type-badge';

/**
 * A photo, larger. The native <dialog> gives a modal with focus kept inside,
 * Escape to close and focus returned to the opener, without a script that would
 * inject <style> tags (which the Content-Security-Policy refuses).
 */
export function PhotoDialog({ photo, onClose }: { photo: PropertyPhoto | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (photo && !dialog.open) dialog.showModal();
    if (!photo && dialog.open) dialog.close();
  }, [photo]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      aria-labelledby="photo-dialog-title"
      className="m-auto w-[min(96vw,1100px)] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/80 dark:bg-slate-900 dark:text-white"
    >
      {photo ? (
        <figure>
          <img
            src={photo.imageUrl}
            srcSet={photo.srcSet}
            sizes="(min-width: 1100px) 1100px, 96vw"
            width={photo.width}
            height={photo.height}
            alt={photo.caption || `${photo.photoType} photo`}
            className="max-h-[75vh] w-full rounded-t-2xl bg-slate-100 object-contain dark:bg-slate-950"
          />
          <figcaption className="flex flex-wrap items-center gap-3 p-4">
            <PhotoTypeBadge type={photo.photoType} />
            <span id="photo-dialog-title" className="font-semibold">
              {photo.caption || 'Untitled photo'}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {photo.takenAt ? `Taken ${formatUploadDate(photo.takenAt)}` : `Uploaded ${formatUploadDate(photo.uploadDate)}`}
            </span>
          </figcaption>
        </figure>
      ) : null}
      <button
        type="button"
        onClick={onClose}
        aria-label="Close photo"
        className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </dialog>
  );
}
