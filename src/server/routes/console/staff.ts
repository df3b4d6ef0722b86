import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema, idParamsSchema } from '../../../shared/api/common';
import { customerUserChangeSchema, staffChangeSchema, staffInviteSchema, staffMemberSchema } from '../../../shared/api/staff';
import {
  addStaffMember,
  inviteStaffMember,
  listStaff,
  resetStaffPasskeys,
  setCustomerUserDisabled,
  updateStaffMember,
} from '../../modules/accounts';

const tags = ['staff'];

/** Owners manage the company's people (invite, role, disabled, passkeys); staff switch a customer's user off or on. */
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

  app.post(
    '/api/admin/staff',
    {
      config: { permission: { action: 'create', resource: 'staffUser' } },
      schema: {
        tags,
        summary: 'Invite someone new: an account with its role, and an invitation e-mail (7 days, once)',
        body: staffInviteSchema,
        response: { 201: staffMemberSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { email, firstName, lastName, role } = request.body;
      const id = await addStaffMember(app.db, { email, firstName, lastName: lastName || null, role });
      await inviteStaffMember(app.db, app.mail, app.config.appUrl, id, request.user.id);
      return reply.code(201).send((await listStaff(app.db, id))[0]!);
    },
  );

  app.post(
    '/api/admin/staff/:id/reset-passkeys',
    {
      config: { permission: { action: 'update', resource: 'staffUser' }, audit: 'passkey' },
      schema: {
        tags,
        summary: 'Start a staff member’s passkeys over: removes them and their recovery codes, and signs them out everywhere',
        params: idParamsSchema,
        response: { 200: z.object({ removed: z.number() }), 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const { passkeys } = await resetStaffPasskeys(app.db, request.user.id, request.params.id);
      request.auditSummary = `Reset another member’s passkeys (${passkeys} removed)`;
      return { removed: passkeys };
    },
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
