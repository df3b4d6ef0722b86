import '../landing.css';

/**
 * The landing page's entry. The prerendered page paints with CSS alone; the islands'
 * code (React and the interactive parts) is fetched right after that first paint, so
 * on a slow phone connection it never competes with the stylesheet for bandwidth.
 *
 * A tap on one of the header's buttons (the menu, the theme) in the moment before its
 * island hydrates would otherwise be lost: it is kept, and given again once React owns
 * the header. React replays the events that arrive while it is hydrating by itself.
 */
const header = document.querySelector<HTMLElement>('[data-island="header"]');
let earlyTap: HTMLButtonElement | null = null;
const keepEarlyTap = (event: MouseEvent) => {
  const button = (event.target as Element | null)?.closest('button');
  if (button) earlyTap = earlyTap === button ? null : button;
};
header?.addEventListener('click', keepEarlyTap);

requestAnimationFrame(() =>
  setTimeout(
    () =>
      void import('./landing-islands').then(() => {
        header?.removeEventListener('click', keepEarlyTap);
        earlyTap?.click();
      }),
    0,
  ),
);
