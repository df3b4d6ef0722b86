import { type ComponentType, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Islands: server-rendered roots marked `data-island="name"` (see app/island.server.tsx).
 * Each is hydrated on its own, with the identifierPrefix its server render used.
 */
function findIsland(name: string) {
  return document.querySelector<HTMLElement>(`[data-island="${name}"]`);
}

/**
 * Hydrates an island and resolves once React has committed it, so its event handlers
 * are live. Only then is it marked `data-hydrated`. (A wrapper with a single child
 * leaves useId's tree path, and so the server's ids, unchanged.)
 */
function hydrateInto(element: HTMLElement, name: string, Component: ComponentType) {
  return new Promise<void>((resolve) => {
    function Hydrated() {
      useEffect(() => {
        element.dataset.hydrated = 'true';
        resolve();
      }, []);
      return <Component />;
    }
    hydrateRoot(element, <Hydrated />, { identifierPrefix: `${name}-` });
  });
}

export function hydrateIsland(name: string, Component: ComponentType) {
  const element = findIsland(name);
  if (element) hydrateInto(element, name, Component);
}

interface LazyIslandOptions {
  /** Load when the island comes within this margin of the viewport (e.g. "800px 0px"). */
  visibleMargin?: string;
  /** Load when the browser is idle after the page has loaded. */
  idle?: boolean;
}

/**
 * Hydrates an island whose code is loaded later: when it nears the viewport, when
 * the browser is idle, or as soon as someone interacts with it, whichever is first.
 * A form submitted before hydration is held and submitted again once React owns it,
 * so it never falls back to a native GET.
 */
export function hydrateIslandLazily(name: string, load: () => Promise<ComponentType>, options: LazyIslandOptions) {
  const element = findIsland(name);
  if (!element) return;
  let loading: Promise<void> | undefined;
  let observer: IntersectionObserver | undefined;
  const start = () =>
    (loading ??= load().then((Component) => {
      observer?.disconnect();
      return hydrateInto(element, name, Component);
    }));

  if (options.visibleMargin) {
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void start(), {
      rootMargin: options.visibleMargin,
    });
    observer.observe(element);
  }
  if (options.idle) {
    const whenIdle = () =>
      'requestIdleCallback' in window ? requestIdleCallback(() => void start(), { timeout: 3000 }) : setTimeout(() => void start(), 500);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    element.addEventListener(type, () => void start(), { once: true, passive: true });
  }
  element.addEventListener(
    'submit',
    (event) => {
      if (element.dataset.hydrated) return;
      event.preventDefault();
      // Until React's own handler is live, every submit stays here: the form never
      // falls back to a native GET that would put the visitor's details in the URL.
      void start().then(() => element.querySelector('form')?.requestSubmit());
    },
    { capture: true },
  );
}
