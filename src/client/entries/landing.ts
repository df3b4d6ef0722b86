import '../styles.css';

/**
 * The landing page's entry. The prerendered page paints with CSS alone; the islands'
 * code (React and the interactive parts) is fetched right after that first paint, so
 * on a slow phone connection it never competes with the stylesheet for bandwidth.
 */
requestAnimationFrame(() => setTimeout(() => void import('./landing-islands'), 0));
