import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { DEFAULT_BESPOKE_CONTACT } from '../settings/settings.service.ts';

describeEachDatabase('GET /api/app-config/', (h) => {
  it('answers the help address, product name, registration state and contact without a token', async () => {
    const res = await h().request('GET', '/api/app-config/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      help_url: 'https://www.lexdesk.example/help',
      product_name: 'Lexdesk',
      registration_open: false,
      bespoke_contact: DEFAULT_BESPOKE_CONTACT,
    });
  });

  it('answers HELP_URL when it is set', async () => {
    const app = await h().extraApp({ HELP_URL: 'https://help.firm.example/lexdesk' });
    const res = await app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json().help_url).toBe('https://help.firm.example/lexdesk');
  });

  it("answers Admin Setting's values over the configuration once a super user sets them", async () => {
    const { access } = await h().login(DEMO.super);
    const body = { help_url: 'https://support.firm.example', bespoke_contact: 'mailto:sales@firm.example' };
    expect((await h().request('PUT', '/api/admin/settings/', { token: access, body })).statusCode).toBe(200);
    const res = await h().request('GET', '/api/app-config/');
    expect(res.json()).toMatchObject(body);
    await h().request('PUT', '/api/admin/settings/', {
      token: access,
      body: { help_url: 'https://www.lexdesk.example/help', bespoke_contact: DEFAULT_BESPOKE_CONTACT },
    });
  });
});
