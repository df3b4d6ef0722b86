import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { z } from 'zod/mini';
import { formatDay, takenOnField } from '../../../../shared/photo-dates';
import type { PropertyPhoto } from '../../../../shared/api/properties';
import { photoFieldsSchema, takenOnFieldSchema, type PhotoUpdate } from '../../../../shared/staff-schemas';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdatePhoto } from '../api/update-photo';
import { CaptionField, PHOTO_TYPE_LABELS, PhotoTypeChoice, TakenOnField } from './photo-fields';

/** The edit form's fields: the upload's, with "taken on" as a date field ('' for none). */
const photoEditSchema = z.object({
  photoType: photoFieldsSchema.shape.photoType,
  caption: photoFieldsSchema.shape.caption,
  takenAt: takenOnFieldSchema,
});
type PhotoType = z.infer<typeof photoEditSchema>['photoType'];

const badgeClass: Record<string, string> = {
  before: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  after: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  other: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** The date a person reads under a photo: when it was taken, else when it was uploaded. */
function photoDateLine(photo: Pick<PropertyPhoto, 'takenAt' | 'uploadDate'>) {
  return photo.takenAt ? (
    <>
      Taken <time dateTime={photo.takenAt}>{formatDay(photo.takenAt)}</time>
    </>
  ) : (
    <>
      Uploaded <time dateTime={photo.uploadDate}>{formatDay(photo.uploadDate)}</time>
    </>
  );
}

/** A stored photo in the console: its picture, type, caption and date, with Edit and Delete for those allowed. */
export function PhotoCard({
  photo,
  propertyId,
  mayUpdate,
  mayDelete,
  onDelete,
}: {
  photo: PropertyPhoto;
  propertyId: string;
  mayUpdate: boolean;
  mayDelete: boolean;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const name = photo.caption || `${PHOTO_TYPE_LABELS[photo.photoType as PhotoType] ?? 'Untitled'} photo`;

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = (wasSaved: boolean) => {
    returnFocus.current = true;
    setSaved(wasSaved);
    setEditing(false);
  };

  const picture = (
    <img
      src={photo.imageUrl}
      srcSet={photo.srcSet}
      sizes={editing ? '320px' : '240px'}
      alt={photo.caption || `${photo.photoType} photo`}
      width={photo.width}
      height={photo.height}
      loading="lazy"
      className="aspect-[4/3] w-full bg-slate-100 object-contain dark:bg-slate-800"
    />
  );

  if (editing)
    return (
      <li className="col-span-full rounded-xl border border-brand-600 bg-white p-4 dark:border-brand-400 dark:bg-slate-900">
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="overflow-hidden rounded-lg">{picture}</div>
          <div className="sm:col-span-2">
            <PhotoEditForm photo={photo} propertyId={propertyId} name={name} onClose={close} />
          </div>
        </div>
      </li>
    );

  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
      {picture}
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <span className={cn('rounded-full px-2.5 py-0.5 font-semibold', badgeClass[photo.photoType] ?? badgeClass.other)}>
            {PHOTO_TYPE_LABELS[photo.photoType as PhotoType] ?? photo.photoType}
          </span>
          <span>{photoDateLine(photo)}</span>
        </p>
        <p className="line-clamp-2 text-sm text-slate-800 dark:text-slate-200">
          {photo.caption || <span className="text-slate-600 dark:text-slate-400">No caption</span>}
        </p>
        <div className="mt-auto flex items-center justify-between gap-1">
          <span aria-live="polite" className="text-xs font-medium text-emerald-800 dark:text-emerald-300">
            {saved ? 'Saved' : ''}
          </span>
          <span className="flex items-center gap-1">
            {mayUpdate ? (
              <button
                ref={editButton}
                type="button"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
              >
                <Pencil className="size-4" aria-hidden="true" />
                Edit<span className="sr-only"> photo {name}</span>
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                onClick={onDelete}
                aria-label={`Delete photo ${photo.caption || photo.photoType}`}
                className="rounded-md p-2 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </span>
        </div>
      </div>
    </li>
  );
}

/** Changes a stored photo's type, caption and "taken on" date; Escape or Cancel leaves it as it was. */
function PhotoEditForm({
  photo,
  propertyId,
  name,
  onClose,
}: {
  photo: PropertyPhoto;
  propertyId: string;
  name: string;
  onClose: (saved: boolean) => void;
}) {
  const update = useUpdatePhoto();
  const container = useRef<HTMLFormElement>(null);
  const originalTakenOn = takenOnField(photo.takenAt);
  const form = useSchemaForm(
    photoEditSchema,
    { photoType: photo.photoType as PhotoType, caption: photo.caption, takenAt: originalTakenOn },
    async (values) => {
      const changes: PhotoUpdate = { photoType: values.photoType, caption: values.caption ?? '' };
      // An unchanged day is not sent, so the time the camera recorded stays.
      if (values.takenAt !== originalTakenOn) changes.takenAt = values.takenAt || null;
      await update.mutateAsync({ photoId: photo.id, propertyId, changes });
      onClose(true);
    },
  );
  const errors = form.formState.errors;
  const id = `photo-${photo.id}`;

  useEffect(() => {
    container.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked, input[type="radio"]')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(false);
    }
  };

  return (
    <form ref={container} onSubmit={form.submit} onKeyDown={onKeyDown} noValidate aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h5 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-white">
        Edit photo details<span className="sr-only">: {name}</span>
      </h5>
      <PhotoTypeChoice
        id={`${id}-type`}
        subject={name}
        registration={form.register('photoType')}
        chosen
        error={errors.photoType?.message}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <CaptionField id={`${id}-caption`} subject={name} registration={form.register('caption')} error={errors.caption?.message} />
        <TakenOnField id={`${id}-taken`} subject={name} registration={form.register('takenAt')} error={errors.takenAt?.message} />
      </div>
      <FormError>{form.serverError}</FormError>
      <div className="flex gap-2">
        <button type="submit" disabled={form.formState.isSubmitting} className={buttonClass({ size: 'sm' })}>
          {form.formState.isSubmitting ? 'Saving...' : 'Save photo'}
        </button>
        <button type="button" onClick={() => onClose(false)} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
