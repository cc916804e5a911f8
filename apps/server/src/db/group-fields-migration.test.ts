import { sql } from 'kysely';
import { expect } from 'vitest';
import { migrationTest } from './migration-test.ts';

/**
 * Migration 0031 (issue 30 item 4): the question_type check gains 'Repeating'. On SQLite the questions table is
 * rebuilt; its options, tags and branches (which cascade on a question's delete) must all survive it.
 */
migrationTest(
  '0031_group_fields',
  'keeps every question, option, tag and branch, and accepts a Repeating group',
  '0030_housekeeping_failures',
  async (db, migrate) => {
    const at = '2026-01-01T00:00:00.000Z';
    const plan = await sql<{ id: number }>`select id from plans order by id limit 1`.execute(db);
    await sql`insert into organisations (name, plan_id, created_at, updated_at)
          values ('Firm', ${plan.rows[0]!.id}, ${at}, ${at})`.execute(db);
    const org = (await sql<{ id: number }>`select id from organisations`.execute(db)).rows[0]!.id;
    await sql`insert into questionnaires (organisation_id, created_at, updated_at)
          values (${org}, ${at}, ${at})`.execute(db);
    const form = (await sql<{ id: number }>`select id from questionnaires`.execute(db)).rows[0]!.id;
    const question = (type: string, position: number) =>
      sql`insert into questions (organisation_id, questionnaire_id, position, question_type, question_text,
              created_at, updated_at)
            values (${org}, ${form}, ${position}, ${type}, ${`Q${position}`}, ${at}, ${at})`.execute(db);
    await question('Multiple', 0);
    await question('Yes/No', 1);
    const ids = (await sql<{ id: number }>`select id from questions order by position`.execute(db)).rows;
    const [choice, yesNo] = [ids[0]!.id, ids[1]!.id];
    await sql`insert into question_options (organisation_id, question_id, position, option)
          values (${org}, ${choice}, 0, 'England')`.execute(db);
    await sql`insert into question_tags (organisation_id, question_id, list, position, tag)
          values (${org}, ${yesNo}, 'yes', 0, 'guarantee')`.execute(db);
    await sql`insert into question_branches (organisation_id, question_id, position, selected_option, type,
            selected_question_id)
          values (${org}, ${yesNo}, 0, 'Yes', 'edit', ${choice})`.execute(db);
    await expect(question('Repeating', 2)).rejects.toThrow();

    await migrate();

    const count = async (table: string) =>
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n;
    expect(Number(await count('questions'))).toBe(2);
    for (const table of ['question_options', 'question_tags', 'question_branches'])
      expect(Number(await count(table)), table).toBe(1);
    await question('Repeating', 2);
    await expect(question('Essay', 3)).rejects.toThrow();
    const fields = await sql<{
      group_fields: string;
    }>`select group_fields from questions where position = 2`.execute(db);
    expect(fields.rows[0]?.group_fields).toBe('[]');
    // The keys still cascade: deleting a question removes its option, tag and branch.
    await sql`delete from questions where id in (${choice}, ${yesNo})`.execute(db);
    for (const table of ['question_options', 'question_tags', 'question_branches'])
      expect(Number(await count(table)), table).toBe(0);
  },
);
