import CrewRoutePage from '../../features/crew/components/crew-route-page';
import type { EntryScreens } from '../router';

/** The crew page (crew.html): one small screen, so it is not split further. */
export const crewEntry: EntryScreens<'crew'> = { screens: { '/crew': CrewRoutePage }, home: { href: '/crew', label: 'today’s route' } };
