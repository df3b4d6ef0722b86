import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  checklistItemResultSchema,
  checklistItemSchema,
  checklistParamsSchema,
  completeVisitResultSchema,
  completeVisitSchema,
  crewPhotoFieldsSchema,
  crewPhotoResultSchema,
  crewRouteSchema,
  crewVisitSchema,
  idempotencyHeadersSchema,
  NOT_THE_MAKER_MESSAGE,
  siteIssueSchema,
  startVisitResultSchema,
  startVisitSchema,
} from '../../../shared/api/crew';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { RequestError } from '../../errors';
import { MAX_UPLOAD_BYTES } from '../../modules/photos';
import { addCrewPhoto, completeVisit, crewRoute, crewVisit, reportSiteIssue, setChecklistItem, startVisit } from '../../modules/visits';
import { readPhotoUpload } from '../read-photo-upload';

const tags = ['crew'];
/** Headers are checked loosely: only the key is the contract's, the rest (cookie, content type) pass through as sent. */
const headers = z.looseObject(idempotencyHeadersSchema.shape);
const refusals = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const read = { permission: { action: 'read', resource: 'visit' } } as const;
const work = { permission: { action: 'create', resource: 'visitWork' } } as const;

/**
 * A crew member's visits and their work on them, from a phone that may send each action
 * late and more than once: every write carries an Idempotency-Key and the time on the phone.
 * Visits not assigned to the caller, or outside today and the last week, are "not found".
 */
const crewVisits: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  // A shared phone: work saved by one member is never recorded under another's session.
  app.addHook('preHandler', async (request) => {
    const madeBy = request.headers['x-made-by'];
    if (request.method !== 'GET' && typeof madeBy === 'string' && madeBy !== request.user.id) {
      throw new RequestError(401, NOT_THE_MAKER_MESSAGE);
    }
  });

  app.get(
    '/api/crew/visits',
    {
      config: { permission: { action: 'list', resource: 'visit' } },
      schema: { tags, summary: 'Today’s route in order, and the last week’s visits', response: { 200: crewRouteSchema } },
    },
    async (request) => crewRoute(app.db, request.user.id, app.config.checkInFenceMeters),
  );

  app.get(
    '/api/crew/visits/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One of the caller’s visits',
        params: idParamsSchema,
        response: { 200: crewVisitSchema, 404: errorBodySchema },
      },
    },
    async (request) => crewVisit(app.db, request.user, request.params.id),
  );

  app.post(
    '/api/crew/visits/:id/start',
    {
      config: work,
      schema: {
        tags,
        summary: 'Start the visit: the check-in time and where the phone was',
        params: idParamsSchema,
        headers,
        body: startVisitSchema,
        response: { 200: startVisitResultSchema, ...refusals },
      },
    },
    async (request) =>
      startVisit(app.db, {
        actor: request.user,
        visitId: request.params.id,
        key: request.headers['idempotency-key'],
        input: request.body,
        fenceMeters: app.config.checkInFenceMeters,
      }),
  );

  app.put(
    '/api/crew/visits/:id/checklist/:position',
    {
      config: work,
      schema: {
        tags,
        summary: 'Tick a checklist item (or untick it)',
        params: checklistParamsSchema,
        headers,
        body: checklistItemSchema,
        response: { 200: checklistItemResultSchema, ...refusals },
      },
    },
    async (request) => {
      // The audit log says which item, ticked or unticked (src/server/modules/audit/audit-words.ts).
      request.auditSummary = `position=${request.params.position}, done=${request.body.done}`;
      return setChecklistItem(app.db, {
        actor: request.user,
        visitId: request.params.id,
        position: request.params.position,
        key: request.headers['idempotency-key'],
        input: request.body,
      });
    },
  );

  app.post(
    '/api/crew/visits/:id/issues',
    {
      config: work,
      schema: {
        tags,
        summary: 'Report a site issue',
        params: idParamsSchema,
        headers,
        body: siteIssueSchema,
        response: { 201: crewPhotoResultSchema, 200: crewPhotoResultSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const issue = await reportSiteIssue(app.db, app.mail, {
        actor: request.user,
        visitId: request.params.id,
        key: request.headers['idempotency-key'],
        input: request.body,
      });
      return reply.code(issue.created ? 201 : 200).send({ id: issue.id });
    },
  );

  /** One photo per request (multipart: kind, issueKey for an issue photo, at, then the file), as the console's uploads. */
  app.post(
    '/api/crew/visits/:id/photos',
    {
      config: work,
      schema: {
        tags,
        summary: 'Add a photo (multipart/form-data: kind before|after|issue, issueKey for an issue photo, at, then file)',
        params: idParamsSchema,
        headers,
        consumes: ['multipart/form-data'],
        response: {
          201: crewPhotoResultSchema,
          200: crewPhotoResultSchema,
          ...refusals,
          413: errorBodySchema,
          415: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { data, fields } = await readPhotoUpload(request, crewPhotoFieldsSchema, (field) => ({
        kind: field('kind'),
        issueKey: field('issueKey') || undefined,
        at: field('at'),
      }));
      request.auditSummary = `kind=${fields.kind}`;
      const photo = await addCrewPhoto(app.db, app.photoStorage, {
        actor: request.user,
        visitId: request.params.id,
        key: request.headers['idempotency-key'],
        ...fields,
        data,
      });
      return reply.code(photo.created ? 201 : 200).send({ id: photo.id });
    },
  );

  app.post(
    '/api/crew/visits/:id/complete',
    {
      config: work,
      schema: {
        tags,
        summary: 'Complete the visit: the check-out time and the crew’s note',
        params: idParamsSchema,
        headers,
        body: completeVisitSchema,
        response: { 200: completeVisitResultSchema, ...refusals },
      },
    },
    async (request) =>
      completeVisit(app.db, {
        actor: request.user,
        visitId: request.params.id,
        key: request.headers['idempotency-key'],
        input: request.body,
      }),
  );
};

export default crewVisits;
