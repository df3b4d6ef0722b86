import { businessHours, company } from '../../shared/company';
import { faqItems } from '../content/faq';
import { serviceAreas } from '../content/service-areas';

export const landingTitle = `${company.name} | Commercial Lot Cleaning & Litter Removal in Milwaukee and Waukesha`;
export const landingDescription =
  'Parking lot cleaning, litter removal and grounds cleanup for commercial properties in Milwaukee and Waukesha counties. Licensed and insured, no long-term contracts, a callback within 24 hours.';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a <script> block: "<" is escaped so no value can close the tag. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function localBusinessJsonLd(appUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${appUrl}/#business`,
    name: company.name,
    description: landingDescription,
    url: `${appUrl}/`,
    telephone: company.phone.href.replace('tel:', ''),
    email: company.supportEmail,
    image: `${appUrl}/og-image.svg`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.address.streetAddress,
      addressLocality: company.address.locality,
      addressRegion: company.address.region,
      postalCode: company.address.postalCode,
      addressCountry: company.address.country,
    },
    areaServed: serviceAreas.flatMap((area) =>
      area.locations.map((city) => ({
        '@type': 'City',
        name: `${city}, WI`,
        containedInPlace: { '@type': 'AdministrativeArea', name: `${area.region}, Wisconsin` },
      })),
    ),
    openingHoursSpecification: businessHours
      .filter((row) => row.opens !== null)
      .map((row) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: row.schemaDays, opens: row.opens, closes: row.closes })),
  };
}

export function faqPageJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqItems.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** Title, description, canonical, Open Graph and structured data for the landing page. */
export function landingHead(appUrl: string): string {
  const url = `${appUrl}/`;
  return [
    `<title>${escapeHtml(landingTitle)}</title>`,
    `<meta name="description" content="${escapeHtml(landingDescription)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(company.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(landingTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(landingDescription)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${appUrl}/og-image.svg`)}" />`,
    `<meta property="og:locale" content="en_US" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<script type="application/ld+json">${jsonForScript(localBusinessJsonLd(appUrl))}</script>`,
    `<script type="application/ld+json">${jsonForScript(faqPageJsonLd())}</script>`,
  ].join('\n    ');
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /customer-dashboard',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Title, description and canonical link of the privacy policy. */
export function privacyHead(appUrl: string): string {
  const url = `${appUrl}/privacy`;
  return [
    `<title>Privacy policy | ${escapeHtml(company.name)}</title>`,
    `<meta name="description" content="${escapeHtml(`What ${company.name} collects when you ask for a quote or use the customer portal, why, how long we keep it, and how to reach us about it.`)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
}

export function sitemapXml(appUrl: string, lastModified: string, privacyUpdated: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${escapeHtml(`${appUrl}/`)}</loc><lastmod>${lastModified}</lastmod><changefreq>monthly</changefreq><priority>1.0</priority></url>
  <url><loc>${escapeHtml(`${appUrl}/privacy`)}</loc><lastmod>${privacyUpdated}</lastmod><changefreq>yearly</changefreq><priority>0.3</priority></url>
</urlset>
`;
}

/** The Open Graph picture (1200 x 630), drawn from the business identity so it changes with it. */
export function ogImageSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#1e428a"/><rect x="80" y="80" width="120" height="120" rx="30" fill="#3b93f6"/><path d="M101 131c12-12 24-12 39 0s27 12 39 0" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round"/><path d="M107 161h66" stroke="#7ee2b8" stroke-width="9" stroke-linecap="round"/><text x="80" y="330" font-family="sans-serif" font-size="72" font-weight="700" fill="#fff">${escapeHtml(company.name)}</text><text x="80" y="410" font-family="sans-serif" font-size="38" fill="#dbeefe">Commercial lot cleaning &amp; litter removal</text><text x="80" y="470" font-family="sans-serif" font-size="38" fill="#dbeefe">Milwaukee &amp; Waukesha counties, Wisconsin</text><text x="80" y="540" font-family="sans-serif" font-size="34" font-weight="700" fill="#fde047">${escapeHtml(company.phone.display)}</text></svg>
`;
}
