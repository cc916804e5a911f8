import { LOGIN_MAX_FAILURES_PER_IP } from '@lexdesk/contract';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';

// Item 5 of the security issue: the client writes the left-most X-Forwarded-For entries itself; only what a
// trusted proxy appended may name the client, so no spoofed header dodges a per-address limit.
describeEachDatabase('TRUST_PROXY', (h) => {
  /** A failed sign-in from `remoteAddress` carrying `forwardedFor`; answers the status. */
  const failedSignIn = async (app: FastifyInstance, harness: Harness, remoteAddress: string, forwardedFor: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username: harness.uniqueEmail('nobody'), password: 'Wrong#Pass2026', mode: 'webapp' },
      })
    ).statusCode;

  it('one hop: takes the address the proxy appended, whatever the client wrote before it', async () => {
    const app = await h().extraApp({ TRUST_PROXY: '1' });
    const realClient = h().uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i += 1) {
      expect(await failedSignIn(app, h(), '127.0.0.1', `203.0.113.${i}, ${realClient}`)).toBe(401);
    }
    // A new left-most address every time changes nothing: the real client is throttled...
    expect(await failedSignIn(app, h(), '127.0.0.1', `198.51.100.77, ${realClient}`)).toBe(429);
    // ...and another client behind the same proxy is not.
    expect(await failedSignIn(app, h(), '127.0.0.1', h().uniqueIp())).toBe(401);
  });

  it("the proxies' addresses: a client reaching the server directly cannot name itself in the header", async () => {
    const app = await h().extraApp({ TRUST_PROXY: '127.0.0.1' });
    const direct = '192.0.2.9';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i += 1) {
      expect(await failedSignIn(app, h(), direct, `203.0.113.${i}`)).toBe(401);
    }
    expect(await failedSignIn(app, h(), direct, '198.51.100.78')).toBe(429);
    // Through the trusted proxy, the appended address counts.
    expect(await failedSignIn(app, h(), '127.0.0.1', h().uniqueIp())).toBe(401);
  });
});
