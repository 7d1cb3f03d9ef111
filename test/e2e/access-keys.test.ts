/**
 * The Keys panel and the Audit view in Chromium, against a real `serve --auth` on a folder,
 * through a connection with an admin key: create a principal (its key shown once, copied, then
 * gone from the page), the key working on the server; revoke it and the server refusing it; the
 * audit trail listing both actions. Screenshots in both themes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/catalog-server';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { hasChromium, screenshotBothThemes, startWebApp, type WebApp } from '../support/web-app';

const ADMIN_KEY = `admin-${randomBytes(12).toString('hex')}`;

describe.skipIf(!hasChromium)('the Keys panel and the Audit view (Chromium)', () => {
  let dir: string;
  let server: ServerProcess;
  let app: WebApp;
  let connectionId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-access-e2e-'));
    writeFileSync(
      join(dir, 'auth.json'),
      JSON.stringify({ principals: [{ name: 'ops', role: 'admin', api_keys: [ADMIN_KEY] }] }),
    );
    server = await startServerProcess([
      '--root',
      join(dir, 'root'),
      '--auth',
      join(dir, 'auth.json'),
      '--workers',
      '1',
    ]);
    app = await startWebApp();
    const opened = await app.host.call('connections:connect-url', {
      url: server.url,
      apiKey: ADMIN_KEY,
      name: 'team catalog',
    });
    if (!opened.ok) throw new Error(opened.error.message);
    connectionId = (opened.value as { id: string }).id;
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a principal, shows its key once, revokes it, and lists both in the audit trail', async () => {
    const page = await app.newPage();
    // Reached from the palette, as a user would.
    await page.keyboard.press('Control+k');
    await page.getByText('Keys and audit of team catalog').click();
    const keys = page.getByRole('region', { name: 'Keys' });
    await keys.getByRole('row', { name: 'Principal ops' }).waitFor();

    const form = keys.getByRole('form', { name: 'New principal' });
    await form.getByLabel('Name', { exact: true }).fill('etl');
    await form.getByLabel('Role').selectOption('writer');
    await form.getByLabel('Namespaces').fill('sales, team/eu');
    await form.getByRole('button', { name: 'Create principal and key' }).click();
    const shown = keys.getByRole('alert', { name: 'New API key' });
    const key = (await shown.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^csk_/);
    expect(
      (await call(server, 'GET', '/v1/whoami', undefined, { 'x-api-key': key })).body,
    ).toMatchObject({ name: 'etl', role: 'writer', namespaces: [['sales'], ['team', 'eu']] });
    await shown.getByRole('button', { name: 'Copy the new API key' }).click();
    await screenshotBothThemes(page, 'access-new-key');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await shown.waitFor({ state: 'detached' });
    // Once dismissed, the secret is nowhere on the page.
    expect(await page.content()).not.toContain(key);

    const row = keys.getByRole('row', { name: 'Principal etl' });
    await row.getByText('sales, team/eu').waitFor();
    await row.getByRole('button', { name: /^Revoke key k_/ }).click();
    await row.getByText('revoked').waitFor();
    expect((await call(server, 'GET', '/v1/whoami', undefined, { 'x-api-key': key })).status).toBe(
      401,
    );
    // Revoking the whole principal asks for its name first.
    await row.getByRole('button', { name: 'Revoke principal etl' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke etl' });
    await confirm.getByLabel('Type the name to confirm: etl').fill('etl');
    await screenshotBothThemes(page, 'access-revoke-principal');
    await confirm.getByRole('button', { name: 'Revoke principal' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('revoked', { exact: true }).first().waitFor();
    await row.getByRole('button', { name: 'New key' }).waitFor({ state: 'detached' });
    await screenshotBothThemes(page, 'access-keys');

    await page.getByRole('tab', { name: 'Audit' }).click();
    const audit = page.getByRole('region', { name: 'Audit trail' });
    await audit.getByRole('cell', { name: 'revokePrincipal' }).waitFor();
    await audit.getByRole('cell', { name: 'revokeKey' }).waitFor();
    await expect(audit.getByRole('cell', { name: 'createPrincipal' }).count()).resolves.toBe(1);
    await screenshotBothThemes(page, 'access-audit');
    expect(await app.openConnectionIds()).toContain(connectionId);
    await page.close();
  });
});
