import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingSettings, PriceBookService } from '../../../shared/api/pricing';
import { auditEvents, billingSettings, priceBookServices } from '../../db/schema';
import { taxRateFor } from '../../modules/pricing';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { signInAs } from '#test/sign-in';

const SEEDED = [
  'Parking Lot Cleaning',
  'Sidewalks & Building Entrances',
  'Trash Receptacle Maintenance',
  'Landscaped Area Cleanup',
  'Dumpster & Waste Areas',
  'Initial Cleanup',
  'Emergency Callout',
];
const DEFAULTS: BillingSettings = {
  termDiscounts: { 'month-to-month': 0, '6-months': 500, '12-months': 1000 },
  taxRates: { stateBp: 500, milwaukeeCountyBp: 90, milwaukeeCityBp: 200, waukeshaCountyBp: 50 },
};

describe.each(testDatabases)('the price book and billing settings on %s', (kind) => {
  const t = testAppFor(kind);
  const json = { 'content-type': 'application/json' };
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, headers = t.as('staff')) =>
    t.app.inject({ method, url, headers: { ...headers, ...json }, payload: JSON.stringify(body) });
  const list = async () => (await t.app.inject({ url: '/api/admin/price-book', headers: t.as('staff') })).json<PriceBookService[]>();
  const newService = async (overrides: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/admin/price-book', {
      name: `Pressure Washing ${randomUUID().slice(0, 8)}`,
      description: 'Entrances and walks washed with hot water.',
      unit: 'hour',
      priceCents: 12000,
      taxClass: 'exempt',
      checklist: ['Photograph the area before', 'Wash entrances and walks'],
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PriceBookService>();
  };

  it('lists the seeded services by position, with their units, prices and tax classes', async () => {
    const services = await list();
    expect(services.slice(0, 7).map((service) => service.name)).toEqual(SEEDED);
    expect(services[0]).toMatchObject({ unit: 'visit', priceCents: 8500, taxClass: 'exempt', active: true, position: 1 });
    expect(services[0]!.checklist).toContain('Walk the whole lot and pick up litter');
    // Wisconsin taxes landscaping, not the cleaning of real property.
    expect(services.find((service) => service.name === 'Landscaped Area Cleanup')!.taxClass).toBe('taxable');
    expect(services.find((service) => service.name === 'Initial Cleanup')!.unit).toBe('once');
    expect(services.find((service) => service.name === 'Emergency Callout')!.unit).toBe('hour');
  });

  it('adds a service at the end of the list, and refuses a name already in the book, in any case', async () => {
    const added = await newService();
    expect(added).toMatchObject({ unit: 'hour', priceCents: 12000, taxClass: 'exempt', active: true });
    const services = await list();
    expect(services.filter((service) => service.active).at(-1)!.id).toBe(added.id);
    expect(added.position).toBeGreaterThan(7);

    const before = await t.app.db.select().from(priceBookServices);
    const duplicate = await send('POST', '/api/admin/price-book', {
      name: ' parking lot cleaning ',
      unit: 'visit',
      priceCents: 1,
      taxClass: 'exempt',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: 'The price book already has a service with this name',
      errors: { name: 'The price book already has a service with this name' },
    });
    expect(await t.app.db.select().from(priceBookServices)).toEqual(before);
  });

  it('changes a price and nothing else, and records the change in the audit log', async () => {
    const service = await newService();
    const [stored] = await t.app.db.select().from(priceBookServices).where(eq(priceBookServices.id, service.id));
    const response = await send('PATCH', `/api/admin/price-book/${service.id}`, { priceCents: 13550 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...service, priceCents: 13550 });
    const [after] = await t.app.db.select().from(priceBookServices).where(eq(priceBookServices.id, service.id));
    expect({ ...after, priceCents: 0, updatedAt: null }).toEqual({ ...stored, priceCents: 0, updatedAt: null });
    expect(after!.priceCents).toBe(13550);
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(stored!.updatedAt.getTime());

    const [event] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, service.id));
    expect(event).toMatchObject({ kind: 'write', action: 'PATCH /api/admin/price-book/:id', targetType: 'price-book', outcome: 'ok' });
    expect(event!.summary).toBe('priceCents');
  });

  it('edits every field of a service at once', async () => {
    const service = await newService();
    const changes = {
      name: 'Lot Sweeping (Machine)',
      description: 'A ride-on sweeper across the whole lot.',
      unit: 'visit',
      priceCents: 19500,
      taxClass: 'taxable',
      checklist: ['Sweep drive lanes', 'Sweep parking rows'],
      position: 3,
    };
    const response = await send('PATCH', `/api/admin/price-book/${service.id}`, changes);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...service, ...changes });
  });

  it('retires a service (listed after the active ones, never deleted) and restores it', async () => {
    const service = await newService();
    const retired = await send('PATCH', `/api/admin/price-book/${service.id}`, { active: false });
    expect(retired.json()).toMatchObject({ id: service.id, active: false, priceCents: service.priceCents });
    const services = await list();
    expect(services.at(-1)!.id).toBe(service.id);
    expect(services.slice(0, -1).every((other) => other.active || other.position <= service.position)).toBe(true);
    const restored = await send('PATCH', `/api/admin/price-book/${service.id}`, { active: true });
    expect(restored.json()).toMatchObject({ active: true });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/price-book/${service.id}`, headers: t.as('staff') })).statusCode).toBe(
      404,
    );
    const unknown = await send('PATCH', `/api/admin/price-book/${randomUUID()}`, { active: false });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses bad services with a message for each field, and stores nothing', async () => {
    const service = await newService();
    const before = await t.app.db.select().from(priceBookServices);
    const cases: Array<[string, 'POST' | 'PATCH', unknown, Record<string, string>]> = [
      [
        '/api/admin/price-book',
        'POST',
        { name: ' ', unit: 'week', priceCents: 85.5, taxClass: 'sometimes' },
        {
          name: 'Name is required',
          unit: 'Choose a unit: per visit, per month, per hour, one time',
          priceCents: 'An amount must be a whole number of cents',
          taxClass: 'Choose whether the service is taxable or not taxed',
        },
      ],
      [
        '/api/admin/price-book',
        'POST',
        { name: 'Gum Removal', unit: 'visit', taxClass: 'exempt' },
        { priceCents: 'An amount must be a whole number of cents' },
      ],
      [`/api/admin/price-book/${service.id}`, 'PATCH', { priceCents: -100 }, { priceCents: 'An amount must be zero or more' }],
      [
        `/api/admin/price-book/${service.id}`,
        'PATCH',
        { priceCents: 100_000_001 },
        { priceCents: 'Enter a price from $0.00 to $1,000,000.00' },
      ],
      [`/api/admin/price-book/${service.id}`, 'PATCH', { checklist: ['Sweep', ''] }, { checklist: 'Each checklist item is required' }],
      [`/api/admin/price-book/${service.id}`, 'PATCH', { active: 'no' }, { active: 'Active must be true or false' }],
    ];
    for (const [url, method, body, errors] of cases) {
      const response = await send(method, url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await t.app.db.select().from(priceBookServices)).toEqual(before);
  });

  it('reads the billing settings with their defaults, and the combined tax rate of each jurisdiction', async () => {
    const response = await t.app.inject({ url: '/api/admin/billing-settings', headers: t.as('staff') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULTS);
    expect(await taxRateFor(t.app.db, 'milwaukee-city')).toBe(790);
    expect(await taxRateFor(t.app.db, 'milwaukee-county')).toBe(590);
    expect(await taxRateFor(t.app.db, 'waukesha-county')).toBe(550);
    expect(await taxRateFor(t.app.db, 'wisconsin')).toBe(500);
  });

  it('updates the discounts and rates, noting who did, and the tax rates follow', async () => {
    const changed: BillingSettings = {
      termDiscounts: { 'month-to-month': 0, '6-months': 750, '12-months': 1250 },
      taxRates: { stateBp: 500, milwaukeeCountyBp: 90, milwaukeeCityBp: 200, waukeshaCountyBp: 60 },
    };
    const response = await send('PUT', '/api/admin/billing-settings', changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(changed);
    expect((await t.app.inject({ url: '/api/admin/billing-settings', headers: t.as('staff') })).json()).toEqual(changed);
    expect(await taxRateFor(t.app.db, 'waukesha-county')).toBe(560);
    const [row] = await t.app.db.select().from(billingSettings);
    expect(row!.updatedBy).toEqual(expect.any(String));
  });

  it('refuses discounts and rates outside 0% to 100% with clear messages, and stores nothing', async () => {
    const before = await t.app.db.select().from(billingSettings);
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { ...DEFAULTS, termDiscounts: { ...DEFAULTS.termDiscounts, '12-months': 10_001 } },
        { termDiscounts: 'Enter a discount between 0% and 100%' },
      ],
      [
        { ...DEFAULTS, termDiscounts: { ...DEFAULTS.termDiscounts, '6-months': 5.5 } },
        { termDiscounts: 'Enter a discount between 0% and 100%' },
      ],
      [{ ...DEFAULTS, taxRates: { ...DEFAULTS.taxRates, stateBp: -1 } }, { taxRates: 'Enter a tax rate between 0% and 100%' }],
      [{ termDiscounts: DEFAULTS.termDiscounts }, { taxRates: 'Send the tax rates as an object' }],
    ];
    for (const [body, errors] of cases) {
      const response = await send('PUT', '/api/admin/billing-settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await t.app.db.select().from(billingSettings)).toEqual(before);
  });

  it('lets the office read prices but change nothing, and gives crews and customers nothing', async () => {
    const service = await newService();
    const office = { cookie: (await signInAs(t.app, 'office')).cookie };
    const crew = { cookie: (await signInAs(t.app, 'crew')).cookie };
    expect((await t.app.inject({ url: '/api/admin/price-book', headers: office })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/billing-settings', headers: office })).statusCode).toBe(200);
    const before = await t.app.db.select().from(priceBookServices);
    const refusals = [
      await send('PATCH', `/api/admin/price-book/${service.id}`, { priceCents: 1 }, office),
      await send('POST', '/api/admin/price-book', { name: 'Gum Removal', unit: 'visit', priceCents: 100, taxClass: 'exempt' }, office),
      await send('PUT', '/api/admin/billing-settings', DEFAULTS, office),
    ];
    for (const response of refusals) expect(response.statusCode).toBe(403);
    for (const headers of [crew, t.as('customerA')]) {
      expect((await t.app.inject({ url: '/api/admin/price-book', headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: '/api/admin/billing-settings', headers })).statusCode).toBe(403);
      expect((await send('PATCH', `/api/admin/price-book/${service.id}`, { priceCents: 1 }, headers)).statusCode).toBe(403);
    }
    expect(await t.app.db.select().from(priceBookServices)).toEqual(before);
  });
});
