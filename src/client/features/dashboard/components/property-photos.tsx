import { useState } from 'react';
import type { Property, PropertyPhoto } from '../../../../shared/portal-types';
import { usePropertyPhotos } from '../../../api/get-property-photos';
import { formatUploadDate } from '../format-date';
import { PhotoDialog } from './photo-dialog';
import { PhotoTypeBadge } from './photo-type-badge';

const GRID_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';

function BeforeAfter({ photos, onOpen }: { photos: PropertyPhoto[]; onOpen: (photo: PropertyPhoto) => void }) {
  const before = photos.find((p) => p.photoType === 'before');
  const after = photos.find((p) => p.photoType === 'after');
  if (!before || !after) return null;
  return (
    <section
      aria-labelledby="before-after-title"
      className="mb-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="before-after-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Before and after
      </h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {[before, after].map((photo) => (
          <button
            key={photo.id}
            type="button"
            onClick={() => onOpen(photo)}
            className="group relative overflow-hidden rounded-xl text-left"
          >
            <img
              src={photo.imageUrl}
              srcSet={photo.srcSet}
              sizes="(min-width: 1280px) 600px, (min-width: 640px) 50vw, 100vw"
              alt={`${photo.photoType}: ${photo.caption || 'photo'}`}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className="aspect-[4/3] w-full bg-slate-100 object-cover transition-transform group-hover:scale-[1.02] dark:bg-slate-800"
            />
            <PhotoTypeBadge type={photo.photoType} className="absolute left-3 top-3 shadow" />
          </button>
        ))}
      </div>
    </section>
  );
}

/** The selected property's photos (SPEC §2): loading, error, empty, or the grid. */
export function PropertyPhotos({ property }: { property: Property }) {
  const photos = usePropertyPhotos(property.id);
  const [open, setOpen] = useState<PropertyPhoto | null>(null);

  let body;
  if (photos.isPending) body = <p className="text-slate-600 dark:text-slate-400">Loading property photos...</p>;
  else if (photos.isError)
    body = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        Error loading photos. Please try again later.
      </p>
    );
  else if (!photos.data || photos.data.length === 0)
    body = <p className="text-slate-600 dark:text-slate-400">No photos have been uploaded for this property yet.</p>;
  else
    body = (
      <>
        <BeforeAfter photos={photos.data} onOpen={setOpen} />
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {photos.data.map((photo) => (
            <li
              key={photo.id}
              className="overflow-hidden rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
            >
              <button
                type="button"
                onClick={() => setOpen(photo)}
                className="block w-full"
                aria-label={`Open ${photo.caption || 'photo'}, larger`}
              >
                <img
                  src={photo.imageUrl}
                  srcSet={photo.srcSet}
                  sizes={GRID_SIZES}
                  alt={photo.caption || `${photo.photoType} photo`}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
                />
              </button>
              <div className="flex items-start justify-between gap-3 p-4">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{photo.caption || 'Untitled photo'}</p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {photo.takenAt ? 'Taken' : 'Uploaded'}{' '}
                    <time dateTime={photo.takenAt ?? photo.uploadDate}>{formatUploadDate(photo.takenAt ?? photo.uploadDate)}</time>
                  </p>
                </div>
                <PhotoTypeBadge type={photo.photoType} />
              </div>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <section aria-labelledby="photos-title" className="mt-10">
      <h2 id="photos-title" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
        Photos of {property.name}
      </h2>
      {body}
      <PhotoDialog photo={open} onClose={() => setOpen(null)} />
    </section>
  );
}
