import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from './app';
import { createSession, SESSION_COOKIE } from './auth/sessions';
import type { Db } from './db/database';
import { customers, properties, users } from './db/schema';
import { addPhoto } from './photos/add-photo';
import type { PhotoStorage } from './photos/photo-store';

/** A small real JPEG, drawn by sharp; `exif` adds metadata (GPS included) to check that it is stripped. */
export async function makeJpeg(
  options: { width?: number; height?: number; color?: string; exif?: Record<string, Record<string, string>> } = {},
) {
  const image = sharp({
    create: { width: options.width ?? 640, height: options.height ?? 480, channels: 3, background: options.color ?? '#3b93f6' },
  }).jpeg();
  return (options.exif ? image.withExif(options.exif) : image).toBuffer();
}

export interface PortalFixture {
  customerA: { id: string; userEmail: string; propertyId: string; photoId: string };
  customerB: { id: string; userEmail: string; propertyId: string; photoId: string };
  staffEmail: string;
}

/** Two customers with a property and a photo each, and one staff user. */
export async function seedPortal(db: Db, storage: PhotoStorage): Promise<PortalFixture> {
  const made = [];
  for (const [key, color] of [
    ['a', '#22a06b'],
    ['b', '#e11d48'],
  ] as const) {
    const [customer] = await db
      .insert(customers)
      .values({
        name: `Customer ${key.toUpperCase()} Properties`,
        email: `office-${key}@example.com`,
        phone: '(414) 555-0100',
        address: '100 Main St, Milwaukee, WI',
      })
      .returning();
    await db.insert(users).values({
      email: `manager-${key}@example.com`,
      firstName: `Manager${key.toUpperCase()}`,
      lastName: 'Test',
      role: 'customer',
      customerId: customer!.id,
    });
    const [property] = await db
      .insert(properties)
      .values({
        customerId: customer!.id,
        name: `Plaza ${key.toUpperCase()}`,
        address: '200 Oak Ave',
        city: 'West Allis',
        state: 'WI',
        zipCode: '53214',
        propertyType: 'Retail Center',
      })
      .returning();
    const photo = await addPhoto(db, storage, {
      propertyId: property!.id,
      data: await makeJpeg({ color }),
      caption: `Lot ${key}`,
      photoType: 'before',
    });
    made.push({ id: customer!.id, userEmail: `manager-${key}@example.com`, propertyId: property!.id, photoId: photo.id });
  }
  await db.insert(users).values({ email: 'crew@lakeshorelotcare.com', firstName: 'Sam', lastName: 'Staff', role: 'staff' });
  return { customerA: made[0]!, customerB: made[1]!, staffEmail: 'crew@lakeshorelotcare.com' };
}

/** A session cookie for a user, made directly (the sign-in flow has its own tests). */
export async function sessionCookie(app: App, email: string): Promise<string> {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const session = await createSession(app.db, user.id);
  return `${SESSION_COOKIE}=${session.id}`;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes decoded. */
  decoded: string;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
