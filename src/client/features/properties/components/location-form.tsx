import { Crosshair } from 'lucide-react';
import type { PropertyDetail } from '../../../../shared/api/properties';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { useLocationForm } from './use-location-form';

/** Staff set the location: typed, or read from this device while standing on the lot. */
export function LocationForm({ propertyId, location }: { propertyId: string; location: PropertyDetail['location'] }) {
  const { form, saved, problem, locating, saving, locateDevice } = useLocationForm(propertyId, location);
  const { errors } = form.formState;
  return (
    <form onSubmit={form.submit} noValidate className="mt-5 grid gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{location ? 'Change the location' : 'Set the location'}</h3>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Latitude" inputMode="decimal" placeholder="43.03890" {...form.register('lat')} error={errors.lat?.message} />
        <TextField label="Longitude" inputMode="decimal" placeholder="-87.90650" {...form.register('lng')} error={errors.lng?.message} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className={buttonClass({ size: 'sm' })}>
          Save location
        </button>
        <button
          type="button"
          disabled={saving || locating}
          onClick={locateDevice}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <Crosshair className="size-4" aria-hidden="true" />
          {locating ? 'Finding this device…' : 'Use this device’s location'}
        </button>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Standing on the lot? “Use this device’s location” reads your phone or laptop’s position. Coordinates are for staff and crews only;
        customers never see them.
      </p>
      {saved ? (
        <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
          {saved}
        </p>
      ) : null}
      <FormError>{problem}</FormError>
    </form>
  );
}
