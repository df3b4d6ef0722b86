import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  CHECK_EMAIL_MESSAGE,
  SIGN_IN_LINK_PROBLEMS,
  signInLinkCheckSchema,
  signInLinkRequestSchema,
  signInRequestSchema,
  signInTokenSchema,
  signedInSchema,
} from '../../../shared/api/accounts';
import { errorBodySchema, messageSchema } from '../../../shared/api/common';
import {
  checkSignInLink,
  consumeSignInLink,
  createSignInLink,
  deleteSession,
  findUserByEmail,
  landingFor,
  localReturnPath,
  normalizeEmail,
  randomToken,
} from '../../modules/accounts';
import { signInLinkEmail } from '../../modules/mail';
import { beginSession } from '../begin-session';

import { INVITATION_DAYS, SIGN_IN_LINK_MINUTES } from '../../../shared/constants';
import { isStaffRole } from '../../../shared/policy';
import { auditRequest } from '../../plugins/app/audit';

const HOUR_MS = 60 * 60 * 1000;
/** The page whose button signs out, for a Log Out link followed from anywhere but our own pages. */
const SIGN_OUT_PAGE = '/logout';
/** Signing out drops the browser's cached pages and every cookie of this site. */
const CLEAR_SITE_DATA = '"cache", "cookies"';
const INVALID_EMAIL = 'Please enter a valid email address';

/** The cookie that binds a sign-in link to the browser that asked for it: a random nonce, whose hash is stored with the link. */
const NONCE_COOKIE = 'sign_in_nonce';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CONFIRM_EMAIL_NEEDED = 'Please enter the e-mail address this link was sent to.';
const CONFIRM_EMAIL_WRONG = 'That is not the e-mail address this link was sent to. Please check it and try again.';

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
  /** Sent only to the sign-in routes, never readable by scripts. */
  const nonceCookieOptions = { ...app.sessionCookieOptions, path: '/api/auth' } as const;
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
    async (request, reply) => {
      // Without a path on this site to come back to, the sign-in lands on the user's own home.
      const returnTo = localReturnPath(request.query.returnTo);
      return reply.redirect(returnTo === null ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`, 302);
    },
  );

  /** Work begun after an answer was sent (see below); the app waits for it before it closes. */
  const afterAnswer = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...afterAnswer]);
  });

  /**
   * Sends a one-time sign-in link. The answer is the same, and takes the same time, whether or
   * not the address has an account, so it cannot be used to learn who is a customer (ASVS 6.3.8):
   * every request draws a token and sets the browser's nonce cookie; only after the
   * answer has gone does the server look the address up, store the link and queue the e-mail.
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
      // One nonce per browser: links asked for one after another in it all stay bound to it.
      const current = request.cookies[NONCE_COOKIE];
      const browserNonce = current && NONCE_PATTERN.test(current) ? current : randomToken();
      const token = randomToken();
      reply.setCookie(NONCE_COOKIE, browserNonce, { ...nonceCookieOptions, maxAge: SIGN_IN_LINK_MINUTES * 60 });
      const { email, returnTo } = request.body;
      const work = (async () => {
        const user = await findUserByEmail(app.db, email);
        // A switched-off account gets no link: it could not sign in with one anyway.
        if (!user || user.disabledAt) return;
        const link = await createSignInLink(app.db, app.config.appUrl, user.id, landingFor(user.role, returnTo), browserNonce, token);
        await app.mail.send(signInLinkEmail({ to: user.email, firstName: user.firstName, link }));
        request.log.info({ userId: user.id }, 'sign-in link sent');
      })()
        .catch((error: unknown) => request.log.error({ err: error }, 'sign-in link not sent'))
        .finally(() => afterAnswer.delete(work));
      afterAnswer.add(work);
      return reply.code(202).send({ message: CHECK_EMAIL_MESSAGE });
    },
  );

  /**
   * Whether a link would work, without using it: mail scanners open links before people do.
   * A POST, so the token stays out of URLs and logs. It says whether a token exists, so it is
   * limited per IP like the sign-in itself. For a working link it also says whether this
   * browser must confirm the account's e-mail address first (it is not the one that asked).
   */
  app.post(
    '/api/auth/sign-in-link/check',
    {
      config: { rateLimit: tokenGuessLimit },
      schema: {
        tags,
        summary: 'Check a sign-in link without using it',
        // Any body is taken: a malformed token is answered like an unknown one, as "not valid".
        body: z.optional(z.unknown()),
        response: { 200: signInLinkCheckSchema },
      },
    },
    async (request) => {
      const parsed = signInTokenSchema.safeParse(request.body);
      if (!parsed.success) return { ok: false, problem: 'invalid' as const, message: problemMessages['sign-in'].invalid };
      const result = await checkSignInLink(app.db, parsed.data.token, request.cookies[NONCE_COOKIE]);
      const kind = result.returnTo === null ? {} : { purpose: result.purpose, returnTo: result.returnTo };
      return result.ok
        ? { ok: true, confirmEmail: result.confirmEmail, ...kind }
        : { ok: false, problem: result.problem, message: problemMessages[result.purpose][result.problem], ...kind };
    },
  );

  /**
   * Uses a link: a new session with a new id, then the client goes to `redirectTo`. In the
   * browser that asked for the link its nonce cookie is proof enough; anywhere else the body
   * must also carry the account's e-mail address (login CSRF, ASVS 6.6.2).
   */
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
          400: z.extend(errorBodySchema, { problem: z.optional(z.enum([...SIGN_IN_LINK_PROBLEMS, 'confirm-email'])) }),
        },
      },
    },
    async (request, reply) => {
      const parsed = signInRequestSchema.safeParse(request.body);
      const result = parsed.success
        ? await consumeSignInLink(app.db, parsed.data.token, { browserNonce: request.cookies[NONCE_COOKIE], email: parsed.data.email })
        : ({ ok: false, problem: 'invalid', purpose: 'sign-in' } as const);
      if (!result.ok) {
        const message =
          result.problem === 'confirm-email'
            ? parsed.data?.email
              ? CONFIRM_EMAIL_WRONG
              : CONFIRM_EMAIL_NEEDED
            : problemMessages[result.purpose][result.problem];
        // Who it was is not known (the link did not sign anyone in): the log keeps where from, and why.
        await auditRequest(request, {
          kind: 'sign_in_failed',
          action: 'sign-in.link',
          outcome: 'refused',
          statusCode: 400,
          summary: `problem=${result.problem}`,
        });
        return reply.code(400).send({ message, problem: result.problem });
      }

      const session = await beginSession(request, reply, result.userId, { secondFactor: null, action: 'sign-in.link' });
      reply.clearCookie(NONCE_COOKIE, nonceCookieOptions);
      return { redirectTo: landingFor(session.role, result.returnTo) };
    },
  );

  /** Ends the browser's session: the row, both cookies, and what the browser kept of this site (ASVS 7.4.1, 14.3.1). */
  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const id = request.sessionId();
    const session = await request.sessionUser();
    if (session && isStaffRole(session.user.role)) await auditRequest(request, { kind: 'sign_out', action: 'sign-out', outcome: 'ok' });
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
