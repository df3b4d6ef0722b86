import type { ReactNode } from 'react';
import { company } from '../../shared/company';
import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../shared/constants';
import { SESSION_LIFETIME_DEFAULTS } from '../../shared/session-lifetimes';

const DAY_MS = 24 * 60 * 60 * 1000;
import { BrandMark } from '../components/ui/brand-mark';
import { SiteFooter } from '../features/landing/components/site-footer';

/** When the policy last changed: shown on the page, and the sitemap's date for it. */
export const PRIVACY_POLICY_UPDATED = { iso: '2026-11-23', display: 'November 23, 2026' } as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

const mail = (
  <a href={`mailto:${company.supportEmail}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
    {company.supportEmail}
  </a>
);

/**
 * The privacy policy at /privacy, rendered at build time to plain HTML and CSS: no script.
 * It says what the product really stores and for how long (docs/architecture.md has the tables).
 */
export function PrivacyPage() {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <a href="/" className="flex items-center gap-3 font-bold text-slate-900 dark:text-white">
            <BrandMark />
            <span className="whitespace-nowrap">{company.name}</span>
          </a>
          <nav aria-label="Site" className="flex items-center gap-4 text-sm font-semibold">
            <a
              href="/customer-dashboard"
              className="whitespace-nowrap text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-white"
            >
              Customer Login
            </a>
            <a href="/#contact" className="hidden rounded-lg bg-brand-700 px-4 py-2 text-white hover:bg-brand-800 sm:inline-block">
              Get a free quote
            </a>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="bg-slate-50 outline-none dark:bg-slate-900">
        <article className="container-page max-w-3xl py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-300">Privacy policy</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            How {company.name} handles your information
          </h1>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            Last updated <time dateTime={PRIVACY_POLICY_UPDATED.iso}>{PRIVACY_POLICY_UPDATED.display}</time>
          </p>
          <p className="mt-6 text-lg leading-8 text-slate-700 dark:text-slate-300">
            We clean commercial lots in {company.region}. To do that we need a few details from the people who ask us for a quote and from
            the property managers we work for. This page says plainly what we keep, why, for how long, and how to reach us about it. We
            never sell your information or share it for advertising.
          </p>

          <Section id="quote-requests" title="When you ask for a quote">
            <p>The quote form on our home page collects:</p>
            <ul className="list-disc space-y-1 pl-6">
              <li>your full name, e-mail address and, if you give it, your phone number;</li>
              <li>the service you need and your message about the property, with its size and how soon you need us if you say;</li>
              <li>
                a record of your consent to be contacted: the exact wording you agreed to, the time you sent the form, your internet (IP)
                address and your browser&rsquo;s name and version.
              </li>
            </ul>
            <p>
              We use these to call or e-mail you about your quote, to visit and price your property, and to keep proof that you asked to be
              contacted. Our office staff read each request, and a copy of it is e-mailed to them when it arrives.
            </p>
            <p>
              <strong className="font-semibold text-slate-900 dark:text-white">How long:</strong> our system keeps quote requests, with
              their consent record and our notes on them, until we delete them: it has no automatic end date and does not delete them on its
              own. We keep them because the consent record is our proof that you asked us to get in touch, and so that we can see what you
              asked for if you get in touch again. If you would like yours deleted, e-mail us and we will delete it within 30 days, unless
              we are doing work for you that it belongs to.
            </p>
          </Section>

          <Section id="customers" title="When you are our customer">
            <p>
              For the property managers we work for, we keep the company&rsquo;s name, contact person, e-mail address, phone number and
              address, the properties we service, and the name and e-mail address of each person who may sign in to the customer portal.
            </p>
            <p>
              Our crews take before and after photos of each lot. We do not keep the file as it came from the camera: we store resized
              copies, and before they are stored we remove the photo&rsquo;s hidden metadata, including the camera&rsquo;s location (GPS),
              its make and model, and any other embedded details. We keep only the date the photo was taken, to show it beside the picture.
              Photos of your properties are visible only to people who sign in for your company and to our staff.
            </p>
            <p>
              <strong className="font-semibold text-slate-900 dark:text-white">How long:</strong> customer records and photos stay for as
              long as we service your properties and until you or we remove them; they too have no automatic end date. Removing a property
              deletes its photos with it. When our work for you ends, ask us and we will delete your records and photos within 30 days.
            </p>
          </Section>

          <Section id="sign-in" title="Signing in">
            <p>
              The customer portal signs you in with a link we e-mail you; we never ask for a password. A sign-in link works once, for{' '}
              {SIGN_IN_LINK_MINUTES} minutes; an invitation from our staff works once, for {INVITATION_DAYS} days. We store only a scrambled
              fingerprint (a hash) of each link and of each session, so a copy of our database could not sign anyone in. Used and expired
              links are deleted a week after they expire. A session ends after {SESSION_LIFETIME_DEFAULTS.customer.idleMs / DAY_MS} days
              without use, {SESSION_LIFETIME_DEFAULTS.customer.maxMs / DAY_MS} days after you signed in, or when you log out; you can end
              your other sessions from Account Settings.
            </p>
            <p>
              Signing in sets two cookies: one that keeps you signed in, and one that only tells our pages you are signed in, so the site
              header can show &ldquo;My dashboard&rdquo;. Your light or dark theme choice is remembered in your own browser. None of these
              is used for tracking, and we use no advertising or analytics cookies.
            </p>
          </Section>

          <Section id="records" title="E-mails and security records">
            <p>
              Our system keeps a copy of each e-mail it sends (quote notices to our staff, sign-in links and invitations), so that one that
              could not be delivered is sent again. These copies have no automatic end date either; when you ask us to delete your
              information, we delete them too.
            </p>
            <p>
              To stop abuse, we count for one hour how many quote requests and sign-in links come from each internet address and for each
              e-mail address; the counts are then deleted. Our server logs record each request without your name, e-mail address, phone
              number, message or internet address.
            </p>
          </Section>

          <Section id="sharing" title="Who else sees it">
            <p>
              Your information stays with {company.name}. Our e-mail provider delivers the messages we send, and our hosting provider stores
              the data on our behalf; both process it only to provide those services to us.
            </p>
          </Section>

          <Section id="your-choices" title="Your choices and how to reach us">
            <p>
              To see what we hold about you, to correct it, or to have it deleted, e-mail {mail} or call us at{' '}
              <a href={company.phone.href} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
                {company.phone.display}
              </a>
              . We answer within five business days.
            </p>
            <p>If we change this policy, we will update the date at the top of this page.</p>
          </Section>
        </article>
      </main>
      <SiteFooter linkBase="/" />
    </>
  );
}
