import { auditEventKeys } from '@lexdesk/contract';
import SQLite from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { ACCOUNT_AUDIT_ENTITIES, FREE_TEXT_DETAIL_KEYS } from '../platform/audit/audit-details.ts';
import { auditVocabularyOf } from '../platform/modules/lifecycle.ts';
import { MODULES } from './registry.ts';

/**
 * The registry against the real schema (all migrations, SQLite): a table an organisation owns that no module
 * declares, or a stored file no module releases, would outlive the organisation — this fails instead.
 */
interface Column {
  table: string;
  name: string;
}
interface ForeignKey {
  table: string;
  from: string;
  onDelete: string;
}

let dir: string;
let columns: Column[];
let foreignKeys: ForeignKey[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-registry-'));
  const file = path.join(dir, 'schema.sqlite');
  const handle = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(handle.db, handle.dialect);
  await handle.close();
  const sqlite = new SQLite(file, { readonly: true });
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  columns = tables.flatMap(({ name }) =>
    (sqlite.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((c) => ({
      table: name,
      name: c.name,
    })),
  );
  foreignKeys = tables.flatMap(({ name }) =>
    (sqlite.prepare(`pragma foreign_key_list("${name}")`).all() as { from: string; on_delete: string }[]).map((k) => ({
      table: name,
      from: k.from,
      onDelete: k.on_delete,
    })),
  );
  sqlite.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const declared = MODULES.flatMap((module) => (module.data?.tables ?? []).map((table) => ({ module, table })));
const ownerOf = (table: string) => declared.find((entry) => entry.table === table)?.module;

describe('the module registry', () => {
  it('has one module per name, and each table has one owner', () => {
    const names = MODULES.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const tables = declared.map((entry) => entry.table);
    expect(tables.filter((table, index) => tables.indexOf(table) !== index)).toEqual([]);
  });

  it('declares every table that holds an organisation’s rows, and only tables that exist', () => {
    const scoped = [...new Set(columns.filter((c) => c.name === 'organisation_id').map((c) => c.table))];
    expect(
      scoped.filter((table) => !ownerOf(table)),
      'tables no module declares',
    ).toEqual([]);
    const existing = new Set(columns.map((c) => c.table));
    expect(declared.filter((entry) => !existing.has(entry.table)).map((entry) => entry.table)).toEqual([]);
  });

  it('releases every stored file: each storage key column is declared by a module that cleans it up', () => {
    const fileColumns = columns
      .filter((c) => /(^|_)(storage|file)_key$/.test(c.name))
      .map((c) => `${c.table}.${c.name}`);
    expect(fileColumns.length).toBeGreaterThan(3);
    for (const column of fileColumns) {
      const owner = MODULES.find((module) => module.data?.files?.includes(column));
      expect(owner?.name, `${column}: which module releases these files?`).toBeDefined();
      expect(owner?.data?.organisationDeleted, `${owner?.name}: organisationDeleted for ${column}`).toBeTypeOf(
        'function',
      );
      const [table] = column.split('.');
      const caseScoped = columns.some((c) => c.table === table && c.name === 'case_id');
      if (caseScoped)
        expect(owner?.data?.caseDeleted, `${owner?.name}: caseDeleted for ${column}`).toBeTypeOf('function');
    }
  });

  it("cleans up the tables whose rows do not go with the organisation's row by foreign key", () => {
    const scoped = [...new Set(columns.filter((c) => c.name === 'organisation_id').map((c) => c.table))];
    const cascades = (table: string) =>
      foreignKeys.some((k) => k.table === table && k.from === 'organisation_id' && k.onDelete === 'CASCADE');
    for (const table of scoped.filter((t) => !cascades(t))) {
      expect(ownerOf(table)?.data?.organisationDeleted, `${table}: its module must delete its rows`).toBeTypeOf(
        'function',
      );
    }
  });
});

describe('the audit vocabulary', () => {
  it("reads every event of the contract's vocabulary with a module's sentence, and only those", () => {
    const sentences = Object.keys(auditVocabularyOf(MODULES).sentences);
    const events: string[] = auditEventKeys();
    expect(
      events.filter((key) => !sentences.includes(key)),
      'events no module describes',
    ).toEqual([]);
    expect(
      sentences.filter((key) => !events.includes(key)),
      'sentences of unknown events',
    ).toEqual([]);
  });
});

describe('audit details hold no client content (issue 29 item 8)', () => {
  /**
   * The detail keys whose values a sentence reads: it is called once with details that record each key asked
   * for (`key in changes` only asks whether a field was edited, and is not counted).
   */
  function keysRead(sentence: (e: never) => string): string[] {
    const read = new Set<string>();
    const changes = new Proxy({} as Record<string, unknown>, {
      get: (_target, key) => {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    });
    sentence({ actor: 'Someone', actorId: 1, entityId: 1, changes, name: () => null } as never);
    return [...read];
  }

  it("reads no free-text detail of an organisation's things: names are looked up by id when the log is read", () => {
    const offending = Object.entries(auditVocabularyOf(MODULES).sentences).flatMap(([key, sentence]) => {
      const entity = key.slice(0, key.indexOf(':'));
      if (ACCOUNT_AUDIT_ENTITIES.includes(entity)) return [];
      const free = keysRead(sentence).filter((detail) => FREE_TEXT_DETAIL_KEYS.includes(detail));
      return free.length > 0 ? [`${key}: ${free.join(', ')}`] : [];
    });
    expect(
      offending,
      'sentences that read free text stored in the details (store an id, declare a name look-up)',
    ).toEqual([]);
  });
});
