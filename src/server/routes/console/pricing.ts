import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import {
  billingSettingsSchema,
  priceBookServiceCreateSchema,
  priceBookServiceSchema,
  priceBookServiceUpdateSchema,
} from '../../../shared/api/pricing';
import {
  createPriceBookService,
  getBillingSettings,
  listPriceBookServices,
  updateBillingSettings,
  updatePriceBookService,
} from '../../modules/pricing';

const tags = ['price book and billing settings'];

/** The price book and the billing settings (issue 24): the office reads them, owners change them. */
const pricing: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/price-book',
    {
      config: { permission: { action: 'list', resource: 'priceBookService' } },
      schema: {
        tags,
        summary: 'The price book: active services first, each by position',
        response: { 200: z.array(priceBookServiceSchema) },
      },
    },
    async () => listPriceBookServices(app.db),
  );

  app.post(
    '/api/admin/price-book',
    {
      config: { permission: { action: 'create', resource: 'priceBookService' } },
      schema: {
        tags,
        summary: 'Add a service to the price book',
        body: priceBookServiceCreateSchema,
        response: { 201: priceBookServiceSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createPriceBookService(app.db, request.body)),
  );

  app.patch(
    '/api/admin/price-book/:id',
    {
      config: { permission: { action: 'update', resource: 'priceBookService' } },
      schema: {
        tags,
        summary: 'Change a service (only the fields sent); active: false retires it, true restores it',
        params: idParamsSchema,
        body: priceBookServiceUpdateSchema,
        response: { 200: priceBookServiceSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => updatePriceBookService(app.db, request.params.id, request.body),
  );

  app.get(
    '/api/admin/billing-settings',
    {
      config: { permission: { action: 'read', resource: 'billingSettings' } },
      schema: { tags, summary: 'The term discounts and sales-tax rates, in basis points', response: { 200: billingSettingsSchema } },
    },
    async () => getBillingSettings(app.db),
  );

  app.put(
    '/api/admin/billing-settings',
    {
      config: { permission: { action: 'update', resource: 'billingSettings' } },
      schema: {
        tags,
        summary: 'Set the term discounts and sales-tax rates (basis points, 0 to 10000); estimates made afterwards use them',
        body: billingSettingsSchema,
        response: { 200: billingSettingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => updateBillingSettings(app.db, request.body, request.user.id),
  );
};

export default pricing;
