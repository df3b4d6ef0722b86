/**
 * wouter imports `use-sync-external-store/shim` for React 17 and older; React 19 has the hook
 * itself, so vite.config.ts points that import here and the shim's code (0.4 KB gzip) stays out of
 * every bundle, the crew page's within its 105 KB budget among them.
 */
export { useSyncExternalStore } from 'react';
