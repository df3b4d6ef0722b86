import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES, type AppPath } from '../src/shared/routes';
import { customerWithVisits, monthsAgo } from './support/billing';
import { acceptedEstimate, sentEstimate } from './support/sent-estimate';
import { DEMO_CUSTOMER_EMAIL, STAFF_EMAIL, signIn } from './support/sign-in';

/*
 * The W3C Nu HTML Checker (vnu.jar from the vnu-jar package, on Java) finds no error in any page:
 * the landing page, the privacy policy and the not-found page as served, and every route of
 * src/shared/routes.ts for the role that uses it, both as served (a signed-in first screen comes
 * rendered by the server, decision 010) and as the browser's DOM once the screen has rendered
 * (page.content()). The pages are collected first, then checked in one run of the checker.
 */

test.setTimeout(240_000);

const CREW_EMAIL = 'luis.ortega@lakeshorelotcare.com';
type Who = 'visitor' | 'customer' | 'owner' | 'crew';

/** Who sees each route in use: the portal's screens are the customer's, the console's the owner's. */
const ROUTE_USERS: Record<AppPath, Who> = {
  '/customer-dashboard': 'customer',
  '/customer-dashboard/properties/:id': 'customer',
  '/customer-dashboard/properties/:id/visits/:visitId': 'customer',
  '/customer-dashboard/account': 'customer',
  '/customer-dashboard/agreements': 'customer',
  '/customer-dashboard/estimates/:id': 'customer',
  '/customer-dashboard/invoices': 'customer',
  '/customer-dashboard/invoices/:id': 'customer',
  '/login': 'visitor',
  '/login/verify': 'visitor',
  '/logout': 'customer',
  '/unsubscribe': 'visitor',
  '/admin': 'owner',
  '/admin/submissions': 'owner',
  '/admin/estimates': 'owner',
  '/admin/estimates/new': 'owner',
  '/admin/estimates/:id': 'owner',
  '/admin/estimates/:id/edit': 'owner',
  '/admin/agreements/:id': 'owner',
  '/admin/customers': 'owner',
  '/admin/customers/:id': 'owner',
  '/admin/properties/:id': 'owner',
  '/admin/schedule': 'owner',
  '/admin/visits/:id': 'owner',
  '/admin/crew': 'owner',
  '/admin/invoices': 'owner',
  '/admin/invoices/:id': 'owner',
  '/admin/receivables': 'owner',
  '/admin/price-book': 'owner',
  '/admin/audit': 'owner',
  '/admin/account': 'owner',
  '/crew': 'crew',
  '/estimates/:token': 'visitor',
};

const EMAILS: Record<Exclude<Who, 'visitor'>, string> = { customer: DEMO_CUSTOMER_EMAIL, owner: STAFF_EMAIL, crew: CREW_EMAIL };

/** A file name for a page: its path, with the kind of copy. */
const fileName = (index: number, pagePath: string, kind: 'served' | 'rendered') =>
  `${String(index).padStart(2, '0')}${pagePath.replace(/[^a-z0-9]+/gi, '-')}-${kind}.html`;

/** Opens a page and waits until its screen has rendered: its heading shows, nothing is loading, the network is quiet. */
async function rendered(page: Page, pagePath: string) {
  const response = await page.goto(pagePath);
  expect(response!.status(), pagePath).toBeLessThan(500);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 }).first(), pagePath).toBeVisible();
  await expect(page.getByText(/^Loading/), pagePath).toHaveCount(0);
  return { served: await response!.text(), dom: await page.content() };
}

/**
 * An invoice's id: a customer with a visit 20 months ago (a month no other test bills), that month
 * prepared, then the first invoice listed (whichever run billed the visit, an invoice now exists).
 */
async function anInvoice(owner: Page): Promise<string> {
  const month = monthsAgo(20);
  await customerWithVisits({ name: `Bluemound Plaza ${randomUUID().slice(0, 6)}`, month, days: [[6]] });
  const prepared = await owner.request.post('/api/admin/billing-runs', { data: { month } });
  expect(prepared.ok(), await prepared.text()).toBe(true);
  const [invoice] = (await (await owner.request.get('/api/admin/invoices')).json()) as Array<{ id: string }>;
  return invoice!.id;
}

interface Message {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the W3C HTML checker finds no error in any page, served or rendered, signed in or not', async ({ browser }) => {
  if (spawnSync('java', ['-version']).status !== 0)
    throw new Error('The W3C HTML checker needs Java, and `java` is not on the PATH: apt-get install -y default-jre-headless');
  const dir = mkdtempSync(path.join(tmpdir(), 'html-validity-'));
  let index = 0;
  const save = (pagePath: string, kind: 'served' | 'rendered', html: string) =>
    writeFileSync(path.join(dir, fileName(index++, pagePath, kind)), html);

  const contexts = new Map<Who, Page>();
  const pageFor = async (who: Who) => {
    let page = contexts.get(who);
    if (!page) {
      page = await (await browser.newContext()).newPage();
      if (who !== 'visitor')
        await signIn(page, EMAILS[who], who === 'customer' ? '/customer-dashboard' : who === 'crew' ? '/crew' : '/admin');
      contexts.set(who, page);
    }
    return page;
  };

  // The ids in the parameterized routes: the demo customer's first property, its latest visit, and the customer.
  const customer = await pageFor('customer');
  const [property] = (await (await customer.request.get('/api/customer/properties')).json()) as Array<{ id: string }>;
  const history = (await (await customer.request.get(`/api/properties/${property!.id}/visits?page=1`)).json()) as {
    visits: Array<{ id: string }>;
  };
  const owner = await pageFor('owner');
  const [company] = (await (await owner.request.get('/api/admin/customers?q=Southridge')).json()) as Array<{ id: string }>;
  const ids: Record<string, string> = {
    ':visitId': history.visits[0]!.id,
    ':token': (await sentEstimate()).token,
    agreement: (await acceptedEstimate(owner.request)).agreementId,
    invoice: await anInvoice(owner),
  };
  const concrete = (route: AppPath) =>
    route
      .replace(':visitId', ids[':visitId']!)
      .replace(':token', ids[':token']!)
      .replace(
        ':id',
        route.startsWith('/admin/customers')
          ? company!.id
          : route.startsWith('/admin/visits')
            ? ids[':visitId']!
            : route.startsWith('/admin/agreements')
              ? ids.agreement!
              : route.startsWith('/admin/invoices')
                ? ids.invoice!
                : property!.id,
      );

  // The pages outside the route table: the prerendered landing page and privacy policy, and the not-found page.
  for (const pagePath of ['/', '/privacy', '/no-such-page']) {
    const { served, dom } = await rendered(await pageFor('visitor'), pagePath);
    save(pagePath, 'served', served);
    save(pagePath, 'rendered', dom);
  }
  for (const route of Object.keys(ROUTES) as AppPath[]) {
    const page = await pageFor(ROUTE_USERS[route]);
    const pagePath = concrete(route);
    const { served, dom } = await rendered(page, pagePath);
    save(pagePath, 'served', served);
    save(pagePath, 'rendered', dom);
  }
  for (const page of contexts.values()) await page.context().close();

  // One run of the checker over every file; it exits 1 when it finds an error, and reports on stderr.
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
  let report = '';
  try {
    execFileSync('java', ['-jar', jar, '--format', 'json', '--errors-only', '--skip-non-html', dir], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    report = (error as { stderr: string }).stderr;
    if (!report.trim().startsWith('{')) throw error;
  }
  const messages = report ? (JSON.parse(report) as { messages: Message[] }).messages : [];
  const errors = messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map(
      (message) =>
        `${path.basename(message.url ?? '')}:${message.lastLine ?? ''}: ${message.message}${message.extract ? ` (${message.extract.trim()})` : ''}`,
    );
  expect(errors).toEqual([]);
  expect(index).toBe(2 * (3 + Object.keys(ROUTES).length));
});
