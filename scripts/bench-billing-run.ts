/**
 * `npm run bench:billing-run`: the monthly billing run on PostgreSQL (issue 25's budget: 2,000
 * customers with 3 properties each and about 13 visits per property in the month are billed in
 * ≤ 30 s on this machine).
 *
 * Makes a throwaway database on the PostgreSQL server of BENCH_DATABASE_URL (else TEST_DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres), runs the migrations as a server's start does,
 * and writes with set-based SQL what accepting 2,000 estimates and a month of crew work leave: each
 * customer with a portal user, an accepted estimate of three sites, an active agreement (month to
 * month, 6 or 12 months) whose line at each property has its plan (three visits a week). Most lines
 * are per visit (some taxable); one customer in ten has a monthly price at its third site. The plans'
 * visits run from the month's first day to the next month's end: before today most are completed
 * (most check-ins verified on site, some away or not verified), about 2.5% missed and 2% skipped
 * (weather, a holiday, the customer's request); from today on they are scheduled. The tables are
 * analyzed, as autovacuum would soon do.
 *
 * Then it times `prepareInvoices` (what "Prepare invoices" and the monthly job call) for the month
 * before this one, checks the result against the seeded data (an invoice per customer, a line per
 * completed per-visit visit, monthly line and credit, no visit billed twice, every invoice's totals
 * the sums of its lines, the subtotal the prices' sum), runs it again (nothing to make: the
 * idempotent case), and drops the database.
 *
 *   npm run bench:billing-run
 *   BENCH_CUSTOMERS=200 npm run bench:billing-run     fewer customers
 *   BENCH_MONTH=2026-10 npm run bench:billing-run     another month (the default is last month)
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../src/server/db/database';
import { prepareInvoices, type BillingPeriod, type BillingRunResult } from '../src/server/modules/billing';
import { monthBounds, previousMonth } from '../src/shared/invoices';
import { addDays, localToday } from '../src/shared/local-dates';
import { DEFAULT_TAX_RATES, TAX_JURISDICTIONS, taxRateBp } from '../src/shared/tax-jurisdictions';
import { createEmptyPostgresDatabase } from './lib/postgres-database';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const SITES = 3;
const CREW = 12;
const BUDGET_MS = 30_000;

/** Three visits a week at each site, on these ISO weekdays (1 is Monday). */
const SCHEDULES = [
  { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', days: [1, 3, 5] },
  { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH,SA', days: [2, 4, 6] },
  { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', days: [1, 3, 5] },
];
const PLAZAS = ['Harbor Point Plaza', 'Brookfield Commons', 'Oak Creek Medical Center', 'Bluemound Plaza', 'Layton Avenue Office Park'];
const CITIES: Record<(typeof TAX_JURISDICTIONS)[number], { city: string; zipCode: string }> = {
  'milwaukee-city': { city: 'Milwaukee', zipCode: '53207' },
  'milwaukee-county': { city: 'Greenfield', zipCode: '53220' },
  'waukesha-county': { city: 'Brookfield', zipCode: '53045' },
  wisconsin: { city: 'Racine', zipCode: '53403' },
};

interface Seeded {
  customers: number;
  properties: number;
  visitsInMonth: number;
  completedInMonth: number;
  visitsAfterMonth: number;
}

/**
 * What accepting the estimates and a month of work leave, written with set-based SQL on one
 * connection: the ids are drawn first in temporary tables, so each table is one insert … select.
 */
async function seed(url: string, period: BillingPeriod, today: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const horizonEnd = monthBounds(addDays(period.end, 1).slice(0, 7)).end;
  const jurisdictions = `(array[${TAX_JURISDICTIONS.map((j) => `'${j}'`).join(', ')}])`;
  const rates = `(array[${TAX_JURISDICTIONS.map((j) => taxRateBp(j, DEFAULT_TAX_RATES)).join(', ')}])`;
  const cities = `(array[${TAX_JURISDICTIONS.map((j) => `'${CITIES[j].city}'`).join(', ')}])`;
  const zips = `(array[${TAX_JURISDICTIONS.map((j) => `'${CITIES[j].zipCode}'`).join(', ')}])`;
  const plazas = `(array[${PLAZAS.map((name) => `'${name}'`).join(', ')}])`;
  const rrules = `(array[${SCHEDULES.map((schedule) => `'${schedule.rrule}'`).join(', ')}])`;
  const days = `(array[${SCHEDULES.map((schedule) => `array[${schedule.days.join(', ')}]`).join(', ')}])`;
  try {
    await client.query('begin');
    await client.query(
      `insert into users (email, first_name, last_name, role)
       select 'crew' || n || '@bench.example', 'Crew', 'Member ' || n, 'crew' from generate_series(1, ${CREW}) n`,
    );
    // One row per customer: its ids, terms and discount.
    await client.query(
      `create temporary table bench_customers on commit drop as
       select i, gen_random_uuid() as customer_id, gen_random_uuid() as estimate_id, gen_random_uuid() as agreement_id,
              (array['month-to-month', '6-months', '12-months'])[1 + i % 3] as term,
              (array[0, 500, 1000])[1 + i % 3] as discount_bp,
              (array['net_30', 'net_30', 'net_15', 'due_on_receipt', 'net_45'])[1 + i % 5] as payment_terms,
              'Bench Retail Group ' || lpad(i::text, 5, '0') as name,
              'ap-' || lpad(i::text, 5, '0') || '@bench-retail.example' as email
       from generate_series(0, $1 - 1) i`,
      [CUSTOMERS],
    );
    // One row per property: its line (per visit or, for one customer in ten, monthly at the third site), plan and tax.
    await client.query(
      `create temporary table bench_sites on commit drop as
       select c.*, s, gen_random_uuid() as property_id, gen_random_uuid() as estimate_property_id,
              gen_random_uuid() as estimate_line_id, gen_random_uuid() as plan_id, gen_random_uuid() as agreement_line_id,
              ${jurisdictions}[1 + (i + s) % 4] as jurisdiction, ${rates}[1 + (i + s) % 4] as tax_rate_bp,
              ${cities}[1 + (i + s) % 4] as city, ${zips}[1 + (i + s) % 4] as zip_code,
              ${plazas}[1 + (i + s) % 5] || ' ' || (s + 1) as property_name,
              ${rrules}[1 + s] as rrule, ${days}[1 + s:1 + s] as days,
              case when s = 2 and i % 10 = 0 then 'month' else 'visit' end as unit,
              case when s = 2 and i % 10 = 0 then 'Parking Lot Cleaning (monthly)'
                   when s = 2 and i % 3 = 1 then 'Landscaped Area Cleanup' else 'Parking Lot Cleaning' end as line_name,
              case when s = 2 and i % 10 = 0 then 110000 + (i % 7) * 2500
                   when s = 2 and i % 3 = 1 then 6000 + (i % 5) * 250 else 8500 + s * 1000 + (i % 7) * 250 end as price_cents,
              case when s = 2 and i % 10 <> 0 and i % 3 = 1 then 'taxable' else 'exempt' end as tax_class,
              (select id from users where email = 'crew' || (1 + i % ${CREW}) || '@bench.example') as crew_id
       from bench_customers c cross join generate_series(0, ${SITES - 1}) s`,
    );
    // The price book's service each line was priced from, and the checklist its plan starts with.
    await client.query(`alter table bench_sites add column service_id uuid, add column checklist text[] not null default '{}'`);
    await client.query(
      `update bench_sites site set service_id = service.id, checklist = service.checklist
       from price_book_services service where service.name = replace(site.line_name, ' (monthly)', '')`,
    );
    await client.query(
      `insert into customers (id, name, contact_name, email, phone, payment_terms, created_at)
       select customer_id, name, 'Dana Ruiz', email, '(414) 555-0142', payment_terms, $1::date - 20 from bench_customers`,
      [period.start],
    );
    await client.query(
      `insert into users (email, first_name, last_name, role, customer_id)
       select email, 'Dana', 'Ruiz', 'customer', customer_id from bench_customers`,
    );
    await client.query(
      `insert into properties (id, customer_id, name, address, city, state, zip_code, property_type, tax_jurisdiction, po_number)
       select property_id, customer_id, property_name, (2100 + i % 900 * 10 + s) || ' S Kinnickinnic Ave', city, 'WI', zip_code,
              'Retail Center', jurisdiction, case when s = 0 then 'PO-' || (4000 + i) end
       from bench_sites`,
    );
    // The estimates as accepted: sent, answered, with the evidence the acceptance check asks for.
    await client.query(
      `insert into estimates (id, number, version, customer_id, company_name, contact_name, email, phone, terms_offered,
                              term_discounts, proposed_start_date, valid_until, status, token_hash, sent_at, first_viewed_at,
                              responded_at, accepted_name, accepted_title, accepted_ip, accepted_user_agent, accepted_choices,
                              accepted_hash, created_at)
       select estimate_id, nextval('estimate_numbers'), 1, customer_id, name, 'Dana Ruiz', email, '(414) 555-0142',
              array['month-to-month', '6-months', '12-months'], '{"month-to-month": 0, "6-months": 500, "12-months": 1000}',
              $1::date, $1::date + 30, 'accepted', encode(sha256(('token:' || estimate_id)::bytea), 'hex'),
              $1::date - 20, $1::date - 19, $1::date - 18, 'Dana Ruiz', 'Property Manager', '203.0.113.7',
              'Mozilla/5.0 (Bench)', jsonb_build_object('term', term, 'optionalLineIds', '[]'::jsonb, 'poNumbers', '{}'::jsonb),
              encode(sha256(('accepted:' || estimate_id)::bytea), 'hex'), $1::date - 21
       from bench_customers`,
      [period.start],
    );
    await client.query(
      `insert into estimate_properties (id, estimate_id, position, name, address, city, state, zip_code, property_type,
                                        tax_jurisdiction, tax_rate_bp)
       select estimate_property_id, estimate_id, s, property_name, (2100 + i % 900 * 10 + s) || ' S Kinnickinnic Ave', city, 'WI',
              zip_code, 'Retail Center', jurisdiction, tax_rate_bp
       from bench_sites`,
    );
    await client.query(
      `insert into estimate_lines (id, estimate_property_id, position, service_id, name, unit, unit_price_cents, tax_class, rrule, checklist)
       select estimate_line_id, estimate_property_id, 0, site.service_id, line_name, site.unit, price_cents, site.tax_class, rrule,
              site.checklist
       from bench_sites site`,
    );
    await client.query(
      `insert into service_agreements (id, customer_id, estimate_id, term, discount_bp, start_date, term_end_date, status, created_at)
       select agreement_id, customer_id, estimate_id, term, discount_bp, $1::date,
              case term when '6-months' then ($1::date + interval '6 months')::date - 1
                        when '12-months' then ($1::date + interval '12 months')::date - 1 end,
              'active', $1::date - 18
       from bench_customers`,
      [period.start],
    );
    await client.query(
      `insert into service_plans (id, property_id, name, rrule, start_date, checklist, crew_user_ids, generated_through)
       select plan_id, property_id, line_name, rrule, $1::date, site.checklist, array[crew_id], $2::date
       from bench_sites site`,
      [period.start, horizonEnd],
    );
    await client.query(
      `insert into agreement_lines (id, agreement_id, property_id, estimate_line_id, plan_id, service_id, position, name, unit,
                                    unit_price_cents, tax_class, tax_rate_bp, rrule)
       select agreement_line_id, agreement_id, property_id, estimate_line_id, plan_id, site.service_id, s, line_name, site.unit,
              price_cents, site.tax_class, tax_rate_bp, rrule
       from bench_sites site`,
    );
    // Every planned visit from the month's start to the next month's end; before today, as the crew left it.
    await client.query(
      `insert into visits (property_id, plan_id, occurrence_date, scheduled_date, crew_user_ids, status, skip_reason, skip_note,
                           checked_in_at, checked_in_by, checked_out_at, checked_out_by, check_in_location_status,
                           check_in_distance_meters, report_queued_at)
       select property_id, plan_id, day, day, array[crew_id], outcome.status, outcome.skip_reason,
              case outcome.skip_reason when 'weather' then 'Freezing rain; the lot was not safe to work.'
                                       when 'customer_request' then 'The customer asked us to skip this visit.' end,
              arrival, case when arrival is not null then crew_id end, arrival + (35 + roll % 45) * interval '1 minute',
              case when arrival is not null then crew_id end,
              case when outcome.status = 'completed' then (case when roll % 20 = 3 then 'away' when roll % 20 = 7 then 'not_verified' else 'verified' end) end,
              case when outcome.status = 'completed' then (case when roll % 20 = 3 then 420 else roll % 60 end) end,
              case when outcome.status = 'completed' then arrival + interval '2 hours' end
       from (
         select site.*, day::date as day, abs(hashtext(site.plan_id::text || day::date)) % 1000 as roll
         from bench_sites site
         cross join generate_series($1::date, $2::date, interval '1 day') day
         where extract(isodow from day) = any(site.days)
       ) planned
       cross join lateral (
         select case when day >= $3::date then 'scheduled' when roll < 25 then 'missed' when roll < 45 then 'skipped' else 'completed' end as status,
                case when day < $3::date and roll >= 25 and roll < 45
                     then (case when roll < 35 then 'weather' when roll < 38 then 'holiday' else 'customer_request' end) end as skip_reason
       ) outcome
       cross join lateral (
         select case when outcome.status = 'completed' then (day + time '06:00' + (roll % 90) * interval '1 minute') at time zone 'America/Chicago' end as arrival
       ) checked`,
      [period.start, horizonEnd, today],
    );
    await client.query('commit');
    await client.query('analyze');
    const { rows } = await client.query<{ [key in keyof Seeded]: string }>(
      `select (select count(*) from customers) as customers, (select count(*) from properties) as properties,
              (select count(*) from visits where scheduled_date between $1 and $2) as "visitsInMonth",
              (select count(*) from visits where scheduled_date between $1 and $2 and status = 'completed') as "completedInMonth",
              (select count(*) from visits where scheduled_date > $2) as "visitsAfterMonth"`,
      [period.start, period.end],
    );
    return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)])) as unknown as Seeded;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

interface Outcome {
  invoices: number;
  lines: Record<string, number>;
  lineCount: number;
  subtotalCents: number;
  totalCents: number;
}

/**
 * Checks the run's invoices against the seeded data, computed apart from the run's own code: what
 * the lines should be, and that the invoices' totals are their lines' sums. Returns the figures.
 */
async function check(client: pg.Client, period: BillingPeriod): Promise<Outcome> {
  const problems: string[] = [];
  const one = async <Row extends object>(text: string, values: unknown[] = []) => (await client.query<Row>(text, values)).rows[0]!;
  const expected = await one<{ visit: string; month: string; credit: string; subtotal: string }>(
    `with month_visits as (
       select v.*, l.unit, l.unit_price_cents as price, count(*) over (partition by v.plan_id) as planned
       from visits v join agreement_lines l on l.plan_id = v.plan_id
       where v.scheduled_date between $1 and $2
     )
     select count(*) filter (where unit = 'visit' and status = 'completed') as visit,
            (select count(*) from agreement_lines where unit = 'month') as month,
            count(*) filter (where unit = 'month' and (status = 'missed' or skip_reason in ('weather', 'holiday'))) as credit,
            coalesce(sum(price) filter (where unit = 'visit' and status = 'completed'), 0)
              + (select coalesce(sum(unit_price_cents), 0) from agreement_lines where unit = 'month')
              - coalesce(sum(round(price::numeric / planned)) filter (where unit = 'month' and (status = 'missed' or skip_reason in ('weather', 'holiday'))), 0)
              as subtotal
     from month_visits`,
    [period.start, period.end],
  );
  const { rows: kinds } = await client.query<{ kind: string; n: string }>('select kind, count(*) as n from invoice_lines group by kind');
  const lines = Object.fromEntries(kinds.map((row) => [row.kind, Number(row.n)]));
  for (const kind of ['visit', 'month', 'credit'] as const) {
    if ((lines[kind] ?? 0) !== Number(expected[kind])) problems.push(`${lines[kind] ?? 0} ${kind} lines, expected ${expected[kind]}`);
  }
  const sums = await one<{
    invoices: string;
    customers: string;
    lines: string;
    amount: string;
    net: string;
    subtotal: string;
    total: string;
  }>(
    `select (select count(*) from invoices) as invoices, (select count(distinct customer_id) from invoices) as customers,
            (select count(*) from invoice_lines) as lines,
            (select sum(amount_cents) from invoice_lines) as amount,
            (select sum(amount_cents - discount_cents + tax_cents) from invoice_lines) as net,
            (select sum(subtotal_cents) from invoices) as subtotal, (select sum(total_cents) from invoices) as total`,
  );
  if (Number(sums.invoices) !== CUSTOMERS || Number(sums.customers) !== CUSTOMERS)
    problems.push(`${sums.invoices} invoices for ${sums.customers} customers, expected one for each of ${CUSTOMERS}`);
  if (sums.amount !== sums.subtotal)
    problems.push(`the lines' amounts add up to ${sums.amount}, the invoices' subtotals to ${sums.subtotal}`);
  if (sums.net !== sums.total) problems.push(`the lines add up to ${sums.net}, the invoices' totals to ${sums.total}`);
  if (Number(sums.subtotal) !== Number(expected.subtotal))
    problems.push(`the subtotals add up to ${sums.subtotal}, the prices of the work to ${expected.subtotal}`);
  const off = await one<{ invoices: string; twice: string; misplaced: string }>(
    `select (select count(*) from invoices i
             join (select invoice_id, sum(amount_cents) as amount, sum(discount_cents) as discount, sum(tax_cents) as tax
                   from invoice_lines group by invoice_id) l on l.invoice_id = i.id
             where (i.subtotal_cents, i.discount_cents, i.tax_cents, i.total_cents)
                   <> (l.amount, l.discount, l.tax, l.amount - l.discount + l.tax)) as invoices,
            (select count(*) from (select visit_id, kind from invoice_lines where visit_id is not null
                                   group by visit_id, kind having count(*) > 1) twice) as twice,
            (select count(*) from invoice_lines il join invoices i on i.id = il.invoice_id
             join properties p on p.id = il.property_id
             where p.customer_id <> i.customer_id or il.service_date not between $1 and $2) as misplaced`,
    [period.start, period.end],
  );
  if (Number(off.invoices)) problems.push(`${off.invoices} invoices whose totals are not their lines' sums`);
  if (Number(off.twice)) problems.push(`${off.twice} visits billed twice`);
  if (Number(off.misplaced)) problems.push(`${off.misplaced} lines on another customer's invoice or outside the month`);
  if (problems.length) throw new Error(`The billing run's result is wrong:\n- ${problems.join('\n- ')}`);
  return {
    invoices: Number(sums.invoices),
    lines,
    lineCount: Number(sums.lines),
    subtotalCents: Number(sums.subtotal),
    totalCents: Number(sums.total),
  };
}

async function timed(run: () => Promise<BillingRunResult>): Promise<{ ms: number; result: BillingRunResult }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

async function main() {
  const today = localToday();
  const period = monthBounds(process.env.BENCH_MONTH ?? previousMonth(today));
  const empty = await createEmptyPostgresDatabase(ADMIN_URL, 'bench_billing');
  try {
    const migrationStarted = performance.now();
    const database = await openDatabase({ databaseUrl: empty.url });
    console.log(`Migrated a new database in ${seconds(performance.now() - migrationStarted)}`);
    try {
      const seedStarted = performance.now();
      const seeded = await seed(empty.url, period, today);
      console.log(
        `Seeded ${period.start} to ${period.end} in ${seconds(performance.now() - seedStarted)}: ${count(seeded.customers)} customers, ` +
          `${count(seeded.properties)} properties, ${count(seeded.visitsInMonth)} visits in the month ` +
          `(${(seeded.visitsInMonth / seeded.properties).toFixed(1)} per property, ${count(seeded.completedInMonth)} completed), ` +
          `${count(seeded.visitsAfterMonth)} in the month after`,
      );

      const first = await timed(() => prepareInvoices(database.db, period));
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      try {
        const outcome = await check(client, period);
        const second = await timed(() => prepareInvoices(database.db, period));
        const again = await check(client, period);
        if (second.result.created || second.result.updated || again.lineCount !== outcome.lineCount)
          throw new Error(`The second run changed invoices: ${JSON.stringify(second.result)}`);

        const lines = Object.entries(outcome.lines)
          .map(([kind, n]) => `${count(n)} ${kind}`)
          .join(', ');
        console.log(`\nprepareInvoices for ${period.start} to ${period.end}, PostgreSQL, Node ${process.version}:\n`);
        console.log('| Run | Time | Created | Updated | Invoice lines |');
        console.log('| --- | ---: | ------: | ------: | ------------: |');
        console.log(
          `| First | ${seconds(first.ms)} | ${count(first.result.created)} | ${count(first.result.updated)} | ${count(outcome.lineCount)} (${lines}) |`,
        );
        console.log(`| Second | ${seconds(second.ms)} | ${count(second.result.created)} | ${count(second.result.updated)} | none added |`);
        console.log(
          `\nChecked: an invoice for each of ${count(outcome.invoices)} customers, a line for each billable visit, month and credit, ` +
            `no visit billed twice, totals the sums of their lines (subtotal ${dollars(outcome.subtotalCents)}, total ${dollars(outcome.totalCents)}).`,
        );
        if (first.ms > BUDGET_MS) console.log(`\nThe first run is over the ${seconds(BUDGET_MS)} budget.`);
      } finally {
        await client.end();
      }
    } finally {
      await database.close();
    }
  } finally {
    await empty.drop();
  }
}

await main();
