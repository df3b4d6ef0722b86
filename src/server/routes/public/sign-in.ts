import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  SIGN_IN_LINK_PROBLEMS,
  signInLinkCheckSchema,
  signInLinkRequestSchema,
  signInTokenSchema,
  signedInSchema,
} from '../../../shared/api/accounts';
import { errorBodySchema, messageSchema } from '../../../shared/api/common';
import { CHECK_EMAIL_MESSAGE } from '../../../shared/portal-types';
import { safeReturnTo } from '../../modules/accounts/return-to';
import { createSession, deleteSession } from '../../modules/accounts/sessions';
import {
  checkSignInLink,
  consumeSignInLink,
  createSignInLink,
  findUserByEmail,
  normalizeEmail,
} from '../../modules/accounts/sign-in-links';
import { signInLinkEmail } from '../../modules/mail/templates';

import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../../shared/constants';

const HOUR_MS = 60 * 60 * 1000;
/** The page whose button signs out, for a Log Out link followed from anywhere but our own pages. */
const SIGN_OUT_PAGE = '/logout';
/** Signing out drops the browser's cached pages and every cookie of this site. */
const CLEAR_SITE_DATA = '"cache", "cookies"';
const INVALID_EMAIL = 'Please enter a valid email address';

const problemMessages = {
  'sign-in': {
    expired: `This sign-in link has expired. Links work for ${SIGN_IN_LINK_MINUTES} minutes.`,
    used: 'This sign-in link has already been used. Each link works once.',
    invalid: 'This sign-in link is not valid. It may have been copied incompletely.',
  },
  invitation: {
    expired: `This invitation has expired. Invitations work for ${INVITATION_DAYS} days.`,
    used: 'This invitation has already been used. Each invitation works once.',
    invalid: 'This sign-in link is not valid. It may have been copied incompletely.',
  },
} as const;

/** A browser navigation: no JSON, only where to go. */
const redirect = { 302: z.null() };
const tags = ['sign-in'];

/** Signing in with one-time e-mail links, and out (SPEC §7's /api/login and /api/logout). */
const signIn: FastifyPluginAsyncZod = async (app) => {
  const { perEmail, perIp } = app.config.signInRateLimit;
  /** Each route that takes a link's token (checking it, using it) allows this many tries per IP an hour. */
  const tokenGuessLimit = { max: perIp * 2, timeWindow: HOUR_MS };
  const perEmailLimit = app.createRateLimit({
    max: perEmail,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `sign-in-email:${normalizeEmail(String((request.body as { email?: unknown } | undefined)?.email ?? ''))}`,
  });

  /** Browser navigation from the dashboard's Log In link (SPEC §7): the sign-in screen is a client route. */
  app.get(
    '/api/login',
    {
      schema: {
        tags,
        summary: 'Go to the sign-in screen',
        querystring: z.object({ returnTo: z.optional(z.unknown()) }),
        response: redirect,
      },
    },
    async (request, reply) => reply.redirect(`/login?returnTo=${encodeURIComponent(safeReturnTo(request.query.returnTo))}`, 302),
  );

  /**
   * Sends a one-time sign-in link. The answer is the same whether or not the
   * address has an account, so it cannot be used to learn who is a customer.
   */
  app.post(
    '/api/auth/sign-in-link',
    {
      config: { rateLimit: { max: perIp, timeWindow: HOUR_MS }, invalidMessage: INVALID_EMAIL },
      schema: {
        tags,
        summary: 'E-mail a one-time sign-in link',
        body: signInLinkRequestSchema,
        response: { 202: messageSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const limit = await perEmailLimit(request);
      if (!limit.isAllowed && limit.isExceeded) {
        const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
        reply.header('Retry-After', String(limit.ttlInSeconds));
        return reply
          .code(429)
          .send({ message: `Too many sign-in links were requested for this address. Please try again in ${minutes} minutes.` });
      }
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const link = await createSignInLink(app.db, app.config.appUrl, user.id, request.body.returnTo);
        await app.mail.send(signInLinkEmail({ to: user.email, firstName: user.firstName, link }));
        request.log.info({ userId: user.id }, 'sign-in link sent');
      }
      return reply.code(202).send({ message: CHECK_EMAIL_MESSAGE });
    },
  );

  /**
   * Whether a link would work, without using it: mail scanners open links before people do.
   * It says whether a token exists, so it is limited per IP like the sign-in itself; and it has
   * no HEAD twin, which would have a counter of its own (its Content-Length tells the answer).
   */
  app.get(
    '/api/auth/sign-in-link',
    {
      exposeHeadRoute: false,
      config: { rateLimit: tokenGuessLimit },
      schema: {
        tags,
        summary: 'Check a sign-in link without using it',
        querystring: z.object({ token: z.optional(z.unknown()) }),
        response: { 200: signInLinkCheckSchema },
      },
    },
    async (request) => {
      const parsed = signInTokenSchema.safeParse({ token: request.query.token });
      if (!parsed.success) return { ok: false, problem: 'invalid' as const, message: problemMessages['sign-in'].invalid };
      const result = await checkSignInLink(app.db, parsed.data.token);
      const kind = result.returnTo === null ? {} : { purpose: result.purpose, returnTo: safeReturnTo(result.returnTo) };
      return result.ok
        ? { ok: true, ...kind }
        : { ok: false, problem: result.problem, message: problemMessages[result.purpose][result.problem], ...kind };
    },
  );

  /** Uses a link: a new session with a new id, then the client goes to `redirectTo`. */
  app.post(
    '/api/auth/sign-in',
    {
      config: { rateLimit: tokenGuessLimit },
      schema: {
        tags,
        summary: 'Sign in with a link’s token',
        // Any body is taken: a malformed token is answered like an unknown one, as "not valid".
        body: z.optional(z.unknown()),
        response: {
          200: signedInSchema,
          400: z.extend(errorBodySchema, { problem: z.optional(z.enum(SIGN_IN_LINK_PROBLEMS)) }),
        },
      },
    },
    async (request, reply) => {
      const parsed = signInTokenSchema.safeParse(request.body);
      const result = parsed.success
        ? await consumeSignInLink(app.db, parsed.data.token)
        : ({ ok: false, problem: 'invalid', purpose: 'sign-in' } as const);
      if (!result.ok) return reply.code(400).send({ message: problemMessages[result.purpose][result.problem], problem: result.problem });

      const previous = request.sessionId();
      if (previous) await deleteSession(app.db, previous);
      const session = await createSession(app.db, result.userId, {
        lifetimes: app.config.sessionLifetimes,
        client: { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
      });
      app.setSessionCookies(reply, session);
      request.log.info({ userId: result.userId }, 'signed in');
      return { redirectTo: safeReturnTo(result.returnTo) };
    },
  );

  /** Ends the browser's session: the row, both cookies, and what the browser kept of this site (ASVS 7.4.1, 14.3.1). */
  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const id = request.sessionId();
    if (id) await deleteSession(app.db, id);
    app.clearSessionCookies(reply);
    reply.header('Clear-Site-Data', CLEAR_SITE_DATA);
  }

  /**
   * The Log Out link (SPEC §7). A click on one of our own pages (Sec-Fetch-Site: same-origin)
   * signs out at once. Any other arrival (a link or an image on another site, an old browser
   * that sends no Sec-Fetch-Site) goes to a page whose button signs out by POST, so another
   * site cannot sign people out.
   */
  app.get(
    '/api/logout',
    { schema: { tags, summary: 'Sign out and go home, or ask first when not sent by this site', response: redirect } },
    async (request, reply) => {
      if (request.headers['sec-fetch-site'] !== 'same-origin') return reply.redirect(SIGN_OUT_PAGE, 302);
      await signOut(request, reply);
      return reply.redirect('/', 302);
    },
  );

  // The sign-out page's button is a plain form: its empty urlencoded body is accepted and ignored.
  // Cross-site posts never get here: the same-origin guard refuses them first.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    form.post(
      '/api/logout',
      {
        schema: {
          tags,
          summary: 'Sign out (the sign-out page’s button) and go home',
          body: z.optional(z.unknown()),
          response: { 303: z.null() },
        },
      },
      async (request, reply) => {
        await signOut(request, reply);
        return reply.redirect('/', 303);
      },
    );
  });
};

export default signIn;
