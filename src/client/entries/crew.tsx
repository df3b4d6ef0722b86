import { mountEntry } from '../app/router';
import CrewPage from '../features/crew/components/crew-page';
import '../styles.css';

/** The crew page (crew.html): one small screen, so it is not split further. */
mountEntry<'crew'>({ '/crew': CrewPage });
