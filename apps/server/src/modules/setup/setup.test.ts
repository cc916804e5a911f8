import { organisationMessages, passwordMessages, setupMessages, userAdminMessages } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { setupService } from './setup.service.ts';

const valid = {
  token: 'x',
  organisation: 'Provider Ltd',
  first_name: 'Pat',
  last_name: 'Provider',
  email: 'pat@provider.example',
  password: 'Strong#Pass2026',
  confirm_password: 'Strong#Pass2026',
};

// The first-run flow itself (link printed, super user created once) runs against a real start in main.test.ts.
describeEachDatabase('POST /api/setup/', (h) => {
  it('refuses invalid fields with the contract messages', async () => {
    const cases: [object, string][] = [
      [{ organisation: ' ' }, organisationMessages.nameRequired],
      [{ first_name: '' }, userAdminMessages.firstNameInvalid],
      [{ last_name: '7' }, userAdminMessages.lastNameInvalid],
      [{ email: 'not-an-email' }, userAdminMessages.emailInvalid],
      [{ confirm_password: 'Other#Pass2026' }, 'Passwords do not match'],
      [{ password: 'Password@123', confirm_password: 'Password@123' }, passwordMessages.tooCommon],
    ];
    for (const [change, message] of cases) {
      const res = await h().request('POST', '/api/setup/', { body: { ...valid, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.body.toLowerCase()).toContain(message.toLowerCase().slice(0, 20));
    }
  });

  it('prints no link and accepts none once anyone can sign in', async () => {
    expect(await setupService(h().ctx).prepareLink()).toBeNull();
    const res = await h().request('POST', '/api/setup/', { body: valid, ip: h().uniqueIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: setupMessages.linkInvalid });
  });
});
