import fp from 'fastify-plugin';
import { type EmailMessage, enqueueEmail, logSender, type MailQueue, OutboxWorker, smtpSender } from '../../modules/mail';

/** The outbox and its worker: `app.mail.send()` stores an e-mail, the worker delivers it with retries. */
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
      async send(message: EmailMessage) {
        const id = await enqueueEmail(app.db, message);
        worker.kick();
        return id;
      },
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
    mail: MailQueue & { worker: OutboxWorker };
  }
}
