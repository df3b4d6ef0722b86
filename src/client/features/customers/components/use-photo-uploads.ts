import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { ApiError, readableError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { uploadPhoto, useRefreshPhotos } from '../api/upload-photo';
import { cameraTakenOn } from '../camera-date';
import {
  EDITABLE_FIELDS,
  isPending,
  SUCCESS_LINGER_MS,
  takenAtToSend,
  uploadsSchema,
  uploadSummary,
  waiting,
  type QueuedPhoto,
  type UploadStatus,
} from './photo-upload-queue';

/** Keys (and element ids) for queued files: never built from file names, which may hold spaces. */
let nextKey = 0;

/**
 * The upload queue: files added (their thumbnails and camera dates), each row's status, the
 * upload of every pending row (one request each) and the retry of one. Uploaded rows leave the
 * queue after a moment; failed ones stay with their reason.
 */
export function usePhotoUploads(propertyId: string, keyPrefix: string) {
  const refreshPhotos = useRefreshPhotos(propertyId);
  const [statuses, setStatuses] = useState<Record<string, UploadStatus>>({});
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
    setSummary(uploadSummary(uploaded, results.length - uploaded));
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

  function add(files: FileList | null) {
    if (!files?.length) return;
    setSummary('');
    const added = [...files].map((file) => {
      const key = `${keyPrefix}-file-${(nextKey += 1)}`;
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
  }

  const chooseTypeForAll = (type: QueuedPhoto['photoType']) =>
    form.getValues('uploads').forEach((item, index) => {
      if (isPending(statusOf(item.key))) form.setValue(`uploads.${index}.photoType`, type, { shouldValidate: form.formState.isSubmitted });
    });

  return {
    form,
    rows: queue.fields,
    statusOf,
    summary,
    add,
    dismiss,
    retry: (key: string) => void retry(key),
    chooseTypeForAll,
    /** Rows the Upload button sends. */
    open: queue.fields.filter((item) => isPending(statusOf(item.key))),
    busy: queue.fields.some((item) => statusOf(item.key).state === 'uploading'),
    rowsWithErrors: (form.formState.errors.uploads as unknown[] | undefined)?.filter(Boolean).length ?? 0,
  };
}
