import { renderToString } from 'react-dom/server';
import { company } from '../shared/company';
import { ENTRY_FAILED_SCRIPT } from '../shared/entry-failed-script';
import { THEME_SCRIPT } from '../shared/theme-script';
import { LandingPage } from './app/landing-page.server';
import { PRIVACY_POLICY_UPDATED, PrivacyPage } from './app/privacy-page.server';
import { landingHead, ogImageSvg, privacyHead, robotsTxt, sitemapXml } from './app/seo.server';

/** The theme script, byte for byte as the CSP hash expects it. */
export const themeScriptTag = `<script>${THEME_SCRIPT}</script>`;

/** Fills the HTML template's placeholders with the head tags and the rendered landing page. */
export function renderLandingHtml(template: string, appUrl: string): string {
  return template
    .replace('<!--theme-script-->', themeScriptTag)
    .replace('<!--app-head-->', landingHead(appUrl))
    .replace('<!--app-body-->', renderToString(<LandingPage />));
}

/**
 * The privacy policy, from the built landing template: the same stylesheet and theme
 * script, and none of the landing page's scripts (the page needs none).
 */
export function renderPrivacyHtml(template: string, appUrl: string): string {
  return template
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<!--theme-script-->', themeScriptTag)
    .replace('<!--app-head-->', privacyHead(appUrl))
    .replace('<!--app-body-->', renderToString(<PrivacyPage />));
}

export const privacyPolicyUpdated = PRIVACY_POLICY_UPDATED.iso;

/** An entry's shell: the theme script, and the script that shows the not-loaded notice if the entry does not load (issue 22). */
export function renderAppShellHtml(template: string): string {
  return template
    .replace('<!--theme-script-->', `${themeScriptTag}<script>${ENTRY_FAILED_SCRIPT}</script>`)
    .replace('<!--app-head-->', `<title>${company.name}</title>`);
}

export { ogImageSvg, robotsTxt, sitemapXml };
