import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../../../shared/company';
import type { Property, PropertyPhoto } from '../../../../shared/api/properties';
import { usePropertyPhotos } from '../../../api/get-property-photos';
import { cn } from '../../../lib/cn';
import { dashboardPaths } from '../dashboard-view';
import { revealHeading } from '../reveal-heading';
import { PhotoDialog } from './photo-dialog';
import { PhotoTypeBadge } from './photo-type-badge';
import { PropertyRequests, useRequestForms } from './property-requests';
import { PropertyTop } from './property-top';
import { PropertyMonthlyReport, PropertyVisits } from './property-visits';
import { instantDateText } from '../../../../shared/date-formats';
import { cardClass } from '../../../components/ui/card';

const GRID_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';

/**
 * A photo is never cropped. On a phone (one column) its box takes the photo's own shape,
 * from its width and height, up to most of the screen's height; in a grid of several
 * columns every box has one shape and the photo is fitted inside it, on a quiet backdrop.
 */
const photoBox = 'max-h-[75vh] w-full bg-slate-100 object-contain dark:bg-slate-800';

/** One box shape for both photos of a pair, so they line up: portrait if either is. Each is fitted inside, whole. */
function pairBoxClass(photos: PropertyPhoto[]): string {
  const narrowest = Math.min(...photos.map((p) => p.width / p.height));
  return narrowest < 1 ? 'sm:aspect-[3/4]' : 'sm:aspect-[4/3]';
}

/** Moves focus to a view's heading and brings it into view when the view changes (not on every render). */
function useFocusOnChange(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    // After the next paint: a page opened at this view (its data came with it, decision 010) would otherwise scroll before its
    // first paint, and Chrome then reports no Largest Contentful Paint at all.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => revealHeading(heading));
    });
    return () => cancelAnimationFrame(frame);
  }, [key]);
  return ref;
}

function BeforeAfter({ photos, onOpen }: { photos: PropertyPhoto[]; onOpen: (photo: PropertyPhoto) => void }) {
  const before = photos.find((p) => p.photoType === 'before');
  const after = photos.find((p) => p.photoType === 'after');
  if (!before || !after) return null;
  const box = pairBoxClass([before, after]);
  return (
    <section aria-labelledby="before-after-title" className={cardClass({ padding: 'p-4 sm:p-6', className: 'mb-8' })}>
      <h4 id="before-after-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Before and after
      </h4>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {[before, after].map((photo) => (
          <button
            key={photo.id}
            type="button"
            onClick={() => onOpen(photo)}
            aria-label={`Open the ${photo.photoType} photo, ${photo.caption || 'untitled'}, larger`}
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
              data-photo-image
              className={cn(photoBox, box, 'rounded-xl transition-transform group-hover:scale-[1.02]')}
            />
            <PhotoTypeBadge type={photo.photoType} className="absolute left-3 top-3 shadow" />
          </button>
        ))}
      </div>
    </section>
  );
}

/** The heading of the property's section: focused and brought into view when the property is opened. */
export function SectionHeading({ focusKey, children }: { focusKey: string; children: ReactNode }) {
  const ref = useFocusOnChange(focusKey);
  return (
    <h2 ref={ref} id="property-title" tabIndex={-1} className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
      {children}
    </h2>
  );
}

/**
 * The selected property's page: its photos first (SPEC §2: loading, error, empty, or the grid),
 * then its visits, requests and monthly report, with a menu of them and the two requests on top.
 */
export function CustomerPropertyPage({ property }: { property: Property }) {
  const photos = usePropertyPhotos(property.id);
  const requestForms = useRequestForms();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = (photo: PropertyPhoto) => setOpenIndex(photos.data?.findIndex((p) => p.id === photo.id) ?? null);

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
        <BeforeAfter photos={photos.data} onOpen={open} />
        <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {photos.data.map((photo) => (
            <li key={photo.id} className={cardClass({ padding: '', className: 'overflow-hidden' })}>
              <button
                type="button"
                onClick={() => open(photo)}
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
                  data-photo-image
                  className={cn(photoBox, 'sm:aspect-[4/3]')}
                />
              </button>
              <div className="flex items-start justify-between gap-3 p-4">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{photo.caption || 'Untitled photo'}</p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {photo.takenAt ? (
                      <>
                        Taken <time dateTime={photo.takenAt}>{instantDateText(photo.takenAt)}</time>
                        {' · '}
                      </>
                    ) : null}
                    Uploaded <time dateTime={photo.uploadDate}>{instantDateText(photo.uploadDate)}</time>
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
    <section aria-labelledby="property-title" className="mt-10">
      <SectionHeading focusKey={property.id}>{property.name}</SectionHeading>
      <p className="-mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">
        {property.address}, {property.city}, {property.state} {property.zipCode}
      </p>
      <PropertyTop onAsk={requestForms.ask} />
      <section aria-labelledby="photos-title" className="mb-10">
        <h3 id="photos-title" tabIndex={-1} className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">
          Photos
        </h3>
        {body}
      </section>
      <PropertyVisits property={property} />
      <PropertyRequests property={property} forms={requestForms} />
      <PropertyMonthlyReport property={property} />
      <PhotoDialog photos={photos.data ?? []} index={openIndex} onIndexChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
    </section>
  );
}

/** A property path whose id is not one of the customer's properties (unknown, removed, or another customer's). */
export function PropertyNotFound() {
  return (
    <section aria-labelledby="property-title" className="mt-10 rounded-2xl border border-dashed border-slate-300 p-8 dark:border-slate-700">
      <SectionHeading focusKey="not-found">We could not find that property</SectionHeading>
      <p className="text-slate-600 dark:text-slate-400">
        It is not on your account. The link may be mistyped, or the property may have been removed. Choose one of your properties above, or
        write to{' '}
        <a className="font-semibold text-brand-700 hover:underline dark:text-brand-300" href={`mailto:${company.supportEmail}`}>
          {company.supportEmail}
        </a>{' '}
        if one is missing.
      </p>
      <p className="mt-4">
        <Link href={dashboardPaths.home} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          Show all my properties
        </Link>
      </p>
    </section>
  );
}
