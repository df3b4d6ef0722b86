import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecondFactor } from '../../shared/passkeys';
import { isStaffRole } from '../../shared/policy';
import { createSession, deleteSession } from '../modules/accounts';
import { recordAuditEvent } from '../modules/audit';

/**
 * Opens a new session for `userId` in this browser: the old one (if any) is deleted and a new id
 * is drawn, so a sign-in or a step up to a passkey never keeps an id that existed before it
 * (ASVS 7.2.4). A staff member's sign-in is recorded in the audit log as `action`.
 */
export async function beginSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  options: { secondFactor: SecondFactor | null; action: string },
) {
  const app = request.server;
  const userAgent = String(request.headers['user-agent'] ?? '');
  const previous = request.sessionId();
  if (previous) await deleteSession(app.db, previous);
  const session = await createSession(app.db, userId, {
    lifetimes: app.config.sessionLifetimes,
    client: { ip: request.ip, userAgent },
    secondFactor: options.secondFactor,
  });
  app.setSessionCookies(reply, session);
  if (isStaffRole(session.role)) {
    await recordAuditEvent(
      app.db,
      { id: userId, role: session.role, ip: request.ip, userAgent },
      { kind: 'sign_in', action: options.action, outcome: 'ok', statusCode: 200, targetType: 'users', targetId: userId },
    );
  }
  request.log.info({ userId, action: options.action }, 'signed in');
  return session;
}
