import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes decoded. */
  decoded: string;
}

/** Soft breaks joined, and each run of =XX escapes read as the UTF-8 bytes it is ("=C2=B7" is "·"). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** A real SMTP server on loopback (the smtp-server package) that keeps what it receives. */
export async function startSmtpServer(port = 0, options: { refuse?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // A mailbox the server refuses (550), as a real one does for an unknown user.
      callback(options.refuse?.(address.address) ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, decoded: decodeQuotedPrintable(raw) });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: listening } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    /** Waits for the next message to `to`. */
    async nextMailTo(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to));
        if (found) {
          received.splice(received.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Waits for the next sign-in e-mail to `to` and returns its link. */
    async nextLinkTo(to: string, timeoutMs = 15_000): Promise<string> {
      return signInLinkFrom(await this.nextMailTo(to, timeoutMs));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function signInLinkFrom(mail: ReceivedMail): string {
  const match = /(https?:\/\/[^\s"<>]+\/login\/verify\?token=[\w-]+)/.exec(mail.decoded);
  if (!match) throw new Error(`no sign-in link in:\n${mail.decoded}`);
  return match[1]!;
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
