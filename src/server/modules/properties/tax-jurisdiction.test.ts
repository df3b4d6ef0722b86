import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '../../../shared/api/customers';
import type { PropertyDetail } from '../../../shared/api/properties';
import { properties } from '../../db/schema';
import { createCustomer } from '../customers';
import { taxJurisdictionOf } from './properties.service';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';

describe('a property’s tax jurisdiction, worked out from its city', () => {
  it('guesses on create, keeps staff’s choice, and guesses again only when the city changes', () => {
    expect(taxJurisdictionOf({ city: 'Milwaukee' })).toBe('milwaukee-city');
    expect(taxJurisdictionOf({ city: 'Brookfield', taxJurisdiction: 'milwaukee-county' })).toBe('milwaukee-county');
    const stored = { city: 'Milwaukee', taxJurisdiction: 'milwaukee-county' as const };
    // The form sends back what it loaded: with the city unchanged, staff's earlier choice stays.
    expect(taxJurisdictionOf({ city: ' milwaukee ', taxJurisdiction: 'milwaukee-county' }, stored)).toBe('milwaukee-county');
    expect(taxJurisdictionOf({ city: 'Milwaukee' }, stored)).toBe('milwaukee-county');
    // A new city brings its own jurisdiction, unless staff chose another in the same change.
    expect(taxJurisdictionOf({ city: 'Waukesha', taxJurisdiction: 'milwaukee-county' }, stored)).toBe('waukesha-county');
    expect(taxJurisdictionOf({ city: 'Waukesha', taxJurisdiction: 'wisconsin' }, stored)).toBe('wisconsin');
    expect(taxJurisdictionOf({ city: 'Milwaukee', taxJurisdiction: 'milwaukee-city' }, stored)).toBe('milwaukee-city');
  });
});

describe.each(testDatabases)('properties and their sales tax on %s', (kind) => {
  const t = testAppFor(kind);
  const json = { 'content-type': 'application/json' };
  const lot = {
    name: 'Bay View Plaza',
    address: '2600 S Kinnickinnic Ave',
    state: 'WI',
    zipCode: '53207',
    propertyType: 'Retail Center' as const,
  };
  const stored = async (id: string) =>
    (await t.app.db.select({ taxJurisdiction: properties.taxJurisdiction }).from(properties).where(eq(properties.id, id)))[0]!
      .taxJurisdiction;
  const add = async (body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${t.fixture.customerA.id}/properties`,
      headers: { ...t.as('staff'), ...json },
      payload: JSON.stringify({ ...lot, ...body }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const change = (id: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${id}`,
      headers: { ...t.as('staff'), ...json },
      payload: JSON.stringify({ ...lot, ...body }),
    });

  it('sets the jurisdiction from the city when a property is added, or as staff chose', async () => {
    expect(await stored(await add({ city: 'Milwaukee' }))).toBe('milwaukee-city');
    expect(await stored(await add({ name: 'Mayfair Outlot', city: 'Wauwatosa' }))).toBe('milwaukee-county');
    expect(await stored(await add({ name: 'Bluemound Center', city: 'Brookfield' }))).toBe('waukesha-county');
    expect(await stored(await add({ name: 'Racine Depot', city: 'Racine' }))).toBe('wisconsin');
    expect(await stored(await add({ name: 'Line Street Lot', city: 'Brookfield', taxJurisdiction: 'milwaukee-county' }))).toBe(
      'milwaukee-county',
    );
  });

  it('sets it for the first property of a new customer too', async () => {
    const { id } = await createCustomer(t.app.db, {
      name: 'Waukesha Commons LLC',
      email: 'office@waukeshacommons.example',
      property: { ...lot, city: 'Waukesha' },
    });
    const [row] = await t.app.db.select().from(properties).where(eq(properties.customerId, id));
    expect(row!.taxJurisdiction).toBe('waukesha-county');
  });

  it('follows a change of city, keeps staff’s choice otherwise, and refuses an unknown jurisdiction', async () => {
    const id = await add({ city: 'Milwaukee' });
    expect((await change(id, { city: 'Milwaukee', taxJurisdiction: 'milwaukee-county' })).statusCode).toBe(200);
    expect(await stored(id)).toBe('milwaukee-county');
    expect((await change(id, { city: 'Milwaukee', name: 'Bay View Plaza East' })).statusCode).toBe(200);
    expect(await stored(id)).toBe('milwaukee-county');
    expect((await change(id, { city: 'New Berlin', taxJurisdiction: 'milwaukee-county' })).statusCode).toBe(200);
    expect(await stored(id)).toBe('waukesha-county');

    const refused = await change(id, { city: 'New Berlin', taxJurisdiction: 'illinois' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      taxJurisdiction: 'Choose where sales tax is due: City of Milwaukee, Milwaukee County, Waukesha County, Elsewhere in Wisconsin',
    });
    expect(await stored(id)).toBe('waukesha-county');
  });

  it('shows the jurisdiction to staff with its combined rate, and not in the portal', async () => {
    const id = await add({ city: 'Milwaukee' });
    const detail = await t.app.inject({ url: `/api/admin/properties/${id}`, headers: t.as('staff') });
    expect(detail.json<PropertyDetail>().salesTax).toEqual({ jurisdiction: 'milwaukee-city', rateBp: 790 });
    const customer = await t.app.inject({ url: `/api/admin/customers/${t.fixture.customerA.id}`, headers: t.as('staff') });
    expect(customer.json<CustomerDetail>().properties.find((property) => property.id === id)!.taxJurisdiction).toBe('milwaukee-city');
    const portal = await t.app.inject({ url: '/api/customer/properties', headers: t.as('customerA') });
    expect(portal.body).not.toContain('taxJurisdiction');
  });
});
