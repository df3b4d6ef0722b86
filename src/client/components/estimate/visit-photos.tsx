import { Card } from '../ui/card';

/** A photo taken on the free property visit. */
export interface VisitPhoto {
  url: string;
  caption: string;
}

/**
 * The photos from the free property visit (issue 24). The estimate page's contract carries none
 * yet, so the page passes an empty list and this renders nothing; once `publicEstimateSchema`
 * has them, the page passes them here and they show between the properties and the terms.
 */
export function VisitPhotos({ photos }: { photos: readonly VisitPhoto[] }) {
  if (photos.length === 0) return null;
  return (
    <Card aria-labelledby="visit-photos" padding="p-5 sm:p-6">
      <h2 id="visit-photos" className="text-lg font-bold text-slate-900 dark:text-white">
        Photos from our visit
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.url}>
            <figure>
              <img src={photo.url} alt={photo.caption} loading="lazy" className="aspect-[4/3] w-full rounded-lg object-cover" />
              <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">{photo.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Card>
  );
}
