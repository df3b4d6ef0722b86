import { CalendarClock, Handshake, ShieldCheck, Siren } from 'lucide-react';
import { RESPONSE_HOURS, SERVICE_START } from '../../../../shared/constants';
import { QuoteLink } from './quote-link';
import { cardClass } from '../../../components/ui/card';

const reasons = [
  {
    icon: ShieldCheck,
    title: 'Licensed, bonded & insured',
    text: 'General liability and workers’ compensation coverage, with a certificate of insurance for your file.',
  },
  {
    icon: Handshake,
    title: 'No long-term contracts',
    text: 'Month-to-month or one-time cleanups. Longer agreements earn a lower rate, never a trap.',
  },
  {
    icon: CalendarClock,
    title: 'Flexible timing',
    text: 'Early mornings, evenings and weekends, scheduled around your tenants and your traffic.',
  },
  { icon: Siren, title: 'Emergency dispatch', text: 'Storm debris, event cleanup or illegal dumping: a crew can be on site the same day.' },
];

const figures = [
  { value: `${RESPONSE_HOURS} hr`, label: 'callback on every quote request' },
  { value: SERVICE_START.replace(' hours', ' hr'), label: 'from confirmation to first visit' },
  { value: '20', label: 'communities served across two counties' },
  { value: '100%', label: 'satisfaction guarantee on every visit' },
];

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="bg-slate-50 py-20 sm:py-24 dark:bg-slate-900/50">
      <div className="container-page grid gap-12 lg:grid-cols-2 lg:items-start">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-leaf-700 dark:text-emerald-400">About us</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            A local crew that treats your property like our own
          </h2>
          <div className="mt-6 grid gap-4 text-lg leading-8 text-slate-600 dark:text-slate-300">
            <p>
              We are a Milwaukee-based team that does one thing well: keeping commercial properties free of litter. From Oak Creek to
              Menomonee Falls and out to Oconomowoc, our crews run the same routes every week, so they know your lot, your corners and your
              problem spots.
            </p>
            <p>
              Property managers hire us because we show up when we say we will, report what we find, and fix anything you are not happy
              with. That is our satisfaction guarantee.
            </p>
          </div>
          <dl className="mt-10 grid grid-cols-2 gap-6">
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col border-l-4 border-leaf-500 pl-4">
                <dt className="text-sm text-slate-600 dark:text-slate-400">{figure.label}</dt>
                <dd className="order-first text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title} className={cardClass()}>
              <Icon className="size-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
              <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </div>
      <QuoteLink>Talk to our team</QuoteLink>
    </section>
  );
}
