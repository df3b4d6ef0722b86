import { CircleCheckBig, FileWarning, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatDay, parseTakenAt } from '../../../../shared/photo-dates';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { CaptionField, PhotoTypeChoice, TakenOnField } from './photo-fields';
import { fileSize, type QueuedPhoto, type UploadsForm, type UploadStatus } from './photo-upload-queue';

/** A queued file: its thumbnail, name and size, its fields, and how its upload goes. */
export function QueuedPhotoRow({
  form,
  index,
  item,
  status,
  onRemove,
  onRetry,
}: {
  form: UploadsForm;
  index: number;
  item: QueuedPhoto;
  status: UploadStatus;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const [photoType, takenAt, cameraTakenAt] = useWatch({
    control: form.control,
    name: [`uploads.${index}.photoType`, `uploads.${index}.takenAt`, `uploads.${index}.cameraTakenAt`],
  });
  const errors = form.formState.errors.uploads?.[index];
  const locked = status.state === 'uploading' || status.state === 'done';
  /** A file the server refused for what it is: only removing it is left. */
  const refused = status.state === 'failed' && status.retryable === false;
  const name = item.file.name;
  const id = item.key;
  const hint = cameraTakenAt
    ? takenAt === cameraTakenAt
      ? 'From the camera’s date'
      : `The camera says ${formatDay(parseTakenAt(cameraTakenAt)!)}`
    : undefined;

  return (
    <li
      data-upload-state={status.state}
      className={cn(
        'rounded-xl border p-4 text-sm',
        status.state === 'failed'
          ? 'border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950/40'
          : status.state === 'done'
            ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950/40'
            : 'border-slate-200 dark:border-slate-700',
      )}
    >
      {/* A phone shows the fields below the thumbnail, full width; a wider screen beside it. */}
      <div className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="size-20 overflow-hidden rounded-lg bg-slate-100 sm:row-span-2 sm:size-32 dark:bg-slate-800">
          <PhotoPreview src={item.preview} name={name} />
        </div>

        <div className="flex min-w-0 items-start justify-between gap-2">
          <p className="min-w-0">
            <span className="block truncate font-medium text-slate-900 dark:text-white">{name}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">{fileSize(item.file.size)}</span>
          </p>
          {locked || refused ? null : (
            <button
              type="button"
              onClick={onRemove}
              aria-label={`Remove ${name} from the queue`}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>

        <fieldset disabled={locked || refused} className="col-span-2 grid min-w-0 gap-3 sm:col-span-1 sm:col-start-2">
          <PhotoTypeChoice
            id={`${id}-type`}
            subject={name}
            registration={form.register(`uploads.${index}.photoType`)}
            chosen={!!photoType}
            error={errors?.photoType?.message}
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <CaptionField
              id={`${id}-caption`}
              subject={name}
              registration={form.register(`uploads.${index}.caption`)}
              error={errors?.caption?.message}
            />
            <TakenOnField
              id={`${id}-taken`}
              subject={name}
              registration={form.register(`uploads.${index}.takenAt`)}
              error={errors?.takenAt?.message}
              hint={hint}
            />
          </div>
        </fieldset>
      </div>

      <RowStatus status={status} name={name} refused={refused} onRemove={onRemove} onRetry={onRetry} />
    </li>
  );
}

/** The file's thumbnail, or "No preview" when the browser cannot draw it. */
function PhotoPreview({ src, name }: { src: string; name: string }) {
  const [previewFailed, setPreviewFailed] = useState(false);
  return previewFailed ? (
    <span className="flex size-full flex-col items-center justify-center gap-1 p-1 text-center text-xs text-slate-600 dark:text-slate-400">
      <FileWarning className="size-5" aria-hidden="true" />
      No preview
    </span>
  ) : (
    <img
      src={src}
      alt={`Preview of ${name}`}
      decoding="async"
      onError={() => setPreviewFailed(true)}
      className="size-full object-contain"
    />
  );
}

/** How the row's upload goes: its progress, "Uploaded", or why it failed with a retry (or, for a refused file, Remove). */
function RowStatus({
  status,
  name,
  refused,
  onRemove,
  onRetry,
}: {
  status: UploadStatus;
  name: string;
  refused: boolean;
  onRemove: () => void;
  onRetry: () => void;
}) {
  return (
    <>
      {status.state === 'uploading' ? (
        <div className="mt-3 flex items-center gap-3">
          <progress value={status.progress} max={1} aria-label={`Upload of ${name}`} className="h-2 flex-1 accent-brand-700" />
          <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
            {status.progress < 1 ? `Sending, ${Math.round(status.progress * 100)}%` : 'Preparing the photo...'}
          </span>
        </div>
      ) : null}
      {status.state === 'done' ? (
        <p className="mt-3 flex items-center gap-1.5 font-medium text-emerald-800 dark:text-emerald-300">
          <CircleCheckBig className="size-4" aria-hidden="true" />
          Uploaded
        </p>
      ) : null}
      {status.state === 'failed' ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {status.error}
          </p>
          {refused ? (
            <button type="button" onClick={onRemove} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove<span className="sr-only"> {name} from the queue</span>
            </button>
          ) : (
            <button type="button" onClick={onRetry} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Try again<span className="sr-only"> to upload {name}</span>
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}
