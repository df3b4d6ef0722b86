import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBodySchema } from '../../../shared/api/common';
import { crewInvitedSchema, crewInviteSchema, crewMemberSchema } from '../../../shared/api/crew-members';
import { inviteCrewMember, listCrewMembers } from '../../modules/accounts';

const tags = ['crew members'];

/** The company's crew members, whom the office assigns work to and invites. */
const crewMembers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/crew-members',
    {
      config: { permission: { action: 'list', resource: 'crewMember' } },
      schema: { tags, summary: 'Crew members, by first name', response: { 200: z.array(crewMemberSchema) } },
    },
    async () => listCrewMembers(app.db),
  );

  app.post(
    '/api/admin/crew-members',
    {
      config: { permission: { action: 'invite', resource: 'crewMember' } },
      schema: {
        tags,
        summary: 'Add a crew member and e-mail them an invitation to the crew page',
        body: crewInviteSchema,
        response: { 201: crewInvitedSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteCrewMember(app.db, app.mail, app.config.appUrl, request.body, request.user.id)),
  );
};

export default crewMembers;
