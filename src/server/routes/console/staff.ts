import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { customerUserChangeSchema, staffChangeSchema, staffMemberSchema } from '../../../shared/api/staff';
import { listStaff, setCustomerUserDisabled, updateStaffMember } from '../../modules/accounts/staff';

const tags = ['staff'];

/** Owners manage the company's people (role, disabled); staff switch a customer's user off or on. */
const staff: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/staff',
    {
      config: { permission: { action: 'list', resource: 'staffUser' } },
      schema: {
        tags,
        summary: 'The company’s people: owners, office and crew, disabled ones too',
        response: { 200: z.array(staffMemberSchema) },
      },
    },
    async () => listStaff(app.db),
  );

  app.patch(
    '/api/admin/staff/:id',
    {
      config: { permission: { action: 'update', resource: 'staffUser' } },
      schema: {
        tags,
        summary: 'Change a staff member’s role, or disable (ending their sessions at once) or enable them',
        params: idParamsSchema,
        body: staffChangeSchema,
        response: { 200: staffMemberSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => updateStaffMember(app.db, request.user.id, request.params.id, request.body),
  );

  app.patch(
    '/api/admin/customer-users/:id',
    {
      config: { permission: { action: 'update', resource: 'customerUser' } },
      schema: {
        tags,
        summary: 'Disable a customer’s user (ending their sessions at once) or enable them again',
        params: idParamsSchema,
        body: customerUserChangeSchema,
        response: { 200: z.object({ id: z.string(), disabled: z.boolean() }), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => setCustomerUserDisabled(app.db, request.params.id, request.body.disabled),
  );
};

export default staff;
