import { AlertTriangle, CalendarCheck, CalendarPlus, FileText, Images, MessageSquare, type LucideIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { revealHeading } from '../reveal-heading';
import type { RequestForm } from './property-requests';

/** The property page's sections, in the page's order: each heading's id, and the menu's word for it. */
export const PROPERTY_SECTIONS: ReadonlyArray<{ headingId: string; label: string; icon: LucideIcon }> = [
  { headingId: 'photos-title', label: 'Photos', icon: Images },
  { headingId: 'visits-title', label: 'Visits', icon: CalendarCheck },
  { headingId: 'requests-title', label: 'Requests', icon: MessageSquare },
  { headingId: 'report-title', label: 'Monthly report', icon: FileText },
];

/** In-page links work without scripts too; with them, the section's heading also takes the focus. */
function goToSection(event: MouseEvent<HTMLAnchorElement>, headingId: string) {
  const heading = document.getElementById(headingId);
  if (!heading) return;
  event.preventDefault();
  revealHeading(heading);
}

/**
 * The top of a property's page, on the first screen of a phone: a menu of its sections (each one
 * tap away) and the two things a customer asks of us, which open their form in the Requests section.
 */
export function PropertyTop({ onAsk }: { onAsk: (form: RequestForm) => void }) {
  return (
    <div className="mb-8 grid gap-4">
      <nav aria-label="On this page">
        <ul className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          {PROPERTY_SECTIONS.map(({ headingId, label, icon: Icon }) => (
            <li key={headingId}>
              <a
                href={`#${headingId}`}
                onClick={(event) => goToSection(event, headingId)}
                className="flex min-h-11 items-center gap-1.5 whitespace-nowrap rounded-lg border border-slate-200 bg-white px-2.5 text-sm font-semibold text-brand-800 hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:text-brand-200 dark:hover:border-brand-700 dark:hover:bg-slate-800"
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div role="group" aria-labelledby="property-asks-title">
        <p id="property-asks-title" className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          Need something at this property?
        </p>
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          <button
            type="button"
            onClick={() => onAsk('cleanup')}
            className={buttonClass({ variant: 'secondary', className: 'w-full sm:w-auto' })}
          >
            <CalendarPlus className="size-4" aria-hidden="true" />
            Request an extra cleanup
          </button>
          <button
            type="button"
            onClick={() => onAsk('problem')}
            className={buttonClass({ variant: 'secondary', className: 'w-full sm:w-auto' })}
          >
            <AlertTriangle className="size-4" aria-hidden="true" />
            Report a problem
          </button>
        </div>
      </div>
    </div>
  );
}
