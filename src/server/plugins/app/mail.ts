import fp from 'fastify-plugin';
import { type EmailMessage, enqueueEmail, logSender, type MailContext, type MailQueue, OutboxWorker, smtpSender } from '../../modules/mail';

/**
 * The outbox and its worker, and the mail context modules are given (`app.mail`): `send()` stores
 * an e-mail and wakes the worker; a module that queues mail in its own transaction calls
 * `queued()` once it has committed. The worker delivers with retries.
 */
export default fp(
  async (app) => {
    const smtp = app.config.smtpUrl ? smtpSender(app.config.smtpUrl) : null;
    const worker = new OutboxWorker(
      app.db,
      smtp ?? logSender(app.log, { printLinks: app.config.appUrl.protocol !== 'https:' }),
      app.config.mailFrom,
      app.log,
    );
    app.decorate('mail', {
      appUrl: app.config.appUrl,
      staffNotifyEmails: app.config.staffNotifyEmails,
      async send(message: EmailMessage) {
        const id = await enqueueEmail(app.db, message);
        worker.kick();
        return id;
      },
      queued: () => worker.kick(),
      worker,
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      smtp?.close();
    });
  },
  { name: 'mail', dependencies: ['database', 'config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailContext & MailQueue & { worker: OutboxWorker };
  }
}
