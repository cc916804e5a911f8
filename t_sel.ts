import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './apps/server/src/app.ts';
import { loadConfig } from './apps/server/src/config.ts';
import { openDatabase } from './apps/server/src/db/database.ts';
import { seedDemo } from './apps/server/src/db/demo.seed.ts';
import { migrateToLatest } from './apps/server/src/db/migrate.ts';
import { searchService } from './apps/server/src/platform/search/search.service.ts';
import { contractFiles } from './apps/server/test/analyser-corpus.ts';
const dir = mkdtempSync(path.join(tmpdir(), 'eng-sel-'));
const config = loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'Demo#2026pass', LOG_LEVEL: 'silent' });
const database = openDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const app = await buildApp({ config, db: database.db });
await seedDemo(app.ctx);
const org = (await database.db.selectFrom('organisations').select('id').executeTakeFirstOrThrow()).id;
const search = searchService(app.ctx, 'case_document');
const ids: number[] = [];
for (const [i, f] of contractFiles(2197).entries()) { if (i % 2) continue; await search.index({ id: i + 1, organisationId: org }, readFileSync(f, 'utf8')); ids.push(i + 1); }
const terms = ['agreement date', 'initial term', 'renewal term', 'notice period', 'governs'];
await search.countTerms(org, ids, terms);
const times: number[] = [];
for (let r = 0; r < 15; r++) { const t = performance.now(); await search.countTerms(org, ids, terms); times.push(performance.now() - t); }
console.log(ids.length, 'docs; selective', times.map((x) => x.toFixed(1)).join(' '));
await app.close(); await database.close(); rmSync(dir, { recursive: true, force: true });
