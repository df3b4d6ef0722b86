import { mountEntry } from '../app/router';
import { consoleEntry } from '../app/screens/console';
import '../styles.css';

mountEntry(consoleEntry);
