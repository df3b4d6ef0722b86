import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod/mini';
import { CHECK_EMAIL_MESSAGE, type AuthResponse } from '../../shared/portal-types';
import { safeReturnTo } from '../modules/accounts/return-to';
import { SESSION_COOKIE, SESSION_DAYS, createSession, deleteSession } from '../modules/accounts/sessions';
import { checkSignInLink, consumeSignInLink, createSignInLink, findUserByEmail, normalizeEmail } from '../modules/accounts/sign-in-links';
import { signInLinkEmail } from '../mail/templates';

const HOUR_MS = 60 * 60 * 1000;
const linkRequestSchema = z.object({
  email: z.string().check(z.trim(), z.maxLength(254), z.email('Please enter a valid email address')),
  // Anything but a safe local path becomes the dashboard (safeReturnTo), so a bad returnTo is never an error.
  returnTo: z.optional(z.unknown()),
});
const tokenSchema = z.object({ token: z.string().check(z.minLength(10), z.maxLength(200)) });

const problemMessages = {
  expired: 'This sign-in link has expired. Links work for 15 minutes.',
  used: 'This sign-in link has already been used. Each link works once.',
  invalid: 'This sign-in link is not valid. It may have been copied incompletely.',
} as const;

const auth: FastifyPluginAsync = async (app) => {
  const { perEmail, perIp } = app.config.signInRateLimit;
  /** Each route that takes a link's token (checking it, using it) allows this many tries per IP an hour. */
  const tokenGuessLimit = { max: perIp * 2, timeWindow: HOUR_MS };
  const perEmailLimit = app.createRateLimit({
    max: perEmail,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `sign-in-email:${normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
  });

  /** Browser navigation from the dashboard's Log In link (SPEC §7): the sign-in screen is a client route. */
  app.get<{ Querystring: { returnTo?: string } }>('/api/login', async (request, reply) => {
    return reply.redirect(`/login?returnTo=${encodeURIComponent(safeReturnTo(request.query.returnTo))}`, 302);
  });

  /**
   * Sends a one-time sign-in link. The answer is the same whether or not the
   * address has an account, so it cannot be used to learn who is a customer.
   */
  app.post('/api/auth/sign-in-link', { config: { rateLimit: { max: perIp, timeWindow: HOUR_MS } } }, async (request, reply) => {
    const parsed = linkRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ message: 'Please enter a valid email address', errors: { email: 'Please enter a valid email address' } });
    const limit = await perEmailLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
      reply.header('Retry-After', String(limit.ttlInSeconds));
      return reply
        .code(429)
        .send({ message: `Too many sign-in links were requested for this address. Please try again in ${minutes} minutes.` });
    }
    const user = await findUserByEmail(app.db, parsed.data.email);
    if (user) {
      const link = await createSignInLink(app.db, app.config.appUrl, user.id, parsed.data.returnTo);
      await app.mail.send(signInLinkEmail({ to: user.email, firstName: user.firstName, link }));
      request.log.info({ userId: user.id }, 'sign-in link sent');
    }
    return reply.code(202).send({ message: CHECK_EMAIL_MESSAGE });
  });

  /**
   * Whether a link would work, without using it: mail scanners open links before people do.
   * It says whether a token exists, so it is limited per IP like the sign-in itself; and it has
   * no HEAD twin, which would have a counter of its own (its Content-Length tells the answer).
   */
  app.get<{ Querystring: { token?: string } }>(
    '/api/auth/sign-in-link',
    { exposeHeadRoute: false, config: { rateLimit: tokenGuessLimit } },
    async (request) => {
      const parsed = tokenSchema.safeParse({ token: request.query.token });
      if (!parsed.success) return { ok: false, problem: 'invalid', message: problemMessages.invalid };
      const result = await checkSignInLink(app.db, parsed.data.token);
      return result.ok ? { ok: true } : { ok: false, problem: result.problem, message: problemMessages[result.problem] };
    },
  );

  /** Uses a link: a new session with a new id, then the client goes to `redirectTo`. */
  app.post('/api/auth/sign-in', { config: { rateLimit: tokenGuessLimit } }, async (request, reply) => {
    const parsed = tokenSchema.safeParse(request.body);
    const result = parsed.success ? await consumeSignInLink(app.db, parsed.data.token) : ({ ok: false, problem: 'invalid' } as const);
    if (!result.ok) return reply.code(400).send({ message: problemMessages[result.problem], problem: result.problem });

    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await deleteSession(app.db, previous);
    const session = await createSession(app.db, result.userId);
    reply.setCookie(SESSION_COOKIE, session.id, { ...app.sessionCookieOptions, maxAge: SESSION_DAYS * 24 * 60 * 60 });
    request.log.info({ userId: result.userId }, 'signed in');
    return { redirectTo: safeReturnTo(result.returnTo) };
  });

  app.get('/api/logout', async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) await deleteSession(app.db, id);
    reply.clearCookie(SESSION_COOKIE, app.sessionCookieOptions);
    return reply.redirect('/', 302);
  });

  app.get('/api/auth/user', { preHandler: app.requireUser }, async (request) => {
    const { user, customer } = (await request.sessionUser())!;
    const answer: AuthResponse = {
      user: { email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role },
      customer: customer ? { name: customer.name, email: customer.email, phone: customer.phone, address: customer.address } : null,
    };
    return answer;
  });
};

export default auth;
