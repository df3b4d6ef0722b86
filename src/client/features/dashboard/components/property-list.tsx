import { Building2, Images, MapPin } from 'lucide-react';
import type { Property } from '../../../../shared/api/properties';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * Property cards (SPEC §2). Clicking a card or its View Photos button selects it.
 * The button is the keyboard path; the card's click is a larger target for a mouse.
 */
export function PropertyList({
  properties,
  selectedId,
  onSelect,
}: {
  properties: Property[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {properties.map((property) => {
        const selected = property.id === selectedId;
        return (
          <li key={property.id}>
            <div
              onClick={() => onSelect(property.id)}
              // A tap on the card before React takes over the server's page is kept and given again (early-input-script).
              data-tap
              data-selected={selected}
              className={cn(
                'flex h-full cursor-pointer flex-col rounded-2xl border bg-white p-5 transition-shadow hover:shadow-md dark:bg-slate-900',
                selected
                  ? 'border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                  : 'border-slate-200 dark:border-slate-800',
              )}
            >
              <div className="flex items-start justify-between gap-3">
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{property.name}</h3>
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                  <Building2 className="size-3.5" aria-hidden="true" />
                  {property.propertyType}
                </span>
              </div>
              <p className="mt-3 flex gap-2 text-sm text-slate-600 dark:text-slate-400">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  {property.address}
                  <br />
                  {property.city}, {property.state} {property.zipCode}
                </span>
              </p>
              <div className="mt-auto pt-5">
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(property.id);
                  }}
                  className={buttonClass({ variant: selected ? 'primary' : 'secondary', size: 'sm' })}
                >
                  <Images className="size-4" aria-hidden="true" />
                  View Photos
                  <span className="sr-only"> of {property.name}</span>
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
