import type { Page } from '@playwright/test';
import { SoftPasskey } from '../../tests/support/soft-passkey';
import { withDatabase } from './database';
import { baseURL } from './sign-in';

/**
 * Passkeys in the browser tests: Chromium's own virtual authenticator, through the DevTools
 * Protocol (WebAuthn.addVirtualAuthenticator). It answers navigator.credentials like a phone
 * or laptop with a fingerprint reader would, user verification included.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** One passkey per test worker for each staff account that must have one, stored once (as if added earlier). */
const stored = new Map<string, SoftPasskey>();

async function storedPasskeyFor(email: string): Promise<{ passkey: SoftPasskey; userId: string; counter: number }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email]);
    const userId = rows[0]!.id;
    let passkey = stored.get(email);
    if (!passkey) {
      passkey = new SoftPasskey(baseURL);
      await client.query(
        `insert into passkeys (user_id, credential_id, public_key, device_type, name) values ($1, $2, $3, 'singleDevice', 'Test worker laptop')`,
        [userId, passkey.id, passkey.cosePublicKey()],
      );
      stored.set(email, passkey);
    }
    const counter = await client.query<{ counter: string }>('select counter from passkeys where credential_id = $1', [passkey.id]);
    return { passkey, userId, counter: Number(counter.rows[0]!.counter) };
  });
}

/** Puts this account's stored passkey in the page's virtual authenticator, so "Use my passkey" works there. */
export async function holdStaffPasskey(page: Page, email: string) {
  const { passkey, userId, counter } = await storedPasskeyFor(email);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.cdp.send('WebAuthn.addCredential', {
    authenticatorId: authenticator.authenticatorId,
    credential: {
      credentialId: passkey.credentialId.toString('base64'),
      isResidentCredential: true,
      rpId: new URL(baseURL).hostname,
      privateKey: passkey.privateKeyPkcs8,
      userHandle: Buffer.from(userId).toString('base64'),
      signCount: counter,
    },
  });
  return authenticator;
}

/** Whether the console asks this account for a passkey (owners and office staff). */
export const needsPasskey = (email: string) =>
  withDatabase(async (client) => {
    const { rows } = await client.query<{ role: string }>('select role from users where email = $1', [email]);
    return rows[0]?.role === 'owner' || rows[0]?.role === 'office';
  });
