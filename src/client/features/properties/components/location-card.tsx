import { Crosshair, ExternalLink, MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { locationInputSchema, type PropertyDetail } from '../../../../shared/api/properties';
import { fieldErrors } from '../../../../shared/field-errors';
import { mapsLink } from '../../../../shared/geo';
import { useRoleMay } from '../../../api/get-auth-user';
import { buttonClass } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useConfirmLocation } from '../api/confirm-location';
import { useDismissLocation } from '../api/dismiss-location';
import { useSetLocation } from '../api/set-location';
import { formatPoint, LOCATION_SOURCE_LABELS } from './formats';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';
const linkClass = 'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300';

/** What the browser's location error means for the person holding the device. */
function geolocationMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return 'This browser was not allowed to read the location. Allow location for this site, or type the numbers.';
  if (error.code === error.TIMEOUT) return 'The device took too long to find its location. Step outside, wait a moment and try again.';
  return 'The device could not tell where it is. Try again, or type the numbers.';
}

/** The property's location: shown, typed, read from this device on the site, or confirmed from a crew check-in. */
export function LocationCard({ detail }: { detail: PropertyDetail }) {
  const propertyId = detail.property.id;
  const mayUpdate = useRoleMay('update', 'property');
  const save = useSetLocation();
  const confirm = useConfirmLocation();
  const dismiss = useDismissLocation();
  const [lat, setLat] = useState(detail.location ? String(detail.location.lat) : '');
  const [lng, setLng] = useState(detail.location ? String(detail.location.lng) : '');
  const [errors, setErrors] = useState<Partial<Record<'lat' | 'lng', string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  // A location set elsewhere (a confirmed proposal, another tab) shows in the fields.
  const locationKey = detail.location ? `${detail.location.lat},${detail.location.lng}` : '';
  const [shownKey, setShownKey] = useState(locationKey);
  if (shownKey !== locationKey) {
    setShownKey(locationKey);
    if (detail.location) {
      setLat(String(detail.location.lat));
      setLng(String(detail.location.lng));
    }
  }

  const send = async (input: { lat: number; lng: number; source: 'typed' | 'device' }) => {
    setSaved(null);
    setProblem(null);
    try {
      await save.mutateAsync({ ...input, propertyId });
      setLat(String(input.lat));
      setLng(String(input.lng));
      setSaved(input.source === 'device' ? 'Location saved from this device.' : 'Location saved.');
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) setErrors(error.data.errors);
      setProblem(failureMessage('save the location', error as Error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = locationInputSchema.safeParse({
      lat: lat.trim() === '' ? undefined : Number(lat),
      lng: lng.trim() === '' ? undefined : Number(lng),
      source: 'typed',
    });
    if (!parsed.success) {
      setErrors(fieldErrors<'lat' | 'lng'>(parsed.error.issues));
      return;
    }
    setErrors({});
    void send(parsed.data);
  };

  const useDevice = () => {
    setSaved(null);
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem('This browser cannot read a location. Type the numbers instead.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        void send({ lat: position.coords.latitude, lng: position.coords.longitude, source: 'device' });
      },
      (error) => {
        setLocating(false);
        setProblem(geolocationMessage(error));
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const proposal = detail.proposedLocation;
  return (
    <section aria-labelledby="location-title" className={card}>
      <h2 id="location-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <MapPin className="size-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
        Location
      </h2>
      {detail.location ? (
        <dl className="mt-3 text-sm">
          <dt className="sr-only">Coordinates</dt>
          <dd className="font-mono text-base text-slate-900 dark:text-white">{formatPoint(detail.location)}</dd>
          <dt className="sr-only">Source</dt>
          <dd className="mt-1 text-slate-600 dark:text-slate-400">
            {detail.location.source ? LOCATION_SOURCE_LABELS[detail.location.source] : 'Source not recorded'}
          </dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          No location yet. Until there is one, crew check-ins here cannot be verified on site.
        </p>
      )}
      <p className="mt-3">
        <a href={detail.mapsLink} target="_blank" rel="noopener noreferrer" className={linkClass}>
          Open in maps <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>

      {proposal ? (
        <div
          role="region"
          aria-labelledby="proposal-title"
          className="mt-5 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/50"
        >
          <h3 id="proposal-title" className="font-semibold text-amber-950 dark:text-amber-100">
            A crew check-in proposed a location
          </h3>
          <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">
            <span className="font-mono">{formatPoint(proposal)}</span>. Check it on the map, then confirm it if it is this lot.
          </p>
          <p className="mt-2">
            <a
              href={mapsLink(formatPoint(proposal), proposal)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-semibold text-amber-950 underline dark:text-amber-100"
            >
              See the proposed point <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </p>
          {mayUpdate ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate({ propertyId, lat: proposal.lat, lng: proposal.lng })}
                className={buttonClass({ size: 'sm' })}
              >
                Confirm this location
              </button>
              <button
                type="button"
                disabled={dismiss.isPending}
                onClick={() => dismiss.mutate(propertyId)}
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
              >
                Dismiss
              </button>
            </div>
          ) : null}
          <div className="mt-2">
            <FormError>{confirm.error ? failureMessage('confirm the location', confirm.error) : null}</FormError>
            <FormError>{dismiss.error ? failureMessage('dismiss the proposal', dismiss.error) : null}</FormError>
          </div>
        </div>
      ) : null}

      {mayUpdate ? (
        <form onSubmit={submit} noValidate className="mt-5 grid gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
            {detail.location ? 'Change the location' : 'Set the location'}
          </h3>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Latitude"
              inputMode="decimal"
              placeholder="43.03890"
              value={lat}
              onChange={(event) => setLat(event.target.value)}
              error={errors.lat}
            />
            <TextField
              label="Longitude"
              inputMode="decimal"
              placeholder="-87.90650"
              value={lng}
              onChange={(event) => setLng(event.target.value)}
              error={errors.lng}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={save.isPending} className={buttonClass({ size: 'sm' })}>
              Save location
            </button>
            <button
              type="button"
              disabled={save.isPending || locating}
              onClick={useDevice}
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <Crosshair className="size-4" aria-hidden="true" />
              {locating ? 'Finding this device…' : 'Use this device’s location'}
            </button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Standing on the lot? “Use this device’s location” reads your phone or laptop’s position. Coordinates are for staff and crews
            only; customers never see them.
          </p>
          {saved ? (
            <p role="status" className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
              {saved}
            </p>
          ) : null}
          <FormError>{problem}</FormError>
        </form>
      ) : null}
    </section>
  );
}
