import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';

describeEachDatabase('GET /api/app-config/', (h) => {
  it('answers the help address and product name without a token', async () => {
    const res = await h().request('GET', '/api/app-config/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ help_url: 'https://www.lexdesk.example/help', product_name: 'Lexdesk' });
  });

  it('answers HELP_URL when it is set', async () => {
    const app = await h().extraApp({ HELP_URL: 'https://help.firm.example/lexdesk' });
    const res = await app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.json().help_url).toBe('https://help.firm.example/lexdesk');
  });
});
