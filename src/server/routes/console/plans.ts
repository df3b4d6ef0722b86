import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { planEndSchema, planInputSchema, planSchema, propertyVisitsSchema } from '../../../shared/api/plans';
import { locationConfirmSchema, locationInputSchema, propertyDetailSchema } from '../../../shared/api/properties';
import { LOCATION_SOURCES } from '../../../shared/visits';
import {
  confirmProposedLocation,
  createPlan,
  dismissProposedLocation,
  endPlan,
  plansOfProperty,
  propertyDetail,
  propertyVisits,
  setPropertyLocation,
  updatePlan,
} from '../../modules/plans';

const tags = ['service plans'];
const locationSchema = z.object({ lat: z.number(), lng: z.number(), source: z.nullable(z.enum(LOCATION_SOURCES)) });

/** The console's property page: its plans (which make the visits), its location, its visits. */
const plans: FastifyPluginAsyncZod = async (app) => {
  const horizon = (actorId: string) => ({ horizonWeeks: app.config.visitHorizonWeeks, actorId });

  app.get(
    '/api/admin/properties/:id',
    {
      config: { permission: { action: 'read', resource: 'servicePlan' } },
      schema: {
        tags,
        summary: 'A property with its customer, location (and any location a check-in proposed) and plans',
        params: idParamsSchema,
        response: { 200: propertyDetailSchema },
      },
    },
    async (request) => propertyDetail(app.db, request.params.id),
  );

  app.get(
    '/api/admin/properties/:id/visits',
    {
      config: { permission: { action: 'read', resource: 'servicePlan' } },
      schema: {
        tags,
        summary: 'A property’s visits: the last six weeks and the coming ones, with status and flags',
        params: idParamsSchema,
        response: { 200: propertyVisitsSchema },
      },
    },
    async (request) => propertyVisits(app.db, request.params.id),
  );

  app.get(
    '/api/admin/properties/:id/plans',
    {
      config: { permission: { action: 'list', resource: 'servicePlan' } },
      schema: { tags, summary: 'A property’s service plans', params: idParamsSchema, response: { 200: z.array(planSchema) } },
    },
    async (request) => {
      await propertyDetail(app.db, request.params.id);
      return plansOfProperty(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/properties/:id/plans',
    {
      config: { permission: { action: 'create', resource: 'servicePlan' } },
      schema: {
        tags,
        summary: 'Add a service plan; its visits are made at once up to the horizon',
        params: idParamsSchema,
        body: planInputSchema,
        response: { 201: planSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlan(app.db, request.params.id, request.body, horizon(request.user.id))),
  );

  app.patch(
    '/api/admin/plans/:id',
    {
      config: { permission: { action: 'update', resource: 'servicePlan' } },
      schema: {
        tags,
        summary: 'Change a plan (whole); its untouched visits from today on are made again, worked and changed visits stay',
        params: idParamsSchema,
        body: planInputSchema,
        response: { 200: planSchema, 400: errorBodySchema },
      },
    },
    async (request) => updatePlan(app.db, request.params.id, request.body, horizon(request.user.id)),
  );

  app.post(
    '/api/admin/plans/:id/end',
    {
      config: { permission: { action: 'update', resource: 'servicePlan' } },
      schema: {
        tags,
        summary: 'End a plan on a date (inclusive); its untouched visits after it are removed',
        params: idParamsSchema,
        body: planEndSchema,
        response: { 200: planSchema, 400: errorBodySchema },
      },
    },
    async (request) => endPlan(app.db, request.params.id, request.body.endDate),
  );

  app.put(
    '/api/admin/properties/:id/location',
    {
      config: { permission: { action: 'update', resource: 'property' } },
      schema: {
        tags,
        summary: 'Set a property’s location, typed or read from a device on the site (staff only, never shown to customers)',
        params: idParamsSchema,
        body: locationInputSchema,
        response: { 200: locationSchema, 400: errorBodySchema },
      },
    },
    async (request) => setPropertyLocation(app.db, request.params.id, request.body),
  );

  app.post(
    '/api/admin/properties/:id/location/confirm',
    {
      config: { permission: { action: 'update', resource: 'property' } },
      schema: {
        tags,
        summary: 'Make the location a crew check-in proposed the property’s location (send the proposed point you saw)',
        params: idParamsSchema,
        body: locationConfirmSchema,
        response: { 200: locationSchema, 409: errorBodySchema },
      },
    },
    async (request) => confirmProposedLocation(app.db, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/properties/:id/location/proposal',
    {
      config: { permission: { action: 'update', resource: 'property' } },
      schema: { tags, summary: 'Dismiss a location a crew check-in proposed', params: idParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await dismissProposedLocation(app.db, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default plans;
