import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  extraCleanupInputSchema,
  problemReportFieldsSchema,
  serviceRequestMessages,
  serviceRequestSchema,
} from '../../../shared/api/service-requests';
import { PROBLEM_PHOTOS_MAX } from '../../../shared/service-requests';
import { can } from '../../../shared/policy';
import { NotFoundError } from '../../errors';
import { MAX_UPLOAD_BYTES } from '../../modules/photos';
import { createServiceRequest, propertyServiceRequests } from '../../modules/service-requests';
import { propertyOwner } from '../../modules/properties';
import { readPhotosUpload } from '../read-photo-upload';

const tags = ['service requests'];

/**
 * A customer's requests on one of their properties: an extra cleanup and a problem report (with
 * photos), and the list of the property's requests with their status. Another customer's property
 * is "not found". Sending is rate limited as the public quote form is.
 */
const serviceRequests: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: PROBLEM_PHOTOS_MAX, fields: 8 } });
  const { max, windowMs } = app.config.contactRateLimit;
  const rateLimit = { max, timeWindow: windowMs };

  /** The property, if the signed-in user may `action` requests on it; otherwise 404. */
  async function ownProperty(user: Parameters<typeof can>[0], propertyId: string, action: 'list' | 'create') {
    const owner = await propertyOwner(app.db, propertyId);
    if (!can(user, action, 'serviceRequest', owner)) throw new NotFoundError();
    return owner;
  }

  app.get(
    '/api/properties/:id/requests',
    {
      config: { permission: { action: 'list', resource: 'serviceRequest' } },
      schema: {
        tags,
        summary: 'A property’s requests from the portal, newest first, with their status',
        params: idParamsSchema,
        response: { 200: z.array(serviceRequestSchema), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await ownProperty(request.user, request.params.id, 'list');
      reply.header('Cache-Control', 'private, no-cache');
      return propertyServiceRequests(app.db, request.params.id);
    },
  );

  app.post(
    '/api/properties/:id/requests/cleanup',
    {
      config: {
        permission: { action: 'create', resource: 'serviceRequest' },
        rateLimit,
        invalidMessage: 'Please correct the highlighted fields',
      },
      schema: {
        tags,
        summary: 'Request an extra cleanup: 1 to 3 preferred dates (today to 90 days ahead) and a note',
        params: idParamsSchema,
        body: extraCleanupInputSchema,
        response: { 201: serviceRequestSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const owner = await ownProperty(request.user, request.params.id, 'create');
      const created = await createServiceRequest(app.db, app.photoStorage, app.mail, {
        kind: 'extra_cleanup',
        propertyId: request.params.id,
        requester: { id: request.user.id, customerId: owner.customerId },
        note: request.body.note ?? '',
        preferredDates: request.body.preferredDates,
        photos: [],
      });
      request.log.info({ serviceRequestId: created.id }, 'service request stored');
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/properties/:id/requests/problem',
    {
      config: { permission: { action: 'create', resource: 'serviceRequest' }, rateLimit },
      schema: {
        tags,
        summary: `Report a problem (multipart/form-data: note, and up to ${PROBLEM_PHOTOS_MAX} image files named photos)`,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          201: serviceRequestSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const owner = await ownProperty(request.user, request.params.id, 'create');
      const { photos, fields } = await readPhotosUpload(request, problemReportFieldsSchema, (field) => ({ note: field('note') ?? '' }), {
        maxFiles: PROBLEM_PHOTOS_MAX,
        tooMany: serviceRequestMessages.photosTooMany,
      });
      const created = await createServiceRequest(app.db, app.photoStorage, app.mail, {
        kind: 'problem_report',
        propertyId: request.params.id,
        requester: { id: request.user.id, customerId: owner.customerId },
        note: fields.note,
        preferredDates: [],
        photos,
      });
      request.log.info({ serviceRequestId: created.id, photos: photos.length }, 'service request stored');
      return reply.code(201).send(created);
    },
  );
};

export default serviceRequests;
