import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { withDatabase } from './support/database';
import { STAFF_EMAIL, signIn } from './support/sign-in';
import { switchToDark } from './support/theme';

/*
 * Staff accounts (issue 13): an owner disables a crew member, whose phone is signed out at once,
 * then enables them again; nobody can change their own role.
 */
test('an owner disables a crew member, who is signed out at once, and enables them again (1440 px, light and dark)', async ({
  browser,
}) => {
  const email = `marco${Date.now()}@lakeshorelotcare.com`;
  await withDatabase((client) =>
    client.query(`insert into users (email, first_name, last_name, role) values ($1, 'Marco', 'Ruiz', 'crew')`, [email]),
  );
  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const deskContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const phone = await phoneContext.newPage();
    await signIn(phone, email, '/crew');
    expect((await phone.request.get('/api/auth/user')).status()).toBe(200);

    const desk = await deskContext.newPage();
    await signIn(desk, STAFF_EMAIL, '/admin/crew');
    const accounts = desk.getByRole('region', { name: 'Staff accounts' });
    const marco = accounts.getByRole('listitem').filter({ hasText: email });
    await expect(
      accounts
        .getByRole('listitem')
        .filter({ hasText: '(you)' })
        .getByLabel(/^Role of /),
    ).toBeDisabled();
    await marco.getByRole('button', { name: 'Disable Marco Ruiz' }).click();
    await expect(marco).toContainText('Disabled: cannot sign in');
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);

    expect((await new AxeBuilder({ page: desk }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await switchToDark(desk);
    expect((await new AxeBuilder({ page: desk }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

    await marco.getByRole('button', { name: 'Enable Marco Ruiz' }).click();
    await expect(marco).not.toContainText('Disabled');
    await signIn(phone, email, '/crew');
    expect((await phone.request.get('/api/auth/user')).status()).toBe(200);
  } finally {
    await phoneContext.close();
    await deskContext.close();
  }
});
