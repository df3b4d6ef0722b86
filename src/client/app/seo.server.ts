import { businessHours, company } from '../../shared/company';
import { faqItems } from '../content/faq';
import { serviceAreas } from '../content/service-areas';

export const landingTitle = `${company.name} | Commercial Lot Cleaning & Litter Removal in Milwaukee and Waukesha`;
export const landingDescription =
  'Parking lot cleaning, litter removal and grounds cleanup for commercial properties in Milwaukee and Waukesha counties. Licensed and insured, no long-term contracts, a callback within 24 hours.';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin/', 'Disallow: /customer-dashboard', '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(appUrl: string, lastModified: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${escapeHtml(`${appUrl}/`)}</loc><lastmod>${lastModified}</lastmod><changefreq>monthly</changefreq><priority>1.0</priority></url>
</urlset>
`;
}
