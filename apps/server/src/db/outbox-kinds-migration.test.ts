import { sql } from 'kysely';
import { expect } from 'vitest';
import { migrationTest } from './migration-test.ts';

/**
 * Migration 0027 (issue 29 items 2 and 8): stored outbox rows get the kind their fixed text tells (else
 * `unclassified`, which the provider does not see); stored audit details lose the free text the modules wrote.
 */
migrationTest(
  '0027_outbox_kinds',
  'tells the kind of old outbox rows and removes free text from old audit details',
  '0025_knowledge',
  async (db, migrate) => {
    const message = (channel: string, subject: string, body: string, attachments: string | null = null) =>
      sql`insert into outbox (organisation_id, channel, to_address, subject, body_text, body_html, status,
              created_at, sent_at, error, attachments)
            values (null, ${channel}, 'x@example.com', ${subject}, ${body}, null, 'sent',
              '2026-01-01T00:00:00.000Z', null, null, ${attachments})`.execute(db);
    await message('email', 'Set your Lexdesk password', 'Hello, token=••••••');
    await message('email', 'Reset your Lexdesk password', 'Hello');
    await message('email', 'You are invited to administer Other Firm on Lexdesk', 'Hello');
    await message('email', 'Your Lexdesk registration code', 'Your Lexdesk registration code is ••••••.');
    await message('email', 'You already have a Lexdesk account', 'Hello');
    await message('sms', '', 'Your Lexdesk registration code is ••••••. It expires in 10 minutes.');
    await message('sms', '', 'Your Lexdesk phone verification code is ••••••.');
    await message('sms', '', 'Your Lexdesk sign-in code is ••••••.');
    await message('email', 'Invoice INV-1 from Demo Law LLP', 'Please pay', '[{"name":"INV-1.pdf"}]');
    await message('email', 'Set your Lexdesk password', 'With a file', '[{"name":"x.pdf"}]');
    await message('email', 'Lunch on Friday', 'Hello');

    const event = (entity: string, action: string, changes: object) =>
      sql`insert into audit_events (organisation_id, actor_user_id, entity, entity_id, action, changes, created_at)
            values (1, null, ${entity}, 1, ${action}, ${JSON.stringify(changes)}, '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
    await event('task', 'checklist.added', { title: 'Smith divorce', text: 'Call Mrs Smith' });
    await event('invoice', 'sent', { number: 'INV-1', to: 'ap@client.example' });
    await event('client_account', 'created', { name: 'Acme Ltd' });
    await event('playbook', 'duplicated', { from: 7, name: 'NDA positions' });
    await event('case', 'updated', {
      title: { from: 'A v B', to: 'A v C' },
      status: { from: 'open', to: 'closed' },
    });
    await event('case', 'document.added', { document_id: 3, name: 'Lease.pdf' });
    await event('user', 'deleted', { name: 'Ada Admin', email: 'ada@example.com' });

    await migrate();
    const outbox = await sql<{ kind: string }>`select kind from outbox order by id`.execute(db);
    expect(outbox.rows.map((row) => row.kind)).toEqual([
      'set_password',
      'reset_password',
      'admin_invitation',
      'registration_code',
      'account_exists',
      'registration_code',
      'phone_code',
      'sign_in_code',
      'invoice',
      'invoice',
      'unclassified',
    ]);
    const audit = await sql<{ changes: string }>`select changes from audit_events order by id`.execute(db);
    expect(audit.rows.map((row) => JSON.parse(row.changes) as unknown)).toEqual([
      {},
      { number: 'INV-1' },
      {},
      { from: 7 },
      { status: { from: 'open', to: 'closed' }, fields: ['title'] },
      { document_id: 3 },
      // Account data keeps the person's name (a deleted user still reads by name).
      { name: 'Ada Admin', email: 'ada@example.com' },
    ]);
  },
);
