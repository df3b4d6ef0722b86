import { ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { VisitDetail } from '../../../../shared/api/schedule';
import type { PropertyPhoto } from '../../../../shared/api/properties';
import { buttonClass } from '../../../components/ui/button';
import { readableError } from '../../../lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { scheduleKeys } from '../../../api/schedule-keys';
import { useDeleteVisitPhoto } from '../api/delete-visit-photo';
import { uploadVisitPhoto } from '../api/upload-visit-photo';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

const GROUPS = [
  { key: 'before', title: 'Before' },
  { key: 'after', title: 'After' },
  { key: 'issues', title: 'Site issues and other' },
] as const;

function PhotoTile({ photo, visitId, mayDelete }: { photo: PropertyPhoto; visitId: string; mayDelete: boolean }) {
  const remove = useDeleteVisitPhoto();
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-950">
      <a href={photo.imageUrl} target="_blank" rel="noreferrer" className="block">
        <img
          src={photo.imageUrl}
          srcSet={photo.srcSet}
          sizes="12rem"
          alt={photo.caption || `${photo.photoType} photo`}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="aspect-[4/3] w-full object-cover"
        />
      </a>
      <div className="flex items-center justify-between gap-2 p-2">
        <span className="truncate text-xs text-slate-600 dark:text-slate-400">{photo.caption || 'No caption'}</span>
        {mayDelete ? (
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => window.confirm('Remove this photo from the visit?') && remove.mutate({ photoId: photo.id, visitId })}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove<span className="sr-only"> {photo.caption || 'this photo'}</span>
          </button>
        ) : null}
      </div>
      {remove.error ? (
        <p role="alert" className="px-2 pb-2 text-xs text-red-700 dark:text-red-400">
          {readableError(remove.error)}
        </p>
      ) : null}
    </li>
  );
}

function AddPhotos({ visitId }: { visitId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [photoType, setPhotoType] = useState<'before' | 'after' | 'other'>('after');
  const [state, setState] = useState<{ busy: boolean; message: string; error: string }>({ busy: false, message: '', error: '' });
  const send = async () => {
    const files = [...(input.current?.files ?? [])];
    if (!files.length) return setState({ busy: false, message: '', error: 'Choose one or more photos first.' });
    setState({ busy: true, message: `Uploading ${files.length === 1 ? '1 photo' : `${files.length} photos`}...`, error: '' });
    const failed: string[] = [];
    for (const file of files) {
      try {
        await uploadVisitPhoto({ visitId, file, photoType, caption: '' });
      } catch (error) {
        failed.push(`${file.name}: ${readableError(error as Error)}`);
      }
    }
    await queryClient.invalidateQueries({ queryKey: scheduleKeys.visit(visitId) });
    if (input.current) input.current.value = '';
    const sent = files.length - failed.length;
    setState({
      busy: false,
      message: sent ? `${sent === 1 ? '1 photo' : `${sent} photos`} added.` : '',
      error: failed.join(' '),
    });
  };
  return (
    <div className="mt-4 flex min-w-0 flex-wrap items-end gap-3 rounded-xl border border-dashed border-slate-300 p-4 dark:border-slate-700">
      <Field label="Photos to add" className="max-w-full min-w-0">
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept="image/*"
            multiple
            className="w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-900 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-100"
          />
        )}
      </Field>
      <Select label="They show" value={photoType} onChange={(event) => setPhotoType(event.target.value as typeof photoType)}>
        <option value="before">Before</option>
        <option value="after">After</option>
        <option value="other">Other</option>
      </Select>
      <button type="button" disabled={state.busy} onClick={send} className={buttonClass({ variant: 'secondary' })}>
        <ImagePlus className="size-4" aria-hidden="true" />
        Add photos
      </button>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {state.message}
      </p>
      {state.error ? (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

/** The visit's photos grouped before / after / issues, with add and remove for staff. */
export function VisitPhotos({
  visitId,
  photos,
  mayAdd,
  mayDelete,
}: {
  visitId: string;
  photos: VisitDetail['photos'];
  mayAdd: boolean;
  mayDelete: boolean;
}) {
  return (
    <div>
      <div className="grid gap-5">
        {GROUPS.map((group) => (
          <div key={group.key}>
            <h3 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
              {group.title} ({photos[group.key].length})
            </h3>
            {photos[group.key].length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">None.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {photos[group.key].map((photo) => (
                  <PhotoTile key={photo.id} photo={photo} visitId={visitId} mayDelete={mayDelete} />
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
      {mayAdd ? <AddPhotos visitId={visitId} /> : null}
    </div>
  );
}
