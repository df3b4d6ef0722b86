import { renderToString } from 'react-dom/server';
import { company } from '../shared/company';
import { THEME_SCRIPT } from '../shared/theme-script';
import { LandingPage } from './app/landing-page.server';
import { landingHead, ogImageSvg, robotsTxt, sitemapXml } from './app/seo.server';

/** The theme script, byte for byte as the CSP hash expects it. */
export const themeScriptTag = `<script>${THEME_SCRIPT}</script>`;

/** Fills the HTML template's placeholders with the head tags and the rendered landing page. */
export function renderLandingHtml(template: string, appUrl: string): string {
  return template
    .replace('<!--theme-script-->', themeScriptTag)
    .replace('<!--app-head-->', landingHead(appUrl))
    .replace('<!--app-body-->', renderToString(<LandingPage />));
}

export function renderAppShellHtml(template: string): string {
  return template.replace('<!--theme-script-->', themeScriptTag).replace('<!--app-head-->', `<title>${company.name}</title>`);
}

export { ogImageSvg, robotsTxt, sitemapXml };
