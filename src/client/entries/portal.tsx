import { mountEntry } from '../app/router';
import { portalEntry } from '../app/screens/portal';
import '../styles.css';

mountEntry(portalEntry);
