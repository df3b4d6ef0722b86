import { mountEntry } from '../app/router';
import CrewPage from '../features/crew/components/crew-page';
import '../styles.css';

/** The crew page (crew.html): one small screen, so it is not split further. */
mountEntry<'crew'>({ '/crew': CrewPage });

// The page's own files are kept on the phone (public/crew-sw.js), so /crew opens without signal.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/crew-sw.js', { scope: '/crew' }).catch(() => undefined));
}
