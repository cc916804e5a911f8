import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.types.ts';

const OLD_TYPES = sql`question_type in ('Yes/No', 'short', 'Multiple')`;
const NEW_TYPES = sql`question_type in ('Yes/No', 'short', 'Multiple', 'Repeating')`;

/**
 * Issue 30 item 4: a Repeating group question ("add another party") keeps the fields of its items, in order, as
 * JSON (`[{ "label": "Name", "tag": "name" }]`); '[]' for every other kind of question. The group's own tag is its
 * `associated_tag`, a question_tags row like a Short Answer's, so tag matching finds it unchanged. The check on
 * `question_type` (0006) gains 'Repeating'.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('group_fields', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  if (dialect === 'postgres') await widenCheckOnPostgres(db);
  else await widenCheckOnSqlite(db);
}

async function widenCheckOnPostgres(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'questions'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%question_type%'`.execute(
    db,
  );
  for (const { name } of rows) await sql`alter table questions drop constraint ${sql.id(name)}`.execute(db);
  await sql`alter table questions add constraint questions_question_type_check check (${NEW_TYPES})`.execute(db);
}

/**
 * SQLite cannot change a check in place: the table is rebuilt as its documentation prescribes (foreign keys off,
 * a new table from the old definition with the wider check, rows copied, the old dropped, the new renamed, its
 * indexes made again, the keys checked). With foreign keys off, dropping the old table deletes no tag, option or
 * branch that refers to it; they refer to the new one by name. SQLite migrations run outside a transaction
 * (Kysely: no transactional DDL), so the pragma takes effect; the rebuild itself is one transaction.
 */
async function widenCheckOnSqlite(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_schema where tbl_name = 'questions' and sql is not null`.execute(db);
  const table = rows.find((row) => row.type === 'table')?.sql ?? '';
  const oldCheck = OLD_TYPES.compile(db).sql;
  if (!table.includes(oldCheck)) throw new Error('0031: the questions table has no question_type check to widen');
  const rebuilt = table
    .replace(oldCheck, NEW_TYPES.compile(db).sql)
    .replace(/^CREATE TABLE\s+("questions"|questions)/i, 'CREATE TABLE "questions_0031"');
  const indexes = rows.filter((row) => row.type === 'index').map((row) => row.sql);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (tx) => {
      await sql.raw(rebuilt).execute(tx);
      await sql`insert into questions_0031 select * from questions`.execute(tx);
      await sql`drop table questions`.execute(tx);
      await sql`alter table questions_0031 rename to questions`.execute(tx);
      for (const index of indexes) await sql.raw(index).execute(tx);
      for (const child of ['question_options', 'question_tags', 'question_branches']) {
        const broken = await sql`select * from pragma_foreign_key_check(${child})`.execute(tx);
        if (broken.rows.length > 0) throw new Error(`0031: ${child} refers to a question the rebuild lost`);
      }
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
