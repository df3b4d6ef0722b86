/**
 * Moves focus to a heading (tabIndex -1) and brings it to the top of the screen. Just above the
 * heading: the portal's header does not stay on screen, so the landing page's 80 px scroll
 * padding is not wanted here.
 */
export function revealHeading(heading: HTMLElement) {
  heading.focus({ preventScroll: true });
  window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - 16 });
}
