import { Clock, Mail, Phone, Siren } from 'lucide-react';
import { businessHours, company, type SocialProfile } from '../../../../shared/company';
import { footerLinks } from '../nav-links';
import { BrandMark } from '../../../components/ui/brand-mark';

function SocialIcon({ name }: { name: string }) {
  const paths: Record<string, string> = {
    Facebook: 'M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z',
    LinkedIn:
      'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm5 6h4v2c.6-1.1 2-2.3 4.2-2.3 4.4 0 4.8 2.9 4.8 6.6V21h-4v-5.8c0-1.4 0-3.2-2-3.2s-2.3 1.5-2.3 3.1V21h-4z',
    Instagram:
      'M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9zm0 7.4a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8zM17.3 5.6a1 1 0 1 1 0 2.1 1 1 0 0 1 0-2.1zM12 3c-2.4 0-2.7 0-3.7.1C4.9 3.2 3.2 4.9 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.4 1.8 5.1 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.4-.1 5.1-1.8 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.4-1.8-5.1-5.2-5.2C14.7 3 14.4 3 12 3z',
  };
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d={paths[name]} />
    </svg>
  );
}

export interface SiteFooterProps {
  /** The profiles to link; only those with a URL get an icon. */
  social?: readonly SocialProfile[];
  /** '' on the landing page, whose sections the quick links scroll to; '/' on other pages, to reach them. */
  linkBase?: '' | '/';
}

export function SiteFooter({ social = company.social, linkBase = '' }: SiteFooterProps) {
  const year = new Date().getFullYear(); // rendered at build time
  const profiles = social.filter((network): network is SocialProfile & { href: string } => Boolean(network.href));
  return (
    <footer className="bg-slate-950 text-slate-300" aria-labelledby="footer-title">
      <h2 id="footer-title" className="sr-only">
        About {company.name}
      </h2>
      <div className="container-page grid gap-10 py-16 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-3">
            <BrandMark />
            <span className="text-lg font-bold text-white">{company.name}</span>
          </div>
          <p className="mt-4 text-sm leading-6 text-slate-400">
            Commercial lot cleaning and litter removal for property managers across Milwaukee and Waukesha counties, Wisconsin.
          </p>
          {profiles.length ? (
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {profiles.map((network) => (
                <li key={network.name}>
                  <a
                    href={network.href}
                    rel="me noopener"
                    aria-label={`${company.name} on ${network.name}`}
                    className="inline-flex size-10 items-center justify-center rounded-lg bg-slate-800 text-slate-300 hover:bg-slate-700 hover:text-white"
                  >
                    <SocialIcon name={network.name} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-labelledby="footer-links-title">
          <h3 id="footer-links-title" className="text-sm font-semibold uppercase tracking-wider text-white">
            Quick links
          </h3>
          <ul className="mt-4 grid gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <a href={`${linkBase}${link.href}`} className="hover:text-white">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/customer-dashboard" className="font-semibold text-brand-300 hover:text-white">
                Customer Login
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h3>
          <ul className="mt-4 grid gap-3 text-sm">
            <li>
              <a href={company.phone.href} className="inline-flex items-center gap-2 hover:text-white">
                <Phone className="size-4 text-brand-300" aria-hidden="true" />
                {company.phone.display}
              </a>
            </li>
            <li>
              <a href={`mailto:${company.supportEmail}`} className="inline-flex items-center gap-2 break-all hover:text-white">
                <Mail className="size-4 shrink-0 text-brand-300" aria-hidden="true" />
                {company.supportEmail}
              </a>
            </li>
            <li>
              <a href={`${linkBase}#contact`} className="font-semibold text-brand-300 hover:text-white">
                Get Quote
              </a>
            </li>
            <li className="inline-flex items-center gap-2 text-emerald-400">
              <Siren className="size-4" aria-hidden="true" />
              Available 24/7 for emergencies
            </li>
          </ul>
        </div>

        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wider text-white">Business hours</h3>
          <dl className="mt-4 grid gap-2 text-sm">
            {businessHours.map((row) => (
              <div key={row.days} className="flex justify-between gap-4">
                <dt>
                  <abbr title={row.label} className="no-underline">
                    {row.days}
                  </abbr>
                </dt>
                <dd className="text-slate-400">{row.display}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 inline-flex items-start gap-2 text-sm text-slate-400">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Emergency services available around the clock.
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between">
          <p>
            © {year} {company.name}. {company.legalNote}.
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-2">
            <span>Proudly serving Milwaukee and Waukesha counties.</span>
            <a href="/privacy" className="underline underline-offset-2 hover:text-white">
              Privacy policy
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
