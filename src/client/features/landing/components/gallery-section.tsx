import { MapPin } from 'lucide-react';
import { galleryProjects } from '../../../content/gallery';
import { GalleryImage } from './gallery-image';
import { cardClass } from '../../../components/ui/card';

/** The gallery's project grid: an island, so a broken image can fall back after load. */
export function GalleryGrid() {
  return (
    <ul className="mt-14 grid gap-8 md:grid-cols-2">
      {galleryProjects.map((project) => (
        <li key={project.id} className={cardClass({ padding: '', className: 'overflow-hidden shadow-sm' })}>
          <div className="grid grid-cols-2 gap-px bg-slate-200 dark:bg-slate-800">
            {(['before', 'after'] as const).map((kind) => (
              <figure key={kind} className="relative bg-white dark:bg-slate-900">
                <GalleryImage src={kind === 'before' ? project.beforeImage : project.afterImage} alt={`${project.title}, ${kind}`} />
                <figcaption
                  className={
                    kind === 'before'
                      ? 'absolute left-2 top-2 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900'
                      : 'absolute left-2 top-2 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900'
                  }
                >
                  {kind === 'before' ? 'Before' : 'After'}
                </figcaption>
              </figure>
            ))}
          </div>
          <div className="p-6">
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{project.title}</h3>
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
              <MapPin className="size-4" aria-hidden="true" />
              {project.location}, WI
            </p>
            <p className="mt-3 text-sm leading-6 text-slate-600 dark:text-slate-400">{project.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
