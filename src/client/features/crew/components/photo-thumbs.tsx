import { useEffect, useRef } from 'react';
import type { OutboxItem } from '../api/offline-store';
import { useOutbox } from '../hooks/use-outbox';

type PhotoItem = Extract<OutboxItem, { type: 'photo' }>;

function Thumb({ photo, progress }: { photo: PhotoItem; progress: number | undefined }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The photo is shown from the phone's own copy; its address is freed when it leaves the screen.
    const url = URL.createObjectURL(photo.file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo.file]);
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <li className="overflow-hidden rounded-lg border border-slate-300 bg-slate-100 dark:border-slate-700 dark:bg-slate-800">
      <img ref={image} alt="" className="aspect-square w-full object-cover" />
      <div
        role="progressbar"
        aria-label={`Upload of ${photo.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 bg-slate-300 dark:bg-slate-700"
      >
        <div className="h-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
      <p className="px-1.5 py-1 text-xs font-semibold text-slate-800 dark:text-slate-200">
        {progress === undefined ? 'Waiting' : `${percent}%`}
      </p>
    </li>
  );
}

/** Photos still on the phone, each with its upload's progress bar. */
export function WaitingPhotos({ photos, label }: { photos: PhotoItem[]; label: string }) {
  const { progress } = useOutbox();
  if (!photos.length) return null;
  return (
    <ul aria-label={label} className="mt-3 grid grid-cols-3 gap-2 min-[400px]:grid-cols-4">
      {photos.map((photo) => (
        <Thumb key={photo.key} photo={photo} progress={progress[photo.key]} />
      ))}
    </ul>
  );
}
