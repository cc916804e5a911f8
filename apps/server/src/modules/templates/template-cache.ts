import type { Db } from '../../db/database.types.ts';
import { BoundedLru } from '../../platform/cache/bounded-lru.ts';
import { PreparedTemplate } from './docx/docx-engine.ts';

/** A stored version of one organisation's template. */
export interface VersionKey {
  organisationId: number;
  templateId: number;
  version: number;
}

const MAX_VERSIONS = 16;
const MAX_FILE_BYTES = 32 * 1024 * 1024;

// One cache per database (an app has one; tests build many), so ids of another database never meet.
const caches = new WeakMap<Db, BoundedLru<string, PreparedTemplate>>();

function cacheOf(db: Db): BoundedLru<string, PreparedTemplate> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new BoundedLru({ maxEntries: MAX_VERSIONS, maxSize: MAX_FILE_BYTES, sizeOf: (t) => t.file.length });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The version's file prepared for rendering, loaded once and then kept while it is used. A version never
 * changes (replacing the document adds one, ids are never reused), so an entry cannot go stale; the key
 * holds the organisation, so nothing is shared between organisations.
 */
export async function preparedVersion(db: Db, key: VersionKey, load: () => Promise<Buffer>): Promise<PreparedTemplate> {
  const cache = cacheOf(db);
  const id = `${key.organisationId}:${key.templateId}:${key.version}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const prepared = new PreparedTemplate(await load());
  cache.set(id, prepared);
  return prepared;
}
