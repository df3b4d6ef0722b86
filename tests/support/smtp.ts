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
    /** Waits for the next message to `to` (that `matches`, when given; the others stay for their own readers). */
    async nextMailTo(to: string, timeoutMs = 10_000, matches: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && matches(m));
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
    /**
     * Waits for the next sign-in e-mail to `to` and returns its link. Other mail to the address
     * (the demo customer's invoice, which seed-demo queues) is left for nextMailTo.
     */
    async nextLinkTo(to: string, timeoutMs = 15_000): Promise<string> {
      return signInLinkFrom(await this.nextMailTo(to, timeoutMs, (mail) => SIGN_IN_LINK.test(mail.decoded)));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const SIGN_IN_LINK = /(https?:\/\/[^\s"<>]+\/login\/verify\?token=[\w-]+)/;

export function signInLinkFrom(mail: ReceivedMail): string {
  const match = SIGN_IN_LINK.exec(mail.decoded);
  if (!match) throw new Error(`no sign-in link in:\n${mail.decoded}`);
  return match[1]!;
}

/** One leaf part of a received MIME message: its headers read, its body decoded. */
export interface MimePart {
  contentType: string;
  disposition: string | undefined;
  filename: string | undefined;
  contentId: string | undefined;
  data: Buffer;
}

/** A header's value and parameters from a part's unfolded head: `Content-Type: a/b; name=x.pdf`. */
function header(head: string, name: string): { value: string; params: Record<string, string> } | undefined {
  const line = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1];
  if (line === undefined) return undefined;
  const [value, ...rest] = line.split(';');
  const params = Object.fromEntries(
    rest.map((param) => {
      const [key, ...words] = param.split('=');
      return [
        key!.trim().toLowerCase(),
        words
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      ];
    }),
  );
  return { value: value!.trim().toLowerCase(), params };
}

/**
 * The leaf parts of a received message (multipart bodies opened, base64 and quoted-printable bodies
 * decoded): a small reader for what nodemailer writes, so a test can check what arrived.
 */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = header(head, 'Content-Type') ?? { value: 'text/plain', params: {} };
  if (type.value.startsWith('multipart/')) {
    const boundary = type.params.boundary!;
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = header(head, 'Content-Transfer-Encoding')?.value;
  const disposition = header(head, 'Content-Disposition');
  return [
    {
      contentType: type.value,
      disposition: disposition?.value,
      filename: disposition?.params.filename ?? type.params.name,
      contentId: /^Content-ID:\s*<([^>]+)>/im.exec(head)?.[1],
      data:
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body, 'utf8'),
    },
  ];
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
