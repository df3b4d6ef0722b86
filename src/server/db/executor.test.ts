import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerCreateInput } from '../../shared/staff-schemas';
import type { PlanInput } from '../../shared/api/plans';
import { createCustomer } from '../modules/customers';
import { createPlan } from '../modules/plans';
import { testDatabaseFor, testDatabases } from '#test/database';
import { inTransaction, isTransaction, type Executor } from './executor';
import { customers, properties, servicePlans, users, visitChecklistItems, visits } from './schema';

const customer: CustomerCreateInput = {
  name: 'Harbor Plaza Shops',
  contactName: 'Dana Ruiz',
  email: 'office@harborplaza.example',
  phone: '',
  address: '',
  user: { email: 'dana@harborplaza.example', firstName: 'Dana', lastName: 'Ruiz' },
  property: {
    name: 'Harbor Plaza',
    address: '400 Lake St',
    city: 'Milwaukee',
    state: 'WI',
    zipCode: '53202',
    propertyType: 'Retail Center',
  },
};

const plan: PlanInput = {
  name: 'Weekly sweep',
  rrule: 'FREQ=WEEKLY;BYDAY=MO',
  startDate: '2026-03-02',
  window: { from: '06:00', to: '10:00' },
  checklist: ['Pick up litter in parking areas'],
  crewUserIds: [],
  instructions: '',
};

/** A new customer with its user, property, a plan and the plan's visits, all through one executor. */
async function signUp(executor: Executor) {
  const { id } = await createCustomer(executor, customer);
  const [property] = await executor.select({ id: properties.id }).from(properties).where(eq(properties.customerId, id));
  await createPlan(executor, property!.id, plan, { horizonWeeks: 4, today: '2026-03-02' });
  return id;
}

describe.each(testDatabases)('modules composing in one transaction on %s', (kind) => {
  const t = testDatabaseFor(kind);

  const stored = async () => {
    const { db } = t.database;
    const counts = await Promise.all(
      [customers, users, properties, servicePlans, visits, visitChecklistItems].map(
        async (table) => (await db.select({ n: count() }).from(table))[0]!.n,
      ),
    );
    return counts;
  };

  it('stores nothing of createCustomer and createPlan when the caller’s transaction rolls back, and neither opens its own', async () => {
    const { db } = t.database;
    const rollBack = new Error('the caller changed its mind');
    let opened = 0;
    await expect(
      db.transaction(async (tx) => {
        expect(isTransaction(tx)).toBe(true);
        // A nested transaction (a savepoint) would go through tx.transaction.
        const nested = vi.spyOn(tx, 'transaction');
        await signUp(tx);
        opened = nested.mock.calls.length;
        // Everything is there inside the transaction…
        expect((await tx.select({ n: count() }).from(visits))[0]!.n).toBe(5);
        throw rollBack;
      }),
    ).rejects.toBe(rollBack);
    expect(opened).toBe(0);
    // …and none of it outside.
    expect(await stored()).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('stores all of it when the caller’s transaction commits', async () => {
    const { db } = t.database;
    const id = await db.transaction((tx) => signUp(tx));
    const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
    expect(row).toEqual({ id });
    expect(await stored()).toEqual([1, 1, 1, 1, 5, 5]);
  });

  it('inTransaction opens a transaction on the bare database and rolls it back on an error', async () => {
    const { db } = t.database;
    expect(isTransaction(db)).toBe(false);
    const failed = new Error('failed half way');
    await expect(
      inTransaction(db, async (tx) => {
        expect(isTransaction(tx)).toBe(true);
        await tx.insert(customers).values({ name: 'Half Done LLC', email: 'half@done.example' });
        throw failed;
      }),
    ).rejects.toBe(failed);
    expect(await db.select().from(customers).where(eq(customers.email, 'half@done.example'))).toEqual([]);
  });
});
