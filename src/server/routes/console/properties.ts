import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema, idSchema } from '../../../shared/api/common';
import { propertyPhotoSchema } from '../../../shared/api/properties';
import { photoUpdateSchema, propertyInputSchema } from '../../../shared/staff-schemas';
import { addPhoto, MAX_UPLOAD_BYTES, updatePhoto } from '../../modules/photos';
import { deletePhoto } from '../../modules/visits';
import { createProperty, deleteProperty, propertyOwner, updateProperty } from '../../modules/properties';
import { readStaffPhotoUpload } from '../read-photo-upload';

const tags = ['properties and photos'];

/** A customer's properties, and their photos. */
const properties: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.post(
    '/api/admin/customers/:id/properties',
    {
      config: { permission: { action: 'create', resource: 'property' } },
      schema: {
        tags,
        summary: 'Add a property',
        params: idParamsSchema,
        body: propertyInputSchema,
        response: { 201: idSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await createProperty(app.db, request.params.id, request.body));
    },
  );

  app.patch(
    '/api/admin/properties/:id',
    {
      config: { permission: { action: 'update', resource: 'property' } },
      schema: {
        tags,
        summary: 'Change a property',
        params: idParamsSchema,
        body: propertyInputSchema,
        response: { 200: idSchema, 409: errorBodySchema },
      },
    },
    async (request) => updateProperty(app.db, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/properties/:id',
    {
      config: { permission: { action: 'delete', resource: 'property' } },
      schema: { tags, summary: 'Remove a property and its photos', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteProperty(app.db, app.photoStorage, request.params.id);
      return reply.code(204).send(null);
    },
  );

  /**
   * One photo per request (multipart: file, photoType, caption, takenAt), so each file succeeds or
   * fails on its own. Every field is checked before the file is processed: a refused upload stores nothing.
   */
  app.post(
    '/api/admin/properties/:id/photos',
    {
      config: { permission: { action: 'create', resource: 'photo' } },
      schema: {
        tags,
        summary:
          'Upload a photo (multipart/form-data: file, photoType, caption, and takenAt: a date, or empty for none; left out, it is read from EXIF)',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ id: z.string(), created: z.boolean() }),
          200: z.object({ id: z.string(), created: z.boolean() }),
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await propertyOwner(app.db, request.params.id);
      const { data, fields } = await readStaffPhotoUpload(request);
      const result = await addPhoto(app.db, app.photoStorage, {
        propertyId: request.params.id,
        data,
        caption: fields.caption ?? '',
        photoType: fields.photoType,
        takenAt: fields.takenAt,
      });
      return reply.code(result.created ? 201 : 200).send({ id: result.id, created: result.created });
    },
  );

  app.patch(
    '/api/admin/photos/:id',
    {
      config: { permission: { action: 'update', resource: 'photo' } },
      schema: {
        tags,
        summary: 'Change a photo’s type, caption or taken-on date (takenAt: null removes it)',
        params: idParamsSchema,
        body: photoUpdateSchema,
        response: { 200: propertyPhotoSchema, 400: errorBodySchema },
      },
    },
    async (request) => updatePhoto(app.db, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/photos/:id',
    {
      config: { permission: { action: 'delete', resource: 'photo' } },
      schema: { tags, summary: 'Remove a photo', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deletePhoto(app.db, app.photoStorage, request.params.id, request.user.id);
      return reply.code(204).send(null);
    },
  );
};

export default properties;
