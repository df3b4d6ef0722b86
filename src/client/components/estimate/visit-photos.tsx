import type { PublicEstimate } from '../../../shared/api/estimates';
import { photoSources } from '../../../shared/photo-sources';
import { visitPhotoAlt, visitPhotoPlace } from '../../../shared/visit-photo-text';
import { Card } from '../ui/card';

type Photo = PublicEstimate['photos'][number];

/** The photo at its largest stored width: what a thumbnail opens. */
const fullSize = (base: string, photo: Photo) => `${base}/${photo.variantWidths.at(-1)}.webp`;

/**
 * The photos from the free property visit (issue 24), between the properties and the terms, on the
 * prospect's page and in the portal alike: thumbnails in a grid (two across on a phone, three from
 * 640 px), each a link to the photo at full size. Below the fold, so they load when scrolled to and
 * never compete with the page's first paint; their width and height reserve their room, so nothing moves
 * when they arrive. `photoBase` is where the page's way in serves them (the link's own route, or the portal's).
 */
export function VisitPhotos({ photos, photoBase }: Pick<PublicEstimate, 'photos' | 'photoBase'>) {
  if (photos.length === 0) return null;
  return (
    <Card aria-labelledby="visit-photos" padding="p-5 sm:p-6">
      <h2 id="visit-photos" className="text-lg font-bold text-slate-900 dark:text-white">
        Photos from the property visit
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        What our crew saw when they walked your property. Select a photo to see it full size.
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {photos.map((photo, index) => {
          const base = `${photoBase}/${photo.id}`;
          const { src, srcSet } = photoSources(base, photo.variantWidths);
          return (
            <li key={photo.id}>
              <figure>
                <a
                  href={fullSize(base, photo)}
                  target="_blank"
                  rel="noopener"
                  className="block overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800"
                >
                  <img
                    src={src}
                    srcSet={srcSet}
                    sizes="(min-width: 1024px) 15rem, (min-width: 640px) 30vw, 45vw"
                    width={photo.width}
                    height={photo.height}
                    alt={visitPhotoAlt(photo, index)}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] h-auto w-full object-cover transition-transform duration-200 hover:scale-[1.02] motion-reduce:transition-none"
                  />
                  <span className="sr-only"> (opens the full-size photo)</span>
                </a>
                <figcaption className="mt-1.5 text-xs leading-snug text-slate-600 dark:text-slate-400">
                  {photo.caption.trim() ? (
                    <span className="block font-medium text-slate-800 dark:text-slate-200">{photo.caption}</span>
                  ) : null}
                  <span className="block">{visitPhotoPlace(photo)}</span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
