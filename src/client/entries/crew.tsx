import { mountEntry } from '../app/router';
import { crewEntry } from '../app/screens/crew';
import '../styles.css';

mountEntry(crewEntry);

// The page's own files are kept on the phone (public/crew-sw.js), so /crew opens without signal.
// After the page's load: a page the server rendered starts this script only after that (decision 010).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/crew-sw.js', { scope: '/crew' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
