import { Camera } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { enqueue } from '../api/outbox';
import type { LocalVisit } from '../hooks/use-local-visit';
import { plural } from './format';
import { WaitingPhotos } from './photo-thumbs';
import { shrinkPhoto } from './shrink-photo';

/** Files from the camera input, saved on the phone one by one (each is its own upload). */
export async function queuePhotos(visitId: string, files: ArrayLike<File> | null, kind: 'before' | 'after' | 'issue', issueKey?: string) {
  for (const file of Array.from(files ?? [])) {
    // The time it was picked is the time it was taken (the camera's own record goes with its metadata).
    const at = new Date().toISOString();
    await enqueue({ type: 'photo', visitId, kind, issueKey, file: await shrinkPhoto(file), name: file.name || 'photo.jpg', at });
  }
}

/** The camera button: a file input the phone opens on its rear camera, several photos at a time. */
export function CameraButton({ label, onFiles, disabled }: { label: string; onFiles: (files: File[]) => void; disabled?: boolean }) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    // Copied before the input is cleared (its FileList empties with it), so the same photo can be picked again.
    onFiles(Array.from(event.target.files ?? []));
    event.target.value = '';
  };
  return (
    <label
      className={`flex min-h-14 w-full cursor-pointer items-center justify-center gap-2 rounded-xl border-2 border-brand-700 bg-white px-4 text-lg font-bold text-brand-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-50 dark:border-brand-300 dark:bg-slate-900 dark:text-brand-200 dark:hover:bg-slate-800 ${disabled ? 'pointer-events-none opacity-60' : ''}`}
    >
      <Camera className="size-6 shrink-0" aria-hidden="true" />
      {label}
      <input type="file" accept="image/*" capture="environment" multiple className="sr-only" onChange={change} disabled={disabled} />
    </label>
  );
}

/** Before or after photos: the camera, how many reached the office, and the ones still uploading. */
export function PhotoSection({
  visit,
  kind,
  title,
  hint,
  readOnly,
}: {
  visit: LocalVisit;
  kind: 'before' | 'after';
  title: string;
  hint: string;
  readOnly: boolean;
}) {
  const waiting = visit.waitingPhotos.filter((photo) => photo.kind === kind);
  const sent = visit.photoCounts[kind];
  return (
    <section
      aria-labelledby={`${kind}-heading`}
      className="rounded-2xl border border-slate-300 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={`${kind}-heading`} className="text-xl font-bold text-slate-950 dark:text-white">
        {title}
      </h2>
      <p className="mt-1 text-base text-slate-700 dark:text-slate-300">
        {sent || waiting.length
          ? [sent ? `${plural(sent, 'photo')} sent` : null, waiting.length ? `${waiting.length} on this phone` : null]
              .filter(Boolean)
              .join(', ')
          : hint}
      </p>
      {readOnly ? null : (
        <div className="mt-3">
          <CameraButton label={`Take ${kind} photos`} onFiles={(files) => void queuePhotos(visit.id, files, kind)} />
        </div>
      )}
      <WaitingPhotos photos={waiting} label={`${title} waiting to upload`} />
    </section>
  );
}
