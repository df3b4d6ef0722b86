import type { Estimate } from '../../../../shared/api/estimates';
import { visitPhotoAlt, visitPhotoPlace } from '../../../../shared/visit-photo-text';
import { Card } from '../../../components/ui/card';
import { VisitPhoto } from './visit-photo';

/** The photos from the free property visit that the estimate shows the prospect, in order. */
export function EstimatePhotosView({ estimate }: { estimate: Estimate }) {
  if (!estimate.photos.length) return null;
  return (
    <Card aria-labelledby="estimate-photos-title" padding="p-5">
      <h2 id="estimate-photos-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Photos from the property visit
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {estimate.photos.map((photo, index) => {
          return (
            <li key={photo.id}>
              <figure>
                <VisitPhoto
                  photo={photo}
                  index={index}
                  alt={visitPhotoAlt(photo, index)}
                  sizes="(min-width: 1024px) 14rem, 45vw"
                  className="rounded-lg"
                />
                <figcaption className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {photo.caption ? <span className="block">{photo.caption}</span> : null}
                  <span className="block text-xs text-slate-600 dark:text-slate-400">{visitPhotoPlace(photo)}</span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
