// Icons the landing page does not use: one it shared with the console would be split into a
// chunk of its own, one more file in the landing page's first load.
import { CircleCheckBig, FileWarning, ImagePlus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod/mini';
import { PHOTO_TYPES } from '../../../../shared/api/properties';
import { formatDay, parseTakenAt } from '../../../../shared/photo-dates';
import { photoFieldsSchema, takenOnFieldSchema } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { ApiError, readableError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { uploadPhoto, useRefreshPhotos } from '../api/upload-photo';
import { cameraTakenOn } from '../camera-date';
import { CaptionField, PHOTO_TYPE_LABELS, PhotoTypeChoice, TakenOnField } from './photo-fields';

/** A file in the queue: the fields the server checks with photoFieldsSchema, and what the row needs to show it. */
const queuedPhotoSchema = z.object({
  key: z.string(),
  file: z.custom<File>(),
  /** An object URL of the file, for its thumbnail; revoked when the row leaves the queue. */
  preview: z.string(),
  photoType: photoFieldsSchema.shape.photoType,
  caption: photoFieldsSchema.shape.caption,
  /** The "taken on" field: '' or a date. */
  takenAt: takenOnFieldSchema,
  /** The date read from the file's EXIF data when it was chosen ('' when none). */
  cameraTakenAt: z.string(),
});
const uploadsSchema = z.object({ uploads: z.array(queuedPhotoSchema) });
type QueuedPhoto = z.infer<typeof queuedPhotoSchema>;
type UploadsForm = UseFormReturn<z.infer<typeof uploadsSchema>, unknown, z.output<typeof uploadsSchema>>;

interface UploadStatus {
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  /** False when the file itself was refused (not a photo we take, or too large): sending it again cannot help. */
  retryable?: boolean;
}
const waiting: UploadStatus = { progress: 0, state: 'waiting' };
/** Rows the Upload button sends: new ones, and failed ones that may go through this time. */
const isPending = (status: UploadStatus) => status.state === 'waiting' || (status.state === 'failed' && status.retryable !== false);
/** How long an uploaded row stays, marked "Uploaded", before it leaves the queue. */
const SUCCESS_LINGER_MS = 2500;
const EDITABLE_FIELDS = ['photoType', 'caption', 'takenAt'] as const;

/** Keys (and element ids) for queued files: never built from file names, which may hold spaces. */
let nextKey = 0;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What to send as takenAt: the field's date; '' when staff cleared a date the camera gave (no date);
 * nothing when neither has one, so the server reads EXIF the browser could not (PNG, WebP).
 */
function takenAtToSend(item: QueuedPhoto): string | undefined {
  if (item.takenAt) return item.takenAt;
  return item.cameraTakenAt ? '' : undefined;
}

/**
 * Chooses and uploads a property's photos: several at once (picker or drag-and-drop), each shown
 * as a thumbnail with its type (chosen for each file, never a default), caption and "taken on"
 * date (prefilled from the camera's data). Each file is its own request: an uploaded row shows
 * "Uploaded" for a moment and leaves the queue; a failed one stays with its reason and a retry.
 */
export function PhotoUploader({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const inputId = useId();
  const refreshPhotos = useRefreshPhotos(propertyId);
  const [statuses, setStatuses] = useState<Record<string, UploadStatus>>({});
  const [dragging, setDragging] = useState(false);
  const [summary, setSummary] = useState('');
  const timers = useRef<number[]>([]);
  const previews = useRef(new Map<string, string>());
  const statusOf = (key: string) => statuses[key] ?? waiting;
  const setStatus = (key: string, status: UploadStatus) => setStatuses((current) => ({ ...current, [key]: status }));

  // The upload runs in uploadAll, declared below with the queue it needs; the form reaches it through a ref.
  const uploadAllRef = useRef<(uploads: QueuedPhoto[]) => Promise<void>>(async () => {});
  const form = useSchemaForm(uploadsSchema, { uploads: [] }, ({ uploads }) => uploadAllRef.current(uploads));
  const queue = useFieldArray({ control: form.control, name: 'uploads' });
  const indexOf = (key: string) => form.getValues('uploads').findIndex((item) => item.key === key);

  // Object URLs and timers die with the component.
  useEffect(() => {
    const urls = previews.current;
    const pendingTimers = timers.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
      pendingTimers.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);

  /** Takes a row out of the queue and frees its thumbnail. */
  function dismiss(key: string) {
    const index = indexOf(key);
    if (index >= 0) queue.remove(index);
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
    setStatuses(({ [key]: _gone, ...rest }) => rest);
  }

  async function uploadOne(item: QueuedPhoto): Promise<boolean> {
    setStatus(item.key, { state: 'uploading', progress: 0 });
    try {
      await uploadPhoto(
        { propertyId, file: item.file, photoType: item.photoType, caption: item.caption ?? '', takenAt: takenAtToSend(item) },
        (progress) => setStatus(item.key, { state: 'uploading', progress }),
      );
      setStatus(item.key, { state: 'done', progress: 1 });
      timers.current.push(window.setTimeout(() => dismiss(item.key), SUCCESS_LINGER_MS));
      return true;
    } catch (error) {
      // A field the server refused gets its message beside that field of this row.
      const index = indexOf(item.key);
      const fieldErrors = error instanceof ApiError ? (error.data?.errors ?? {}) : {};
      for (const field of EDITABLE_FIELDS) {
        const message = fieldErrors[field];
        if (message && index >= 0) form.setError(`uploads.${index}.${field}`, { type: 'server', message });
      }
      const fileRefused = error instanceof ApiError && (error.status === 413 || error.status === 415);
      setStatus(item.key, { state: 'failed', progress: 0, error: readableError(error as Error), retryable: !fileRefused });
      return false;
    }
  }

  async function uploadAll(uploads: QueuedPhoto[]) {
    const pending = uploads.filter((item) => isPending(statusOf(item.key)));
    const results = await Promise.all(pending.map(uploadOne));
    const uploaded = results.filter(Boolean).length;
    const failed = results.length - uploaded;
    setSummary(
      [
        uploaded ? `${plural(uploaded, 'photo', 'photos')} uploaded.` : '',
        failed ? `${plural(failed, 'photo', 'photos')} could not be uploaded: see the reason beside ${failed === 1 ? 'it' : 'each'}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    if (uploaded) await refreshPhotos();
  }
  useEffect(() => {
    uploadAllRef.current = uploadAll;
  });

  async function retry(key: string) {
    const index = indexOf(key);
    if (index < 0 || !(await form.trigger(`uploads.${index}`))) return;
    const uploaded = await uploadOne(form.getValues(`uploads.${index}`));
    setSummary(uploaded ? '1 photo uploaded.' : '');
    if (uploaded) await refreshPhotos();
  }

  const add = (files: FileList | null) => {
    if (!files?.length) return;
    setSummary('');
    const added = [...files].map((file) => {
      const key = `${inputId}-file-${(nextKey += 1)}`;
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      return { key, file, preview, photoType: '' as QueuedPhoto['photoType'], caption: '', takenAt: '', cameraTakenAt: '' };
    });
    queue.append(added, { shouldFocus: false });
    // Prefill "taken on" from each JPEG's camera data, unless staff typed a date meanwhile.
    for (const item of added) {
      void cameraTakenOn(item.file).then((date) => {
        const index = indexOf(item.key);
        if (!date || index < 0 || form.getValues(`uploads.${index}.takenAt`)) return;
        form.setValue(`uploads.${index}.cameraTakenAt`, date);
        form.setValue(`uploads.${index}.takenAt`, date, { shouldValidate: form.formState.isSubmitted });
      });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  const open = queue.fields.filter((item) => isPending(statusOf(item.key)));
  const busy = queue.fields.some((item) => statusOf(item.key).state === 'uploading');
  const rowsWithErrors = (form.formState.errors.uploads as unknown[] | undefined)?.filter(Boolean).length ?? 0;

  const chooseTypeForAll = (type: QueuedPhoto['photoType']) =>
    form.getValues('uploads').forEach((item, index) => {
      if (isPending(statusOf(item.key))) form.setValue(`uploads.${index}.photoType`, type, { shouldValidate: form.formState.isSubmitted });
    });

  return (
    <form onSubmit={form.submit} noValidate aria-label={`Upload photos of ${propertyName}`}>
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
            add(event.target.files);
            // The same file can be chosen again after it leaves the queue.
            event.target.value = '';
          }}
          aria-label={`Choose photos for ${propertyName}`}
        />
      </div>

      {open.length > 1 ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span id={`${inputId}-all`}>Set every photo to:</span>
          <div role="group" aria-labelledby={`${inputId}-all`} className="flex flex-wrap gap-2">
            {PHOTO_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                onClick={() => chooseTypeForAll(type)}
                className={buttonClass({ variant: 'secondary', size: 'sm', className: 'whitespace-nowrap' })}
              >
                <span className="sr-only">All </span>
                {PHOTO_TYPE_LABELS[type]}
              </button>
            ))}
          </div>
        </div>
      ) : null}

      {queue.fields.length ? (
        <ul aria-label={`Photos to upload to ${propertyName}`} className="mt-3 grid gap-3">
          {queue.fields.map((item, index) => (
            <QueuedPhotoRow
              key={item.id}
              form={form}
              index={index}
              item={item}
              status={statusOf(item.key)}
              onRemove={() => dismiss(item.key)}
              onRetry={() => void retry(item.key)}
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
          {summary}
        </p>
      </div>
    </form>
  );
}

function QueuedPhotoRow({
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
  const [previewFailed, setPreviewFailed] = useState(false);
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
          {previewFailed ? (
            <span className="flex size-full flex-col items-center justify-center gap-1 p-1 text-center text-xs text-slate-600 dark:text-slate-400">
              <FileWarning className="size-5" aria-hidden="true" />
              No preview
            </span>
          ) : (
            <img
              src={item.preview}
              alt={`Preview of ${name}`}
              decoding="async"
              onError={() => setPreviewFailed(true)}
              className="size-full object-contain"
            />
          )}
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
    </li>
  );
}
