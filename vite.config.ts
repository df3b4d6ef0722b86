import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type * as Prerender from './src/client/prerender';
import { ENTRIES, entryForPath, shellFile } from './src/shared/routes.ts';

type PrerenderModule = typeof Prerender;

/**
 * In development the landing page is rendered on each request with the same
 * prerender code the build uses, and other page paths get their audience's shell.
 */
function devPages(): Plugin {
  return {
    name: 'dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        const isPage = req.headers.accept?.includes('text/html') && !url.startsWith('/api/') && !/\.[a-z0-9]+($|\?)/i.test(url);
        if (isPage && url !== '/' && !url.startsWith('/?')) req.url = `/${shellFile(entryForPath(url.split('?')[0]!))}`;
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        if (!context.server) return html;
        const prerender = (await context.server.ssrLoadModule('/src/client/prerender.tsx')) as PrerenderModule;
        const appUrl = process.env.APP_URL ?? `http://localhost:${context.server.config.server.port}`;
        return context.path.endsWith('/index.html') || context.path === '/'
          ? prerender.renderLandingHtml(html, appUrl)
          : prerender.renderAppShellHtml(html);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), devPages()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      'use-sync-external-store/shim/index.js': path.resolve(import.meta.dirname, 'src/client/lib/use-sync-external-store.ts'),
    },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // No <link rel="modulepreload">: preloads are fetched at high priority and compete with
    // the stylesheet for a phone's bandwidth, delaying the first paint of the prerendered text.
    // The islands' code is not needed for that paint.
    modulePreload: false,
    rollupOptions: {
      // The landing page, and one shell per audience (portal, console, crew), each with only its own code.
      // `boot` starts a signed-in screen the server rendered, once it is painted (decision 010).
      input: {
        index: 'index.html',
        ...Object.fromEntries(ENTRIES.map((entry) => [entry, shellFile(entry)])),
        boot: 'src/client/entries/boot.ts',
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      '/healthz': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
      '/readyz': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
