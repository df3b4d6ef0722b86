import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isUuid } from '../uuid';
import { can } from '../../shared/policy';
import type { Property, PropertyPhoto } from '../../shared/portal-types';
import type { SessionUser } from '../modules/accounts/sessions';
import { descNullsLast } from '../db/order';
import { preparedQuery } from '../db/prepared';
import { photos, properties, propertyFields } from '../db/schema';
import { variantKey } from '../photos/photo-store';

const notFound = { message: 'Not found' };

const customerPropertiesQuery = preparedQuery((db) =>
  db
    .select(propertyFields)
    .from(properties)
    .where(eq(properties.customerId, sql.placeholder('customerId')))
    .orderBy(properties.name)
    .prepare('customer_properties'),
);

/** A property's owner with each of its photos, newest first; one row with a null photo when it has none. */
const propertyPhotosQuery = preparedQuery((db) =>
  db
    .select({ customerId: properties.customerId, photo: photos })
    .from(properties)
    .leftJoin(photos, eq(photos.propertyId, properties.id))
    .where(eq(properties.id, sql.placeholder('propertyId')))
    .orderBy(descNullsLast(photos.uploadDate), descNullsLast(photos.id))
    .prepare('property_photos'),
);

const photoUrl = (id: string, width: number) => `/api/photos/${id}/${width}.webp`;

/** The variant shown by default: 1200 px, or the largest below it. */
function defaultWidth(widths: number[]): number {
  return widths.filter((w) => w <= 1200).at(-1) ?? widths[0]!;
}

/** A customer's properties are seen by that customer's users and by staff; to anyone else they are "not found". */
const mayView = (session: SessionUser, customerId: string) => can(session.user, 'read', 'property', { customerId });

const customer: FastifyPluginAsync = async (app) => {
  /** A property the session may see, by id. */
  async function visibleProperty(session: SessionUser, propertyId: string) {
    if (!isUuid(propertyId)) return null;
    const [property] = await app.db
      .select({ id: properties.id, customerId: properties.customerId })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .limit(1);
    return property && mayView(session, property.customerId) ? property : null;
  }

  app.get('/api/customer/properties', { preHandler: app.requireUser }, async (request) => {
    const { user } = (await request.sessionUser())!;
    if (!user.customerId) return [];
    const rows: Property[] = await customerPropertiesQuery(app.db).execute({ customerId: user.customerId });
    return rows;
  });

  app.get<{ Params: { id: string } }>('/api/properties/:id/photos', { preHandler: app.requireUser }, async (request, reply) => {
    const session = (await request.sessionUser())!;
    if (!isUuid(request.params.id)) return reply.code(404).send(notFound);
    // One query: the property's owner (to authorize) and its photos, if any.
    const found = await propertyPhotosQuery(app.db).execute({ propertyId: request.params.id });
    const owner = found[0]?.customerId;
    if (!owner || !mayView(session, owner)) return reply.code(404).send(notFound);
    const rows = found.flatMap((row) => (row.photo ? [row.photo] : []));
    reply.header('Cache-Control', 'private, no-cache');
    return rows.map((row): PropertyPhoto => ({
      id: row.id,
      imageUrl: photoUrl(row.id, defaultWidth(row.variantWidths)),
      srcSet: row.variantWidths.map((w) => `${photoUrl(row.id, w)} ${w}w`).join(', '),
      width: row.width,
      height: row.height,
      caption: row.caption,
      uploadDate: row.uploadDate.toISOString(),
      photoType: row.photoType,
    }));
  });

  /** Photo files: only for the owning customer's users and staff; ids are random UUIDs, so URLs cannot be guessed. */
  app.get<{ Params: { id: string; file: string } }>('/api/photos/:id/:file', { preHandler: app.requireUser }, async (request, reply) => {
    const match = /^(\d{2,4})\.webp$/.exec(request.params.file);
    if (!match || !isUuid(request.params.id)) return reply.code(404).send(notFound);
    const [photo] = await app.db
      .select({ storageKey: photos.storageKey, propertyId: photos.propertyId, variantWidths: photos.variantWidths })
      .from(photos)
      .where(eq(photos.id, request.params.id))
      .limit(1);
    const width = Number(match[1]);
    if (!photo || !photo.variantWidths.includes(width)) return reply.code(404).send(notFound);
    if (!(await visibleProperty((await request.sessionUser())!, photo.propertyId))) return reply.code(404).send(notFound);
    const data = await app.photoStorage.get(variantKey(photo.storageKey, width));
    if (!data) return reply.code(404).send(notFound);
    return reply.header('Cache-Control', 'private, max-age=86400, immutable').type('image/webp').send(data);
  });
};

export default customer;
