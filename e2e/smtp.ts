import { SMTPServer } from 'smtp-server';

/** A real SMTP server for the browser tests; it hands out the sign-in links it receives. */
export async function startSmtpServer(port: number) {
  const mails: Array<{ to: string[]; body: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // Undo quoted-printable soft line breaks and escapes.
        const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    async nextLinkTo(to: string, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const index = mails.findIndex((mail) => mail.to.includes(to));
        if (index >= 0) {
          const [mail] = mails.splice(index, 1);
          const match = /(https?:\/\/[^\s"<>]+\/login\/verify\?token=[\w-]+)/.exec(mail!.body);
          if (!match) throw new Error(`no sign-in link in the e-mail to ${to}`);
          return match[1]!;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
