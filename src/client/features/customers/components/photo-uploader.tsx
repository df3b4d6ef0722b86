// Icons the landing page does not use: one it shared with the console would be split into a
// chunk of its own, one more file in the landing page's first load.
import { ImagePlus } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { PHOTO_TYPES } from '../../../../shared/api/properties';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { PHOTO_TYPE_LABELS } from './photo-fields';
import type { QueuedPhoto } from './photo-upload-queue';
import { QueuedPhotoRow } from './queued-photo-row';
import { usePhotoUploads } from './use-photo-uploads';

/** Where files are dropped, or chosen with the picker. */
function PhotoDropZone({
  inputId,
  propertyName,
  onFiles,
}: {
  inputId: string;
  propertyName: string;
  onFiles: (files: FileList | null) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'mt-3 rounded-xl border-2 border-dashed p-5 text-center text-sm',
        dragging ? 'border-brand-600 bg-brand-50 dark:bg-brand-950/40' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <ImagePlus className="mx-auto size-6 text-slate-500" aria-hidden="true" />
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Drop photos here, or{' '}
        <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-700 underline dark:text-brand-300">
          choose files
        </label>{' '}
        (JPEG, PNG or WebP, up to 20 MB each).
      </p>
      <input
        id={inputId}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        onChange={(event) => {
          onFiles(event.target.files);
          // The same file can be chosen again after it leaves the queue.
          event.target.value = '';
        }}
        aria-label={`Choose photos for ${propertyName}`}
      />
    </div>
  );
}

/** One type for every pending photo at once. */
function TypeForAll({ id, onChoose }: { id: string; onChoose: (type: QueuedPhoto['photoType']) => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span id={id}>Set every photo to:</span>
      <div role="group" aria-labelledby={id} className="flex flex-wrap gap-2">
        {PHOTO_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            onClick={() => onChoose(type)}
            className={buttonClass({ variant: 'secondary', size: 'sm', className: 'whitespace-nowrap' })}
          >
            <span className="sr-only">All </span>
            {PHOTO_TYPE_LABELS[type]}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Chooses and uploads a property's photos: several at once (picker or drag-and-drop), each shown
 * as a thumbnail with its type (chosen for each file, never a default), caption and "taken on"
 * date (prefilled from the camera's data). Each file is its own request: an uploaded row shows
 * "Uploaded" for a moment and leaves the queue; a failed one stays with its reason and a retry.
 */
export function PhotoUploader({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const inputId = useId();
  const uploads = usePhotoUploads(propertyId, inputId);
  const { form, rows, open, busy, rowsWithErrors } = uploads;

  return (
    <form onSubmit={form.submit} noValidate aria-label={`Upload photos of ${propertyName}`}>
      <PhotoDropZone inputId={inputId} propertyName={propertyName} onFiles={uploads.add} />
      {open.length > 1 ? <TypeForAll id={`${inputId}-all`} onChoose={uploads.chooseTypeForAll} /> : null}

      {rows.length ? (
        <ul aria-label={`Photos to upload to ${propertyName}`} className="mt-3 grid gap-3">
          {rows.map((item, index) => (
            <QueuedPhotoRow
              key={item.id}
              form={form}
              index={index}
              item={item}
              status={uploads.statusOf(item.key)}
              onRemove={() => uploads.dismiss(item.key)}
              onRetry={() => uploads.retry(item.key)}
            />
          ))}
        </ul>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-3">
        {open.length ? (
          <button type="submit" disabled={busy} className={buttonClass({ size: 'sm' })}>
            {busy ? 'Uploading...' : open.length === 1 ? 'Upload photo' : `Upload ${open.length} photos`}
          </button>
        ) : null}
        {rowsWithErrors ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {rowsWithErrors === 1 ? 'One photo needs' : `${rowsWithErrors} photos need`} a change before uploading: see the message beside{' '}
            {rowsWithErrors === 1 ? 'it' : 'each'}.
          </p>
        ) : null}
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {uploads.summary}
        </p>
      </div>
    </form>
  );
}
