import { lazy, type ComponentType } from 'react';
import { orNotLoaded } from '../components/not-loaded-notice';

/** A screen whose code loads when it is first shown, or earlier with `load()`. */
export type LazyScreen = ComponentType & { load(): Promise<unknown> };

/**
 * A screen loaded on demand, like React's `lazy`, that can also be loaded before the first render:
 * once its code is there, it renders at once, with no "Loading..." in between (decision 010). When
 * its code cannot load, it shows the not-loaded notice, never a white page (issue 22). In a module
 * of its own: only the portal and the console split their screens, so the crew page leaves it out.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const loadOnce = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(orNotLoaded(loadOnce));
  const Screen = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Screen, { load: loadOnce });
}
