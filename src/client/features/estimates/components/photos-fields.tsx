import type { AssessmentPhoto } from '../../../../shared/api/assessments';
import { ESTIMATE_LIMITS } from '../../../../shared/api/estimate-responses';
import { Card } from '../../../components/ui/card';
import { VisitPhoto } from './visit-photo';
import { checkClass } from '../../../components/ui/choice-styles';
import { Fieldset } from '../../../components/ui/fieldset';
import { sectionTitle, type EstimateFormApi } from './form-api';

/**
 * "Photos from the property visit": what the crew photographed on the free visit, each ticked on
 * to show it on the estimate's page and PDF (all are, to begin with). Shown only when there are some.
 */
export function PhotosFields({ form, photos }: { form: EstimateFormApi; photos: readonly AssessmentPhoto[] }) {
  if (!photos.length) return null;
  const error = form.formState.errors.photoIds;
  return (
    <Card aria-labelledby="photos-title" padding="p-4 sm:p-6" className="grid gap-4">
      <h2 id="photos-title" className={sectionTitle}>
        Photos from the property visit
      </h2>
      <Fieldset
        legend="Show on the estimate"
        hint={`The prospect sees the ones ticked, at most ${ESTIMATE_LIMITS.photos}.`}
        error={error?.message ?? error?.root?.message}
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
          {photos.map((photo, index) => {
            return (
              <li key={photo.id}>
                <label className="group block cursor-pointer overflow-hidden rounded-lg border border-slate-200 has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/40 dark:border-slate-700">
                  <VisitPhoto photo={photo} index={index} sizes="(min-width: 1280px) 12rem, (min-width: 640px) 30vw, 45vw" />
                  <span className="flex items-center gap-2 px-2 py-1.5 text-sm text-slate-800 dark:text-slate-200">
                    <input type="checkbox" value={photo.id} {...form.register('photoIds')} className={checkClass} />
                    <span className="truncate">{photo.caption || `Photo ${index + 1}`}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </Fieldset>
    </Card>
  );
}
