import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test/harness.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/** Migration 0018 renames the stored case and package events to the contract's past-tense vocabulary. */
for (const factory of databaseTargets()) {
  describe(`migration 0018_audit_action_names [${factory.label}]`, () => {
    it('renames the verbs of stored events and leaves every other event as it was', async () => {
      const { target, cleanup } = await factory.open();
      const database = openDatabase(target);
      try {
        await migrateUpTo(database.db, database.dialect, '0017_search_sources');
        const event = (entity: string, action: string) =>
          sql`insert into audit_events (organisation_id, actor_user_id, entity, entity_id, action, changes, created_at)
            values (1, null, ${entity}, 1, ${action}, '{}', '2026-01-01T00:00:00.000Z')`.execute(database.db);
        for (const [entity, action] of [
          ['case', 'create'],
          ['case', 'document.add'],
          ['case', 'alert.comment'],
          ['template_package', 'export'],
          ['user', 'created'],
          ['organisation', 'deleted'],
        ])
          await event(entity!, action!);
        await migrateToLatest(database.db, database.dialect);
        const { rows } = await sql<{ entity: string; action: string }>`select entity, action from audit_events
          order by id`.execute(database.db);
        expect(rows.map((row) => `${row.entity}:${row.action}`)).toEqual([
          'case:created',
          'case:document.added',
          'case:alert.commented',
          'template_package:exported',
          'user:created',
          'organisation:deleted',
        ]);
      } finally {
        await database.close();
        await cleanup();
      }
    });
  });
}
