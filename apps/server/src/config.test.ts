import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('defaults every setting', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      database: { kind: 'sqlite', file: path.join(REPO_ROOT, 'data', 'lexdesk.sqlite') },
      seedDemo: true,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3000',
      sessionTtlHours: 12,
      rememberTtlDays: 30,
      logLevel: 'info',
      trustProxy: false,
      helpUrl: 'https://www.lexdesk.example/help',
      webDistDir: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
      bodyLimitBytes: 1024 * 1024,
      rateLimitPerMinute: 1200,
      https: false,
    });
  });

  it('resolves the repository root from the source file, not the working directory', () => {
    expect(path.basename(REPO_ROOT)).not.toBe('server');
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/lexdesk',
      DATABASE_URL: 'postgres://u:p@db:5432/lexdesk',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://lexdesk.firm.example/',
      TRUST_PROXY: '1',
      SMTP_URL: 'smtp://mail.firm.example:587',
      EMPTY_IS_UNSET: '',
      HELP_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/lexdesk',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/lexdesk' },
      seedDemo: false,
      publicUrl: 'https://lexdesk.firm.example',
      trustProxy: 1,
      https: true,
      smtpUrl: 'smtp://mail.firm.example:587',
      helpUrl: 'https://www.lexdesk.example/help',
    });
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('takes a hop count or proxy addresses for TRUST_PROXY, never "believe every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would believe a client-written/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be false/);
  });
});
