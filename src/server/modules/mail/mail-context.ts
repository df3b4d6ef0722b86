/**
 * What a module needs to send e-mail, bound once when the app starts (plugins/app/mail.ts, as
 * `app.mail`): where the e-mails' links point, who on staff hears of new requests, and how to wake
 * the outbox's worker. A route hands `app.mail` over as it is and never kicks the worker itself.
 */
export interface MailContext {
  /** APP_URL: every link in an e-mail starts here. */
  readonly appUrl: URL;
  /** STAFF_NOTIFY_EMAIL's addresses; empty, every owner and office user whose account is not disabled. */
  readonly staffNotifyEmails: string[];
  /**
   * The module queued mail in a transaction that has now committed: the worker sends it at once
   * rather than at its next poll. Call it after the commit, never inside the transaction. Mail
   * queued in a transaction that rolls back is gone with it, so it is never sent (the outbox only
   * sends committed rows, each once). A module run inside a caller's transaction wakes the worker
   * before that commits: harmless, as the worker finds nothing yet and its next poll, within a
   * second, sends the mail.
   */
  queued(): void;
}
