import { sql } from 'kysely';
import { expect } from 'vitest';
import { migrationTest } from './migration-test.ts';

/** Migration 0018 renames the stored case and package events to the contract's past-tense vocabulary. */
migrationTest(
  '0018_audit_action_names',
  'renames the verbs of stored events and leaves every other event as it was',
  '0017_search_sources',
  async (db, migrate) => {
    const event = (entity: string, action: string) =>
      sql`insert into audit_events (organisation_id, actor_user_id, entity, entity_id, action, changes, created_at)
            values (1, null, ${entity}, 1, ${action}, '{}', '2026-01-01T00:00:00.000Z')`.execute(db);
    for (const [entity, action] of [
      ['case', 'create'],
      ['case', 'document.add'],
      ['case', 'alert.comment'],
      ['template_package', 'export'],
      ['user', 'created'],
      ['organisation', 'deleted'],
    ])
      await event(entity!, action!);
    await migrate();
    const { rows } = await sql<{ entity: string; action: string }>`select entity, action from audit_events
          order by id`.execute(db);
    expect(rows.map((row) => `${row.entity}:${row.action}`)).toEqual([
      'case:created',
      'case:document.added',
      'case:alert.commented',
      'template_package:exported',
      'user:created',
      'organisation:deleted',
    ]);
  },
);
