import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { searchService } from '../platform/search/search.service.ts';
import { decodeUint32, encodeUint32 } from '../platform/search/word-arrays.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

const NOW = '2026-03-02T09:00:00.000Z';
const TEXT = 'The Landlord shall repair;\nthe LANDLORD\nshall pay. tenant_id: 2nd';

/**
 * Migration 0021 re-tokenises rows indexed before it (letters and digits only, lower-cased, no separators):
 * afterwards they carry separator ids, `_` joins words, counts follow the exact rules and the vocabulary's
 * source counts match the new words.
 */
for (const factory of databaseTargets()) {
  describe(`migration 0021_search_separators [${factory.label}]`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-migration-'));
    let database: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let app: FastifyInstance;
    let org = 0;
    const insertReturningId = async (db: DatabaseHandle['db'], query: RawBuilder<{ id: number }>) =>
      (await query.execute(db)).rows[0]?.id ?? 0;

    beforeAll(async () => {
      const opened = await factory.open();
      cleanup = opened.cleanup;
      database = openDatabase(opened.target);
      const { db } = database;
      await migrateUpTo(db, database.dialect, '0019_concept_lists');
      org = await insertReturningId(
        db,
        sql<{ id: number }>`insert into organisations (name, plan_id, created_at, updated_at)
          values ('Before the upgrade', (select min(id) from plans), ${NOW}, ${NOW}) returning id`,
      );
      // The row as the tokenizer before 0021 wrote it: runs of letters and digits, lower-cased.
      const words = TEXT.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const offsets = [...TEXT.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m.index ?? 0);
      const unique = [...new Set(words)];
      for (const word of unique) {
        await sql`insert into search_vocabulary (word, doc_count) values (${word}, 1)`.execute(db);
      }
      const vocabulary = await sql<{ id: number; word: string }>`select id, word from search_vocabulary`.execute(db);
      const idOf = new Map(vocabulary.rows.map((row) => [row.word, row.id]));
      const wordIds = encodeUint32(words.map((word) => idOf.get(word) ?? 0));
      const tsv = database.dialect === 'postgres' ? sql`, tsv` : sql``;
      const tsvValue =
        database.dialect === 'postgres' ? sql`, strip(to_tsvector('simple', ${unique.join(' ')}))` : sql``;
      const id = await insertReturningId(
        db,
        sql<{
          id: number;
        }>`insert into search_sources (source_kind, source_id, organisation_id, case_id, text, word_ids,
            offsets, word_count, indexed_at${tsv})
          values ('case_document', 1, ${org}, null, ${TEXT}, ${wordIds}, ${encodeUint32(offsets)}, ${words.length},
            ${NOW}${tsvValue}) returning id`,
      );
      if (database.dialect === 'sqlite') {
        await sql`insert into search_fts (rowid, tokens) values (${id}, ${words.join(' ')})`.execute(db);
      }
      expect(await migrateToLatest(db, database.dialect)).toContain('0021_search_separators');
      app = await buildApp({ config: testConfig(dir, { JOB_WORKERS: '0' }), db, mailer: null });
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await cleanup?.();
      rmSync(dir, { recursive: true, force: true });
    });

    it('re-tokenises the old rows: separators, connector punctuation, exact counts and vocabulary counts', async () => {
      const row = await database.db
        .selectFrom('search_sources')
        .select(['word_ids', 'gaps', 'word_count'])
        .executeTakeFirstOrThrow();
      // the landlord shall repair the landlord shall pay tenant_id 2nd
      expect(row.word_count).toBe(10);
      expect(decodeUint32(row.gaps).length).toBe(11);
      const search = searchService(app.ctx, 'case_document');
      expect(
        Object.fromEntries(
          await search.countTerms(org, [1], ['landlord shall', 'landlord', 'tenant', 'tenant_id', '2nd']),
        ),
      ).toEqual({
        1: [1, 2, 0, 1, 1],
      });
      expect(await search.find(org, 'landlord')).toEqual([1]);
      const counts = await database.db
        .selectFrom('search_vocabulary')
        .select(['word', 'doc_count'])
        .where('word', 'in', ['landlord', 'tenant', 'tenant_id', ' '])
        .orderBy('word')
        .execute();
      expect(counts).toEqual([
        { word: ' ', doc_count: 1 },
        { word: 'landlord', doc_count: 1 },
        { word: 'tenant', doc_count: 0 },
        { word: 'tenant_id', doc_count: 1 },
      ]);
      await search.removeFromIndex(org, [1]);
      const left = await database.db
        .selectFrom('search_vocabulary')
        .select('doc_count')
        .where('word', 'in', ['landlord', ' ', 'tenant_id'])
        .execute();
      expect(left.map((r) => r.doc_count)).toEqual([0, 0, 0]);
    });
  });
}
