import { EstimatePage } from '../../features/estimate-page/components/estimate-page';
import type { EntryScreens } from '../router';

/**
 * A prospect's estimate (estimate.html), opened from the link in its e-mail with no account. The
 * entry holds its one screen, so the page loads no other screen's code and no lazy chunk.
 */
export const estimateEntry: EntryScreens<'estimate'> = {
  screens: { '/estimates/:token': EstimatePage },
  home: { href: '/', label: 'the home page' },
};
