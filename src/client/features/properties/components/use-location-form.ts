import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { locationInputSchema, type LocationInput, type PropertyDetail } from '../../../../shared/api/properties';
import { failureMessage } from '../../../lib/api-client';
import { showServerErrors, useSchemaForm } from '../../../lib/use-schema-form';
import { useSetLocation } from '../api/set-location';

/** The typed fields, as text. */
export interface LocationFormValues {
  lat: string;
  lng: string;
}

/** An empty field is no number (NaN), refused with the same "must be a number" as an unreadable one. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The typed fields, checked by the location's contract (an empty or unreadable field is "must be a number"). */
export const locationFormSchema = z.pipe(
  z.transform((values: LocationFormValues): LocationInput => ({
    lat: typedNumber(values.lat),
    lng: typedNumber(values.lng),
    source: 'typed',
  })),
  locationInputSchema,
);

const fieldsOf = (point: { lat: number; lng: number } | null): LocationFormValues =>
  point ? { lat: String(point.lat), lng: String(point.lng) } : { lat: '', lng: '' };

/** What the browser's location error means for the person holding the device. */
export function geolocationMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED)
    return 'This browser was not allowed to read the location. Allow location for this site, or type the numbers.';
  if (error.code === error.TIMEOUT) return 'The device took too long to find its location. Step outside, wait a moment and try again.';
  return 'The device could not tell where it is. Try again, or type the numbers.';
}

/**
 * The location form: typed coordinates, or this device's position, saved to the property. A saved
 * location, and one set elsewhere (a confirmed proposal, another tab), shows in the fields.
 */
export function useLocationForm(propertyId: string, location: PropertyDetail['location']) {
  const save = useSetLocation();
  const [saved, setSaved] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const form = useSchemaForm<LocationFormValues, LocationInput>(locationFormSchema, fieldsOf(location), send);

  async function send(input: LocationInput): Promise<void> {
    setSaved(null);
    setProblem(null);
    try {
      await save.mutateAsync({ ...input, propertyId });
      form.reset(fieldsOf(input));
      setSaved(input.source === 'device' ? 'Location saved from this device.' : 'Location saved.');
    } catch (error) {
      showServerErrors(form, error as Error);
      setProblem(failureMessage('save the location', error as Error));
    }
  }

  const { lat, lng } = location ?? {};
  const { reset } = form;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined) reset(fieldsOf({ lat, lng }));
  }, [lat, lng, reset]);

  const locateDevice = () => {
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

  return { form, saved, problem, locating, saving: save.isPending, locateDevice };
}
