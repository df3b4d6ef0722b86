import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, signInTokens, users } from '../../db/schema';
import { hashToken } from '../../modules/accounts/tokens';
import type { PropertyPhoto } from '../../../shared/api/properties';
import type { CustomerDetail, CustomerSummary } from '../../../shared/api/customers';
import { testDatabases } from '#test/database';
import { testAppFor } from '#test/app';
import { makeJpeg } from '#test/fixtures';
import { signInLinkFrom } from '#test/smtp';
import { multipart } from '#test/multipart';

const json = { 'content-type': 'application/json' };

describe.each(testDatabases)('staff customer management on %s', (kind) => {
  const t = testAppFor(kind, { smtp: true });
  let staff: string;
  let customer: string;
  beforeEach(() => {
    staff = t.cookie('staff')!;
    customer = t.cookie('customerA')!;
  });

  // `null` for a signed-out caller (undefined would take the default).
  const call = (method: string, url: string, body?: unknown, cookie: string | null = staff) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(body ? json : {}), ...(cookie ? { cookie } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });

  it('is for staff only: 401 signed out and 403 for customers on every endpoint', async () => {
    const a = t.fixture.customerA;
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/customers'],
      ['POST', '/api/admin/customers', { name: 'X', email: 'x@example.com' }],
      ['GET', `/api/admin/customers/${a.id}`],
      ['PATCH', `/api/admin/customers/${a.id}`, { name: 'X', email: 'office-a@example.com' }],
      ['POST', `/api/admin/customers/${a.id}/users`, { email: 'new@example.com' }],
      [
        'POST',
        `/api/admin/customers/${a.id}/properties`,
        { name: 'P', address: '1 Main', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' },
      ],
      [
        'PATCH',
        `/api/admin/properties/${a.propertyId}`,
        { name: 'Plaza A', address: '1 Main', city: 'Waukesha', state: 'WI', zipCode: '53186', propertyType: 'Office' },
      ],
      ['DELETE', `/api/admin/photos/${a.photoId}`],
      ['DELETE', `/api/admin/properties/${a.propertyId}`],
    ];
    for (const [method, url, body] of endpoints) {
      expect((await call(method, url, body, null)).statusCode, `anonymous ${method} ${url}`).toBe(401);
      expect((await call(method, url, body, customer)).statusCode, `customer ${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of endpoints) {
      expect([200, 201, 204], `staff ${method} ${url}`).toContain((await call(method, url, body)).statusCode);
    }
  });

  it('creates, finds and edits customers, with clear messages for bad input', async () => {
    const created = await call('POST', '/api/admin/customers', {
      name: 'Fox River Holdings',
      email: 'Office@FoxRiver.example',
      phone: '(262) 555-0190',
      address: '1200 Northview Rd, Waukesha',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const found = (await call('GET', '/api/admin/customers?q=fox')).json<CustomerSummary[]>();
    expect(found).toEqual([
      {
        id,
        name: 'Fox River Holdings',
        email: 'office@foxriver.example',
        phone: '(262) 555-0190',
        propertyCount: 0,
        userCount: 0,
        prospect: false,
      },
    ]);

    const duplicate = await call('POST', '/api/admin/customers', { name: 'Again', email: 'office@foxriver.example' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ errors: { email: 'A customer with this email already exists' } });
    const bad = await call('POST', '/api/admin/customers', { name: ' ', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { name: 'Company name is required', email: 'Please enter a valid email address' } });

    expect(
      (await call('PATCH', `/api/admin/customers/${id}`, { name: 'Fox River Holdings LLC', email: 'office@foxriver.example', phone: '' }))
        .statusCode,
    ).toBe(200);
    const detail = (await call('GET', `/api/admin/customers/${id}`)).json<CustomerDetail>();
    expect(detail.customer).toMatchObject({ name: 'Fox River Holdings LLC', phone: null });
  });

  it('makes a customer from a quote request: company name asked, the person kept as contact, both linked', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: json,
      payload: JSON.stringify({
        name: 'Dana Kowalski',
        email: 'dana@brookfieldsquare.example',
        phone: '(262) 555-0144',
        service: 'Parking Lot Cleaning',
        message: 'Weekly sweeping for the Brookfield Square outlot, about 80 spaces.',
        consent: true,
      }),
    });
    expect(posted.statusCode).toBe(201);
    const requestId = posted.json<{ id: string }>().id;
    const fetched = await call('GET', `/api/contact/${requestId}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ name: 'Dana Kowalski', email: 'dana@brookfieldsquare.example', customer: null });
    expect((await call('GET', `/api/contact/${requestId}`, undefined, customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/contact/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    // Without a company name, nothing is stored and the request stays unlinked.
    const nameless = await call('POST', '/api/admin/customers', {
      name: '',
      contactName: 'Dana Kowalski',
      email: 'dana@brookfieldsquare.example',
      quoteRequestId: requestId,
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ errors: { name: 'Company name is required' } });
    expect((await call('GET', '/api/admin/customers?q=brookfield')).json()).toEqual([]);

    const created = await call('POST', '/api/admin/customers', {
      name: 'Brookfield Square Partners',
      contactName: 'Dana Kowalski',
      email: 'dana@brookfieldsquare.example',
      phone: '(262) 555-0144',
      quoteRequestId: requestId,
    });
    expect(created.statusCode).toBe(201);
    const customerId = created.json<{ id: string }>().id;
    const detail = (await call('GET', `/api/admin/customers/${customerId}`)).json<CustomerDetail>();
    expect(detail.customer).toMatchObject({ name: 'Brookfield Square Partners', contactName: 'Dana Kowalski' });
    expect(detail.quoteRequests).toEqual([
      {
        id: requestId,
        name: 'Dana Kowalski',
        email: 'dana@brookfieldsquare.example',
        service: 'Parking Lot Cleaning',
        submittedAt: expect.any(String),
      },
    ]);
    // The request shows its customer, in the list and on its own.
    expect((await call('GET', `/api/contact/${requestId}`)).json()).toMatchObject({
      customer: { id: customerId, name: 'Brookfield Square Partners', prospect: false },
    });
    const listed = (await call('GET', '/api/contact?q=brookfield')).json<Array<{ id: string; customer: unknown }>>();
    expect(listed.find((row) => row.id === requestId)!.customer).toEqual({
      id: customerId,
      name: 'Brookfield Square Partners',
      prospect: false,
    });

    // A second customer from the same request is refused, and nothing more is stored.
    const again = await call('POST', '/api/admin/customers', {
      name: 'Brookfield Square Again',
      email: 'other@brookfieldsquare.example',
      quoteRequestId: requestId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errors: { quoteRequestId: 'A customer was already made from this quote request' } });
    const unknown = await call('POST', '/api/admin/customers', {
      name: 'Nobody Holdings',
      email: 'nobody@example.com',
      quoteRequestId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { quoteRequestId: 'That quote request no longer exists' } });
    const names = (await call('GET', '/api/admin/customers')).json<CustomerSummary[]>().map((c) => c.name);
    expect(names).toContain('Brookfield Square Partners');
    expect(names).not.toContain('Brookfield Square Again');
    expect(names).not.toContain('Nobody Holdings');
  });

  it('makes the customer, its portal user and its first property from a quote request in one step, and the request is won', async () => {
    const quote = {
      name: 'Dana Kowalski',
      email: 'dana@brookfieldsquare.example',
      phone: '(262) 555-0144',
      service: 'Parking Lot Cleaning',
      message: 'Weekly sweeping for our outlot at 95 N Moorland Rd, Brookfield, WI 53005, about 80 spaces.',
      consent: true,
    };
    // The quote form has the SPEC's fields only: a company sent along is not kept, so staff ask for it.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: json,
      payload: JSON.stringify({ ...quote, company: 'Brookfield Square Partners' }),
    });
    expect(posted.statusCode).toBe(201);
    const requestId = posted.json<{ id: string }>().id;
    const stored = (await call('GET', `/api/contact/${requestId}`)).json<Record<string, unknown>>();
    expect(stored).toMatchObject({ name: 'Dana Kowalski', status: 'new' });
    expect(stored).not.toHaveProperty('company');
    expect(JSON.stringify(stored)).not.toContain('Brookfield Square Partners');
    // The company is the one thing staff must add: without it, nothing is stored and the request stays new.
    const unnamed = await call('POST', '/api/admin/customers', {
      name: '',
      email: quote.email,
      quoteRequestId: requestId,
      user: { email: quote.email, firstName: 'Dana', lastName: 'Kowalski' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ errors: { name: 'Company name is required' } });
    expect((await call('GET', `/api/contact/${requestId}`)).json()).toMatchObject({ status: 'new', customer: null });
    const property = {
      name: 'Brookfield Square outlot',
      address: '95 N Moorland Rd',
      city: 'Brookfield',
      state: 'WI',
      zipCode: '53005',
      propertyType: 'Retail Center',
    };
    const body = {
      name: 'Brookfield Square Partners',
      contactName: 'Dana Kowalski',
      email: 'dana@brookfieldsquare.example',
      phone: '(262) 555-0144',
      quoteRequestId: requestId,
      user: { email: 'dana@brookfieldsquare.example', firstName: 'Dana', lastName: 'Kowalski' },
      property,
    };

    // The portal user's address is taken: nothing is stored, and the request stays new and unlinked.
    const taken = await call('POST', '/api/admin/customers', { ...body, user: { ...body.user, email: t.fixture.customerB.userEmail } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errors: { 'user.email': 'Someone already signs in with this email' } });
    expect((await call('GET', '/api/admin/customers?q=brookfield')).json()).toEqual([]);
    expect((await call('GET', `/api/contact/${requestId}`)).json()).toMatchObject({ status: 'new', customer: null });
    // A bad property address is refused with its field's message.
    const badZip = await call('POST', '/api/admin/customers', { ...body, property: { ...property, zipCode: '5300' } });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json()).toMatchObject({ errors: { property: 'ZIP code must be 5 digits, such as 53202' } });

    const created = await call('POST', '/api/admin/customers', body);
    expect(created.statusCode, created.body).toBe(201);
    const customerId = created.json<{ id: string }>().id;
    const detail = (await call('GET', `/api/admin/customers/${customerId}`)).json<CustomerDetail>();
    expect(detail.users).toEqual([
      {
        id: expect.any(String),
        email: 'dana@brookfieldsquare.example',
        firstName: 'Dana',
        lastName: 'Kowalski',
        disabled: false,
        invited: false,
      },
    ]);
    // Brookfield is in Waukesha County: its sales tax is worked out from the city (issue 24).
    expect(detail.properties).toEqual([{ id: expect.any(String), ...property, taxJurisdiction: 'waukesha-county' }]);
    expect((await call('GET', `/api/contact/${requestId}`)).json()).toMatchObject({
      status: 'won',
      customer: { id: customerId, name: 'Brookfield Square Partners', prospect: false },
    });
    // Not e-mailed: staff send the invitation when they are ready, and the user then counts as invited.
    expect((await t.app.db.select().from(emailOutbox)).filter((row) => row.toAddress === 'dana@brookfieldsquare.example')).toEqual([]);
    expect((await call('POST', `/api/admin/users/${detail.users[0]!.id}/invite`)).statusCode).toBe(202);
    expect((await call('GET', `/api/admin/customers/${customerId}`)).json<CustomerDetail>().users[0]!.invited).toBe(true);
  });

  it('adds a sign-in user and sends an invitation: from whom, what the portal offers, 7 days, once', async () => {
    const added = await call('POST', `/api/admin/customers/${t.fixture.customerA.id}/users`, {
      email: 'Leasing@PlazaA.example',
      firstName: 'Lee',
    });
    expect(added.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/admin/customers/${t.fixture.customerA.id}/users`, { email: 'leasing@plazaa.example' })).statusCode,
    ).toBe(409);
    const invited = await call('POST', `/api/admin/users/${added.json<{ id: string }>().id}/invite`);
    expect(invited.statusCode).toBe(202);
    const mail = await t.smtp.nextMailTo('leasing@plazaa.example');
    const [sender] = await t.database.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.role, 'owner'))
      .limit(1);
    const senderName = [sender!.firstName, sender!.lastName].filter(Boolean).join(' ');
    const subject = /^Subject: (.*)$/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))![1];
    expect(subject).toBe(`${senderName} invited you to the Lakeshore Lot Care customer portal`);
    expect(mail.decoded).toContain(`${senderName} at Lakeshore Lot Care has invited you to the Lakeshore Lot Care customer portal for`);
    expect(mail.decoded).toContain('before and after photos from every visit');
    expect(mail.decoded).toContain('The invitation works once, for 7 days.');
    expect(mail.decoded).not.toMatch(/did not ask to sign in/i);

    // Stored as an invitation from that staff member, good for 7 days.
    const token = new URL(signInLinkFrom(mail)).searchParams.get('token')!;
    const [row] = await t.database.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.tokenHash, hashToken(token)));
    expect(row!.purpose).toBe('invitation');
    expect(row!.invitedBy).not.toBeNull();
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    // Six days later it still works, once.
    await t.database.db
      .update(signInTokens)
      .set({ createdAt: new Date(Date.now() - 6 * 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(signInTokens.tokenHash, hashToken(token)));
    // No browser asked for an invitation, so it also takes the address it was sent to (typed as the person likes).
    const signIn = (value: string, email: string | null = 'Leasing@PlazaA.example') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: json,
        payload: JSON.stringify(email === null ? { token: value } : { token: value, email }),
      });
    const unconfirmed = await signIn(token, null);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ problem: 'confirm-email', message: 'Please enter the e-mail address this link was sent to.' });
    expect((await signIn(token)).statusCode).toBe(200);
    const again = await signIn(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ problem: 'used', message: 'This invitation has already been used. Each invitation works once.' });

    // A second invitation, opened after its 7 days, is refused as an expired invitation.
    await call('POST', `/api/admin/users/${added.json<{ id: string }>().id}/invite`);
    const late = new URL(signInLinkFrom(await t.smtp.nextMailTo('leasing@plazaa.example'))).searchParams.get('token')!;
    await t.database.db
      .update(signInTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInTokens.tokenHash, hashToken(late)));
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link/check',
      headers: json,
      payload: JSON.stringify({ token: late }),
    });
    expect(checked.json()).toEqual({
      ok: false,
      problem: 'expired',
      message: 'This invitation has expired. Invitations work for 7 days.',
      purpose: 'invitation',
      returnTo: '/customer-dashboard',
    });
    expect((await signIn(late)).statusCode).toBe(400);
  });

  it('adds, edits and removes properties with the SPEC fields and the property-type list', async () => {
    const input = {
      name: 'Fox River Apartments',
      address: '1200 Northview Rd',
      city: 'Waukesha',
      state: 'wi',
      zipCode: '53188',
      propertyType: 'Multi-Family',
    };
    const created = await call('POST', `/api/admin/customers/${t.fixture.customerA.id}/properties`, input);
    expect(created.statusCode).toBe(201);
    expect((await call('POST', `/api/admin/customers/${t.fixture.customerA.id}/properties`, input)).statusCode).toBe(409);
    const bad = await call('POST', `/api/admin/customers/${t.fixture.customerA.id}/properties`, {
      ...input,
      name: 'Other',
      zipCode: '5318',
      propertyType: 'Castle',
    });
    expect(bad.json()).toMatchObject({
      errors: {
        zipCode: 'ZIP code must be 5 digits, such as 53202',
        propertyType: expect.stringContaining('Property type must be one of'),
      },
    });
    const id = created.json<{ id: string }>().id;
    expect((await call('PATCH', `/api/admin/properties/${id}`, { ...input, city: 'Pewaukee' })).statusCode).toBe(200);
    const detail = (await call('GET', `/api/admin/customers/${t.fixture.customerA.id}`)).json<CustomerDetail>();
    expect(detail.properties.find((p) => p.id === id)).toMatchObject({ city: 'Pewaukee', state: 'WI', propertyType: 'Multi-Family' });
    expect((await call('DELETE', `/api/admin/properties/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/properties/${id}/photos`)).statusCode).toBe(404);
  });

  it('uploads photos one per request: a bad file gets its reason and the good ones are stored', async () => {
    const url = `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`;
    const good = multipart(
      { photoType: 'after', caption: 'After the sweep' },
      { name: 'after.jpg', type: 'image/jpeg', data: await makeJpeg({ color: '#0f0' }) },
    );
    const bad = multipart(
      { photoType: 'before', caption: 'Not a photo' },
      { name: 'invoice.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.7 not an image') },
    );
    const results = await Promise.all(
      [good, bad].map((body) => t.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie: staff }, payload: body.payload })),
    );
    expect(results[0]!.statusCode).toBe(201);
    expect(results[1]!.statusCode).toBe(415);
    expect(results[1]!.json()).toEqual({ message: 'This file is not an image we can read. Upload a JPEG, PNG or WebP photo.' });
    const noType = multipart({ caption: 'x' }, { name: 'a.jpg', type: 'image/jpeg', data: await makeJpeg() });
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { ...noType.headers, cookie: staff }, payload: noType.payload })).json(),
    ).toMatchObject({
      errors: { photoType: 'Choose the photo type: before, after or other' },
    });

    const listed = (
      await t.app.inject({ url: `/api/properties/${t.fixture.customerA.propertyId}/photos`, headers: { cookie: customer } })
    ).json<PropertyPhoto[]>();
    expect(listed.map((p) => p.caption)).toEqual(['After the sweep', 'Lot a']);

    // Deleting removes the row and the files.
    const photoUrl = listed[0]!.imageUrl;
    expect((await call('DELETE', `/api/admin/photos/${listed[0]!.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: photoUrl, headers: { cookie: staff } })).statusCode).toBe(404);
  });
});
