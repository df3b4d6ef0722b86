import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod/mini';
import { PHOTO_TYPES } from '../../../../shared/portal-types';
import { photoFieldsSchema } from '../../../../shared/staff-schemas';
import { usePropertyPhotos } from '../../../api/get-property-photos';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/text-field';
import { readableError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useDeletePhoto } from '../api/delete-photo';
import { uploadPhoto, useRefreshPhotos } from '../api/upload-photo';

/** The queued files, each with the fields the server checks with photoFieldsSchema. */
const uploadsSchema = z.object({
  uploads: z.array(z.extend(photoFieldsSchema, { key: z.string(), file: z.custom<File>() })),
});

interface UploadStatus {
  progress: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
}
const waiting: UploadStatus = { progress: 0, state: 'waiting' };

/** Keys (and element ids) for queued files: never built from file names, which may hold spaces. */
let nextKey = 0;

/** A property's photos: upload several at once (picker or drag-and-drop), each with its type, caption and progress; delete. */
export function PhotoManager({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const inputId = useId();
  const photos = usePropertyPhotos(propertyId);
  const refreshPhotos = useRefreshPhotos(propertyId);
  const remove = useDeletePhoto();
  const mayUpload = useRoleMay('create', 'photo');
  const mayDelete = useRoleMay('delete', 'photo');
  const [statuses, setStatuses] = useState<Record<string, UploadStatus>>({});
  const [dragging, setDragging] = useState(false);
  const statusOf = (key: string) => statuses[key] ?? waiting;
  const setStatus = (key: string, status: UploadStatus) => setStatuses((current) => ({ ...current, [key]: status }));

  const form = useSchemaForm(uploadsSchema, { uploads: [] }, async ({ uploads }) => {
    const pending = uploads.filter((item) => ['waiting', 'failed'].includes(statusOf(item.key).state));
    await Promise.all(
      pending.map(async (item) => {
        setStatus(item.key, { state: 'uploading', progress: 0 });
        try {
          await uploadPhoto({ propertyId, file: item.file, photoType: item.photoType, caption: item.caption ?? '' }, (progress) =>
            setStatus(item.key, { state: 'uploading', progress }),
          );
          setStatus(item.key, { state: 'done', progress: 1 });
        } catch (error) {
          setStatus(item.key, { state: 'failed', progress: 0, error: readableError(error as Error) });
        }
      }),
    );
    await refreshPhotos();
  });
  const queue = useFieldArray({ control: form.control, name: 'uploads' });
  const busy = queue.fields.some((item) => statusOf(item.key).state === 'uploading');

  const add = (files: FileList | null) => {
    if (!files) return;
    // Uploaded files leave the queue when new ones join it.
    queue.remove(queue.fields.flatMap((item, index) => (statusOf(item.key).state === 'done' ? [index] : [])));
    queue.append([...files].map((file) => ({ key: `${inputId}-file-${(nextKey += 1)}`, file, photoType: 'before' as const, caption: '' })));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Photos</h4>
      {mayUpload ? (
        <form onSubmit={form.submit} noValidate>
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
              onChange={(event) => add(event.target.files)}
              aria-label={`Choose photos for ${propertyName}`}
            />
          </div>

          {queue.fields.length ? (
            <ul className="mt-3 grid gap-3">
              {queue.fields.map((item, index) => {
                const status = statusOf(item.key);
                const locked = status.state === 'uploading' || status.state === 'done';
                const fieldError = form.formState.errors.uploads?.[index]?.caption?.message;
                return (
                  <li
                    key={item.id}
                    className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                    data-upload-state={status.state}
                  >
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-white">{item.file.name}</span>
                      <label className="sr-only" htmlFor={`${item.key}-type`}>
                        Photo type for {item.file.name}
                      </label>
                      <select
                        id={`${item.key}-type`}
                        {...form.register(`uploads.${index}.photoType`)}
                        disabled={locked}
                        className={`${inputClass} w-auto capitalize`}
                      >
                        {PHOTO_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {type}
                          </option>
                        ))}
                      </select>
                      <label className="sr-only" htmlFor={`${item.key}-caption`}>
                        Caption for {item.file.name}
                      </label>
                      <input
                        id={`${item.key}-caption`}
                        {...form.register(`uploads.${index}.caption`)}
                        maxLength={500}
                        disabled={locked}
                        aria-invalid={!!fieldError}
                        placeholder="Caption"
                        className={`${inputClass} w-full sm:w-56`}
                      />
                    </div>
                    {fieldError ? <p className="mt-1 font-medium text-red-700 dark:text-red-400">{fieldError}</p> : null}
                    <progress
                      value={status.progress}
                      max={1}
                      aria-label={`Upload of ${item.file.name}`}
                      className="mt-2 h-2 w-full accent-brand-700"
                    />
                    {status.state === 'done' ? <p className="mt-1 text-emerald-700 dark:text-emerald-400">Uploaded</p> : null}
                    {status.state === 'failed' ? (
                      <p role="alert" className="mt-1 font-medium text-red-700 dark:text-red-400">
                        {status.error}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {queue.fields.some((item) => ['waiting', 'failed'].includes(statusOf(item.key).state)) ? (
            <button type="submit" disabled={busy} className={buttonClass({ size: 'sm', className: 'mt-3' })}>
              {busy ? 'Uploading...' : 'Upload photos'}
            </button>
          ) : null}
        </form>
      ) : null}

      {photos.data?.length ? (
        <ul aria-label={`Photos of ${propertyName}`} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.data.map((photo) => (
            <li key={photo.id} className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
              <img
                src={photo.imageUrl}
                srcSet={photo.srcSet}
                sizes="200px"
                alt={photo.caption || `${photo.photoType} photo`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex items-center justify-between gap-2 p-2 text-xs">
                <span className="truncate text-slate-700 dark:text-slate-300">
                  <span className="capitalize">{photo.photoType}</span>
                  {photo.caption ? ` · ${photo.caption}` : ''}
                </span>
                {mayDelete ? (
                  <button
                    type="button"
                    onClick={() =>
                      window.confirm('Delete this photo? The customer will no longer see it.') &&
                      remove.mutate({ photoId: photo.id, propertyId })
                    }
                    aria-label={`Delete photo ${photo.caption || photo.photoType}`}
                    className="rounded p-1 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : photos.data ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No photos yet.</p>
      ) : null}
      {remove.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {readableError(remove.error)}
        </p>
      ) : null}
    </div>
  );
}
