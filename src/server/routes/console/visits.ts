import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema, idSchema } from '../../../shared/api/common';
import {
  oneOffVisitSchema,
  scheduleQuerySchema,
  scheduleSchema,
  visitChangeSchema,
  visitDetailSchema,
  visitPhotoResultSchema,
  visitPropertySchema,
} from '../../../shared/api/schedule';
import { MAX_UPLOAD_BYTES } from '../../modules/photos';
import {
  addVisitPhoto,
  changeVisit,
  createOneOffVisit,
  visitDetail,
  visitProperties,
  visitProperty,
  weekSchedule,
} from '../../modules/visits';
import { readStaffPhotoUpload } from '../read-photo-upload';

const tags = ['schedule and visits'];

/** The staff console's schedule and each visit's record: staff plan, move, skip, reassign and correct visits. */
const visits: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  app.get(
    '/api/admin/schedule',
    {
      config: { permission: { action: 'list', resource: 'visit' } },
      schema: {
        tags,
        summary: 'The visits on the local days from..to (a week), every crew member, and today’s progress',
        querystring: scheduleQuerySchema,
        response: { 200: scheduleSchema, 400: errorBodySchema },
      },
    },
    async (request) => weekSchedule(app.db, request.query),
  );

  app.get(
    '/api/admin/schedule/properties',
    {
      config: { permission: { action: 'list', resource: 'property' } },
      schema: {
        tags,
        summary: 'Every property a visit can be added to, by name',
        response: { 200: z.array(visitPropertySchema) },
      },
    },
    async () => visitProperties(app.db),
  );

  app.post(
    '/api/admin/visits',
    {
      config: { permission: { action: 'create', resource: 'visit' } },
      schema: {
        tags,
        summary: 'Add a one-off visit to a property',
        body: oneOffVisitSchema,
        response: { 201: idSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createOneOffVisit(app.db, request.body, request.user.id)),
  );

  app.get(
    '/api/admin/visits/:id',
    {
      config: { permission: { action: 'read', resource: 'visit' } },
      schema: {
        tags,
        summary: 'A visit’s record: property, crew, checklist, site issues, photos and timeline',
        params: idParamsSchema,
        response: { 200: visitDetailSchema },
      },
    },
    async (request) => visitDetail(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/visits/:id',
    {
      config: { permission: { action: 'update', resource: 'visit' } },
      schema: {
        tags,
        summary: 'Move, reassign, skip or correct a visit (action: move, reassign, skip or correct)',
        params: idParamsSchema,
        body: visitChangeSchema,
        response: { 200: idSchema, 400: errorBodySchema },
      },
    },
    async (request) => changeVisit(app.db, request.params.id, request.body, request.user.id),
  );

  app.post(
    '/api/admin/visits/:id/photos',
    {
      config: { permission: { action: 'create', resource: 'photo' } },
      schema: {
        tags,
        summary: 'Add a photo to a visit’s record (multipart/form-data: file, photoType, caption, takenAt)',
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          201: visitPhotoResultSchema,
          200: visitPhotoResultSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await visitProperty(app.db, request.params.id);
      const upload = await readStaffPhotoUpload(request);
      const result = await addVisitPhoto(
        app.db,
        app.photoStorage,
        request.params.id,
        { data: upload.data, photoType: upload.fields.photoType, caption: upload.fields.caption ?? '', takenAt: upload.fields.takenAt },
        request.user.id,
      );
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
};

export default visits;
