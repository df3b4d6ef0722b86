import { mountEntry } from '../app/router';
import { estimateEntry } from '../app/screens/estimate';
import '../styles.css';

mountEntry(estimateEntry);
