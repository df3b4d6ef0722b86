import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EARLY_INPUT_SCRIPT } from '../shared/early-input-script';
import { FIRST_SCREEN_ELEMENT_ID } from '../shared/first-screen';
import { acceptedEncodings, type Headers, type InMemoryPage } from './in-memory-page';

/**
 * A signed-in screen's page (decision 010): its audience's shell with the screen's first data in a
 * JSON data block, and `<link rel="modulepreload">` for every script the screen needs, so the
 * browser fetches them all at once instead of discovering them one import at a time. The page is
 * the user's own: never stored by any cache, shared or not, and never the same for another cookie.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Where the build keeps Vite's manifest of the client (scripts/build.ts): beside the client's
 * folder, never in it, since everything in that folder is served (dist/client-manifest.json).
 */
export const clientManifestFile = (clientDir: string) => path.join(path.dirname(clientDir), 'client-manifest.json');

/** Vite's manifest of the client build; empty without one. */
export function readManifest(clientDir: string): Record<string, ManifestChunk> {
  const file = clientManifestFile(clientDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * The scripts to preload for a page: the entry's static imports, the screen's module and its
 * static imports, each once, as `/assets/…` paths, each after the scripts it imports (so the boot
 * script can run them one at a time, decision 010). The entry's own file is left out: the
 * shell's `<script>` names it.
 */
export function modulePreloads(manifest: Record<string, ManifestChunk>, entryKey: string, screenKey: string | undefined): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    files.add(`/${chunk.file}`);
  };
  visit(entryKey);
  if (screenKey) visit(screenKey);
  const entryFile = manifest[entryKey] ? `/${manifest[entryKey].file}` : null;
  return [...files].filter((file) => file !== entryFile);
}

/**
 * JSON text made safe inside `<script type="application/json">`: `<` is written `\u003c`, so no
 * `</script>` or `<!--` in a user's text can end the block or start markup; `>`, `&` and the two
 * line separators too, for good measure. These characters only occur inside JSON strings, where
 * the escape means the same character, so JSON.parse reads the text back unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What goes into a signed-in screen's page besides the shell. */
export interface FirstScreenParts {
  /** The scripts the screen needs, besides the entry's own file. */
  preloads: readonly string[];
  /** The API's answers, as JSON text. */
  answersJson: string;
  /** The screen as the server rendered it, #root's content; null when it was not rendered. */
  markup: string | null;
  /** The boot script's file (`/assets/boot-….js`), which starts a rendered screen after its first paint. */
  boot: string | null;
}

/**
 * The shell with the screen's data block after the root element, and either:
 * - the server's render of the screen inside the root element, and the entry's script tag
 *   replaced by the script that keeps early taps and the boot script, which names the entry
 *   and the scripts to preload once the screen is painted; or, when there is no render,
 * - `<link rel="modulepreload">` for every script at the end of `<head>`, so the client renders
 *   the screen as soon as they are all there.
 */
export function firstScreenHtml(shell: string, { preloads, answersJson, markup, boot }: FirstScreenParts): string {
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(answersJson)}</script>`;
  const entryScript = /<script type="module"([^>]*) src="([^"]+)"><\/script>/.exec(shell);
  const root = /<div id="root"[^>]*><\/div>/.exec(shell);
  if (markup !== null && boot && entryScript && root) {
    const bootScript =
      `<script>${EARLY_INPUT_SCRIPT}</script>` +
      `<script type="module"${entryScript[1]} src="${boot}" data-entry="${entryScript[2]}" data-preload="${preloads.join(' ')}"></script>`;
    // Replaced by functions: a `$&` or `$'` in a user's text is text, not a replacement pattern.
    return shell
      .replace(entryScript[0], () => bootScript)
      .replace(root[0], () => `${root[0].slice(0, -'</div>'.length)}${markup}</div>${data}`);
  }
  const links = preloads.map((href) => `<link rel="modulepreload" href="${href}" />`).join('');
  const withLinks = shell.includes('</head>') ? shell.replace('</head>', () => `${links}</head>`) : links + shell;
  return root ? withLinks.replace(root[0], () => `${root[0]}${data}`) : withLinks + data;
}

/** Headers of a user's own page: the shell's security headers, never cached, varying with the cookie. */
export function personalHeaders(shell: InMemoryPage): Headers {
  const perFile = new Set(['etag', 'last-modified', 'content-length', 'content-encoding']);
  const shared = Object.entries(shell.representations.identity.headers).filter(([name]) => !perFile.has(name));
  return { ...Object.fromEntries(shared), 'cache-control': 'private, no-store', vary: 'Cookie, Accept-Encoding' };
}

/** The page's bytes in the best coding the client accepts (quick settings: it is made for one answer). */
export function encodePersonalPage(html: string, acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const body = Buffer.from(html);
  const encoding = acceptedEncodings(acceptEncoding)[0];
  if (encoding === 'br')
    return {
      body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      encoding,
    };
  if (encoding === 'gzip') return { body: gzipSync(body, { level: 6 }), encoding };
  return { body };
}
