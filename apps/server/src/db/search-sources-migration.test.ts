import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { searchService } from '../platform/search/search.service.ts';
import { tokenize } from '../platform/search/tokenizer.ts';
import { encodeUint32 } from '../platform/search/word-arrays.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

const NOW = '2026-03-02T09:00:00.000Z';

/**
 * Migration 0017 moves the index rows of 0004 (keyed by doc_id, with a contentless FTS5 entry that cannot
 * be read back) to search_sources: documents indexed before the upgrade are found, counted and removed
 * exactly as before, and sources indexed after it get ids of their own.
 */
for (const factory of databaseTargets()) {
  describe(`migration 0017_search_sources [${factory.label}]`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-migration-'));
    let database: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let app: FastifyInstance;
    const ids: { org: number; caseId: number; docs: number[] } = { org: 0, caseId: 0, docs: [] };

    /** A document row and its index entry as 0004 stored them (what the indexer of that time wrote). */
    const indexTheOldWay = async (db: DatabaseHandle['db'], docId: number, text: string) => {
      const tokens = tokenize(text);
      const unique = [...new Set(tokens.words)];
      for (const word of unique) {
        await sql`insert into search_vocabulary (word, doc_count) values (${word}, 1)
          on conflict (word) do update set doc_count = search_vocabulary.doc_count + 1`.execute(db);
      }
      const vocabulary = await sql<{ id: number; word: string }>`select id, word from search_vocabulary`.execute(db);
      const idOf = new Map(vocabulary.rows.map((row) => [row.word, row.id]));
      const wordIds = encodeUint32(tokens.words.map((word) => idOf.get(word) ?? 0));
      const offsets = encodeUint32(tokens.offsets);
      if (database.dialect === 'sqlite') {
        await sql`insert into search_documents (doc_id, organisation_id, text, word_ids, offsets, word_count, indexed_at)
          values (${docId}, ${ids.org}, ${tokens.text}, ${wordIds}, ${offsets}, ${tokens.words.length}, ${NOW})`.execute(
          db,
        );
        await sql`insert into search_fts (rowid, tokens) values (${docId}, ${tokens.words.join(' ')})`.execute(db);
      } else {
        await sql`insert into search_documents (doc_id, organisation_id, text, word_ids, offsets, word_count, indexed_at, tsv)
          values (${docId}, ${ids.org}, ${tokens.text}, ${wordIds}, ${offsets}, ${tokens.words.length}, ${NOW},
            strip(to_tsvector('simple', ${unique.join(' ')})))`.execute(db);
      }
    };

    const insertReturningId = async (db: DatabaseHandle['db'], query: RawBuilder<{ id: number }>) =>
      (await query.execute(db)).rows[0]?.id ?? 0;

    beforeAll(async () => {
      const opened = await factory.open();
      cleanup = opened.cleanup;
      database = openDatabase(opened.target);
      const { db } = database;
      await migrateUpTo(db, database.dialect, '0016_theme_choice');
      ids.org = await insertReturningId(
        db,
        sql<{ id: number }>`insert into organisations (name, plan_id, created_at, updated_at)
          values ('Before the upgrade', (select min(id) from plans), ${NOW}, ${NOW}) returning id`,
      );
      ids.caseId = await insertReturningId(
        db,
        sql<{ id: number }>`insert into cases (organisation_id, title, status, created_at, updated_at)
          values (${ids.org}, 'Old case', 'open', ${NOW}, ${NOW}) returning id`,
      );
      for (const name of ['lease.txt', 'notice.txt']) {
        ids.docs.push(
          await insertReturningId(
            db,
            sql<{ id: number }>`insert into documents (organisation_id, case_id, original_name, media_type, extension,
                size_bytes, sha256, storage_key, source, indexing_state, indexed_at, created_at)
              values (${ids.org}, ${ids.caseId}, ${name}, 'text/plain', 'txt', 1, 'x', 'k', 'upload', 'indexed',
                ${NOW}, ${NOW}) returning id`,
          ),
        );
      }
      await indexTheOldWay(db, ids.docs[0]!, 'The Landlord shall repair the roof.');
      await indexTheOldWay(db, ids.docs[1]!, 'Notice to the landlord.');
      expect(await migrateToLatest(db, database.dialect)).toContain('0017_search_sources');
      app = await buildApp({ config: testConfig(dir, { JOB_WORKERS: '0' }), db, mailer: null });
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await cleanup?.();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keys the old rows as case documents of their case, and finds them through the old full-text entries', async () => {
      const rows = await database.db
        .selectFrom('search_sources')
        .select(['id', 'source_kind', 'source_id', 'organisation_id', 'case_id', 'word_count'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual(
        ids.docs.map((id, i) => ({
          id,
          source_kind: 'case_document',
          source_id: id,
          organisation_id: ids.org,
          case_id: ids.caseId,
          word_count: [6, 4][i],
        })),
      );
      const search = searchService(app.ctx, 'case_document');
      expect((await search.find(ids.org, 'landlord')).sort()).toEqual([...ids.docs].sort());
      expect(await search.find(ids.org, '"landlord shall"')).toEqual([ids.docs[0]]);
      expect(Object.fromEntries(await search.countTerms(ids.org, ids.docs, ['the landlord', 'roof']))).toEqual({
        [ids.docs[0]!]: [1, 1],
        [ids.docs[1]!]: [1, 0],
      });
    });

    it('gives a source indexed after the upgrade an id of its own, and removes old rows with their counts', async () => {
      const search = searchService(app.ctx, 'case_document');
      const newDoc = Math.max(...ids.docs) + 1000;
      await search.index({ id: newDoc, organisationId: ids.org }, 'A landlord of the roof garden.');
      const newRow = await database.db
        .selectFrom('search_sources')
        .select('id')
        .where('source_id', '=', newDoc)
        .executeTakeFirstOrThrow();
      expect(newRow.id).toBeGreaterThan(Math.max(...ids.docs));
      expect((await search.find(ids.org, 'roof')).sort((a, b) => a - b)).toEqual([ids.docs[0], newDoc]);
      await search.removeFromIndex(ids.org, [ids.docs[0]!]);
      expect(await search.find(ids.org, 'roof')).toEqual([newDoc]);
      expect(await search.find(ids.org, 'repair')).toEqual([]);
      const repair = await app.ctx.db
        .selectFrom('search_vocabulary')
        .select('doc_count')
        .where('word', '=', 'repair')
        .executeTakeFirstOrThrow();
      expect(repair.doc_count).toBe(0);
    });
  });
}
