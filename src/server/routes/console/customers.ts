import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema, idSchema, messageSchema } from '../../../shared/api/common';
import { customerDetailSchema, customerSearchQuerySchema, customerSummarySchema } from '../../../shared/api/customers';
import { customerCreateSchema, customerInputSchema, userInputSchema } from '../../../shared/staff-schemas';
import { addCustomerUser, createCustomer, customerDetail, searchCustomers, updateCustomer } from '../../modules/customers';
import { inviteUser } from '../../modules/accounts';

const tags = ['customers'];

/** Customers and the people who sign in for them. */
const customers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers',
    {
      config: { permission: { action: 'list', resource: 'customer' } },
      schema: {
        tags,
        summary: 'Customers by name',
        querystring: customerSearchQuerySchema,
        response: { 200: z.array(customerSummarySchema) },
      },
    },
    async (request) => searchCustomers(app.db, request.query.q),
  );

  app.post(
    '/api/admin/customers',
    {
      config: { permission: { action: 'create', resource: 'customer' } },
      schema: {
        tags,
        summary: 'Add a customer, from a quote request when quoteRequestId names one',
        body: customerCreateSchema,
        response: { 201: idSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCustomer(app.db, request.body)),
  );

  app.get(
    '/api/admin/customers/:id',
    {
      config: { permission: { action: 'read', resource: 'customer' } },
      schema: {
        tags,
        summary: 'A customer with its users and properties',
        params: idParamsSchema,
        response: { 200: customerDetailSchema },
      },
    },
    async (request) => customerDetail(app.db, request.params.id),
  );

  app.patch(
    '/api/admin/customers/:id',
    {
      config: { permission: { action: 'update', resource: 'customer' } },
      schema: {
        tags,
        summary: 'Change a customer',
        params: idParamsSchema,
        body: customerInputSchema,
        response: { 200: idSchema, 409: errorBodySchema },
      },
    },
    async (request) => updateCustomer(app.db, request.params.id, request.body),
  );

  app.post(
    '/api/admin/customers/:id/users',
    {
      config: { permission: { action: 'create', resource: 'customerUser' } },
      schema: {
        tags,
        summary: 'Add someone who signs in for the customer',
        params: idParamsSchema,
        body: userInputSchema,
        response: { 201: idSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await addCustomerUser(app.db, request.params.id, request.body)),
  );

  /** Sends a customer's user an invitation to the portal by e-mail: a link good for 7 days, once, from the staff member. */
  app.post(
    '/api/admin/users/:id/invite',
    {
      config: { permission: { action: 'invite', resource: 'customerUser' } },
      schema: {
        tags,
        summary: 'E-mail a customer’s user an invitation to the portal',
        params: idParamsSchema,
        response: { 202: messageSchema },
      },
    },
    async (request, reply) => {
      const email = await inviteUser(app.db, app.mail, app.config.appUrl, request.params.id, request.user.id);
      return reply.code(202).send({ message: `Invitation sent to ${email}` });
    },
  );
};

export default customers;
