import { describe, expect, it } from 'vitest';
import { publicUrlWarning } from './publicUrlWarning.ts';

const at = (host: string) => ({ host, origin: `http://${host}` });

describe('publicUrlWarning', () => {
  const fallback = { public_url: 'http://localhost:3000', public_url_set: false };

  it('warns when PUBLIC_URL is unset and the browser reached another host name', () => {
    const warning = publicUrlWarning(fallback, at('lexdesk.firm.example'));
    expect(warning).toContain('PUBLIC_URL is not set');
    expect(warning).toContain('http://localhost:3000');
    expect(warning).toContain('lexdesk.firm.example');
  });

  it('stays quiet on the host the links use, or when PUBLIC_URL was set', () => {
    expect(publicUrlWarning(fallback, at('localhost:3000'))).toBeNull();
    expect(publicUrlWarning(fallback, at('LOCALHOST:3000'))).toBeNull();
    expect(publicUrlWarning({ public_url: 'https://a.example', public_url_set: true }, at('b.example'))).toBeNull();
  });

  it('counts another port as another host', () => {
    expect(publicUrlWarning(fallback, at('localhost:8080'))).not.toBeNull();
  });
});
