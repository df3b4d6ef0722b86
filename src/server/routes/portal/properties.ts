import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { idParamsSchema } from '../../../shared/api/common';
import { photoFileParamsSchema, propertyPhotoSchema, propertySchema } from '../../../shared/api/properties';
import { can } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { photoDownload, photoFile, photosOfProperty, readPhotoFile } from '../../modules/photos';
import { propertiesOfCustomer } from '../../modules/properties';

const tags = ['portal'];
/**
 * Photos show customers' lots, people and plates: no cache (the browser's disk, a proxy) keeps a copy
 * after the page is closed or the user signs out (ASVS 14.3.2).
 */
const PHOTO_CACHE = 'private, no-store';

/**
 * The customer portal's reads (SPEC §7). A record another customer owns is answered
 * "not found", exactly like one that does not exist.
 */
const properties: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customer/properties',
    {
      config: { permission: { action: 'list', resource: 'property' } },
      schema: { tags, summary: 'The signed-in customer’s properties', response: { 200: z.array(propertySchema) } },
    },
    async (request) => (request.user.customerId ? propertiesOfCustomer(app.db, request.user.customerId) : []),
  );

  app.get(
    '/api/properties/:id/photos',
    {
      config: { permission: { action: 'read', resource: 'photo' } },
      schema: {
        tags,
        summary: 'A property’s photos, newest first',
        params: idParamsSchema,
        response: { 200: z.array(propertyPhotoSchema) },
      },
    },
    async (request, reply) => {
      const found = await photosOfProperty(app.db, request.params.id);
      if (!can(request.user, 'read', 'photo', found)) throw new NotFoundError();
      reply.header('Cache-Control', 'private, no-cache');
      return found.photos;
    },
  );

  /**
   * A photo's largest stored variant (originals are not kept: they carry GPS and other
   * metadata) as a download, with a file name that says what it shows. Declared before
   * the variants' route, and a static segment wins in the router anyway.
   */
  app.get(
    '/api/photos/:id/download',
    {
      config: { permission: { action: 'read', resource: 'photo' } },
      schema: {
        tags,
        summary: 'Download a photo at the largest size stored',
        params: idParamsSchema,
        response: { 200: { description: 'The image, as an attachment', content: { 'image/webp': { schema: z.file() } } } },
      },
    },
    async (request, reply) => {
      const file = await photoDownload(app.db, request.params.id);
      if (!can(request.user, 'read', 'photo', file)) throw new NotFoundError();
      const data = await readPhotoFile(app.photoStorage, file.storageKey);
      return reply
        .header('Cache-Control', PHOTO_CACHE)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .type('image/webp')
        .send(data as unknown as File);
    },
  );

  /** Photo files: ids are random UUIDs, so URLs cannot be guessed; still only the owner's users and staff get them. */
  app.get(
    '/api/photos/:id/:file',
    {
      config: { permission: { action: 'read', resource: 'photo' } },
      schema: {
        tags,
        summary: 'A photo file (WebP, one of its widths)',
        params: photoFileParamsSchema,
        response: { 200: { description: 'The image', content: { 'image/webp': { schema: z.file() } } } },
      },
    },
    async (request, reply) => {
      const file = await photoFile(app.db, request.params.id, Number.parseInt(request.params.file, 10));
      if (!can(request.user, 'read', 'photo', file)) throw new NotFoundError();
      const data = await readPhotoFile(app.photoStorage, file.storageKey);
      // The bytes themselves: Fastify sends a Buffer as is (the contract's z.file() documents it as binary).
      return reply
        .header('Cache-Control', PHOTO_CACHE)
        .type('image/webp')
        .send(data as unknown as File);
    },
  );
};

export default properties;
