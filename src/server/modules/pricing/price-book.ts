import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  DUPLICATE_SERVICE_MESSAGE,
  type PriceBookService,
  type PriceBookServiceCreate,
  type PriceBookServiceUpdate,
} from '../../../shared/api/pricing';
import type { Executor } from '../../db/executor';
import { priceBookServices } from '../../db/schema';
import { NotFoundError, unlessDuplicate } from '../../errors';

/**
 * The price book: the company's services and their default prices. An estimate line copies a
 * service's name, unit, price and tax class when it is made, so a change here reaches only the
 * estimates made afterwards. Services are retired, never deleted, so old lines keep their service.
 */

const serviceFields = {
  id: priceBookServices.id,
  name: priceBookServices.name,
  description: priceBookServices.description,
  unit: priceBookServices.unit,
  priceCents: priceBookServices.priceCents,
  taxClass: priceBookServices.taxClass,
  checklist: priceBookServices.checklist,
  position: priceBookServices.position,
  active: priceBookServices.active,
};

/** Every service, active ones first, each group by position then name; `activeOnly` for what a new estimate may offer. */
export async function listPriceBookServices(db: Executor, { activeOnly = false } = {}): Promise<PriceBookService[]> {
  return db
    .select(serviceFields)
    .from(priceBookServices)
    .where(activeOnly ? eq(priceBookServices.active, true) : undefined)
    .orderBy(desc(priceBookServices.active), asc(priceBookServices.position), asc(priceBookServices.name));
}

/** One service, retired or not; NotFoundError for an unknown id. */
export async function priceBookService(db: Executor, id: string): Promise<PriceBookService> {
  const [row] = await db.select(serviceFields).from(priceBookServices).where(eq(priceBookServices.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

/** Adds a service; without a position it goes after the last one. A name already in the book (any case) is a conflict. */
export async function createPriceBookService(db: Executor, input: PriceBookServiceCreate): Promise<PriceBookService> {
  const position = input.position ?? sql<number>`(select coalesce(max(${priceBookServices.position}), 0) + 1 from ${priceBookServices})`;
  return unlessDuplicate('name', DUPLICATE_SERVICE_MESSAGE, async () => {
    const [row] = await db
      .insert(priceBookServices)
      .values({ ...input, position })
      .returning(serviceFields);
    return row!;
  });
}

/** Changes only the fields given (a price change leaves the rest as it was); `active` retires or restores it. */
export async function updatePriceBookService(db: Executor, id: string, changes: PriceBookServiceUpdate): Promise<PriceBookService> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as PriceBookServiceUpdate;
  if (Object.keys(set).length === 0) return priceBookService(db, id);
  return unlessDuplicate('name', DUPLICATE_SERVICE_MESSAGE, async () => {
    const [row] = await db
      .update(priceBookServices)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(priceBookServices.id, id))
      .returning(serviceFields);
    if (!row) throw new NotFoundError();
    return row;
  });
}

/** Takes a service out of new estimates; the estimates and agreements that name it keep it. */
export const retirePriceBookService = (db: Executor, id: string) => updatePriceBookService(db, id, { active: false });

/** Offers a retired service again. */
export const restorePriceBookService = (db: Executor, id: string) => updatePriceBookService(db, id, { active: true });
