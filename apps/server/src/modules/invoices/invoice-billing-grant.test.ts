import type { ManagedUser, PermissionMonitoringResponse } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/harness.ts';
import { ALL_ON, organisationWithAdmin } from '../organisations/organisations.fixtures.ts';
import { account, issuedInvoice } from './invoice-test-helpers.ts';

/**
 * Issue 29's decision: reading the firm's billing (dashboard, invoices, client accounts) is a grant the
 * organisation's admin gives a plain user; admins hold it by role.
 */
describeEachDatabase('the Billing grant', (h) => {
  it('lets a plain user read invoices and client accounts only once the admin grants Billing', async () => {
    const { organisation, admin } = await organisationWithAdmin(h());
    const client = await account(h(), admin.token);
    const invoice = await issuedInvoice(h(), admin.token, client.id);
    const plain = await h().createUser({ role: 'user', organisationId: organisation.id, modules: ALL_ON });
    const { access: userToken } = await h().login(plain.email, plain.password);
    const reads = [
      '/api/invoice/summary/',
      '/api/invoice/',
      `/api/invoice/${invoice.id}/`,
      '/api/invoice/accounts/',
      `/api/invoice/accounts/${client.id}/`,
    ];
    const statuses = async (token: string) =>
      Promise.all(reads.map(async (url) => (await h().request('GET', url, { token })).statusCode));
    const monitoring = async () =>
      (
        await h().request('GET', `/api/user/permission-monitoring/${plain.id}/`, { token: userToken })
      ).json<PermissionMonitoringResponse>().billing_permission;

    // The Invoice module alone is not enough.
    expect(await statuses(userToken)).toEqual(reads.map(() => 403));
    expect(await monitoring()).toBe(false);
    // The admin holds it by role.
    expect(await statuses(admin.token)).toEqual(reads.map(() => 200));

    const grant = async (billing: boolean) => {
      const current = (
        await h().request('GET', `/api/user/${plain.id}/manage/`, { token: admin.token })
      ).json<ManagedUser>();
      expect(current.billing_permission).toBe(!billing);
      const res = await h().request('PUT', `/api/user/${plain.id}/`, {
        token: admin.token,
        body: {
          first_name: 'Plain',
          last_name: 'User',
          role: 'user',
          modules: current.modules,
          knowledge_role: current.knowledge_role,
          knowledge_data_permission: current.knowledge_data_permission,
          billing_permission: billing,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await grant(true);
    expect(await statuses(userToken)).toEqual(reads.map(() => 200));
    expect(await monitoring()).toBe(true);
    // Still read-only: managing stays with staff.
    const create = await h().request('POST', '/api/invoice/accounts/', {
      token: userToken,
      body: { name: 'Refused', currency: 'USD', hourly_rate: '1.00', case_ids: [] },
    });
    expect(create.statusCode).toBe(403);

    await grant(false);
    expect(await statuses(userToken)).toEqual(reads.map(() => 403));
  });
});
