import { sql } from 'kysely';
import type { Database, Db } from '../../db/database.types.ts';

/**
 * Audit events read as sentences ("Jane Doe added the document 'Lease.pdf'"). Stored events keep ids only
 * (docs/security.md); names are looked up when the log is read, in the event's own organisation, so another
 * organisation's names never appear and a deleted thing reads as "a deleted document".
 * Each module declares its own sentences and name look-ups (an `AuditVocabulary`); a screen reads events
 * through one merged vocabulary.
 */

type Changes = Record<string, unknown>;

/** What a sentence is made of. */
export interface AuditEventReading {
  /** Who acted, as a person reads it: "Jane Doe", "System", "A deleted user". */
  actor: string;
  actorId: number | null;
  entityId: number | null;
  changes: Changes;
  /** The current name of a thing of the event's organisation, or null when it is gone (or not the organisation's). */
  name: (kind: string, id: unknown) => string | null;
}

export type AuditSentence = (event: AuditEventReading) => string;

/** Names of one kind of thing by id, read within one organisation. */
export type AuditNameLookup = (db: Db, organisationId: number, ids: number[]) => Promise<Map<number, string>>;

export interface AuditVocabulary {
  /** Keyed `entity:action`, e.g. `case:document.added`. */
  sentences: Record<string, AuditSentence>;
  names?: Record<string, AuditNameLookup>;
}

export interface AuditEventToRead {
  organisationId: number;
  entity: string;
  entityId: number | null;
  action: string;
  actor: string;
  actorId: number | null;
  changes: Changes;
}

/** One vocabulary of several modules' declarations (a repeated key is a programming error). */
export function mergeVocabularies(parts: readonly AuditVocabulary[]): AuditVocabulary {
  const merged: Required<AuditVocabulary> = { sentences: {}, names: {} };
  for (const part of parts) {
    for (const [key, sentence] of Object.entries(part.sentences)) {
      if (key in merged.sentences) throw new Error(`Audit sentence ${key} is declared twice`);
      merged.sentences[key] = sentence;
    }
    for (const [kind, lookup] of Object.entries(part.names ?? {})) {
      if (kind in merged.names) throw new Error(`Audit names of ${kind} are declared twice`);
      merged.names[kind] = lookup;
    }
  }
  return merged;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** "Jane Doe: template package exported", for an event no module has described yet. */
function fallback(event: AuditEventToRead): string {
  const words = (text: string) => text.replace(/[._]+/g, ' ').trim();
  return `${event.actor}: ${words(event.entity)} ${words(event.action)}`;
}

/** What a sentence reads of an event; `name` is asked only for real ids. */
function readingOf(event: AuditEventToRead, name: (kind: string, id: number) => string | null): AuditEventReading {
  const { actor, actorId, entityId, changes } = event;
  return {
    actor,
    actorId,
    entityId,
    changes,
    name: (kind, value) => {
      const id = idOf(value);
      return id === null ? null : name(kind, id);
    },
  };
}

/** The sentences of `events`, in order; names are looked up in one query per organisation and kind. */
export async function describeAuditEvents(
  db: Db,
  vocabulary: AuditVocabulary,
  events: readonly AuditEventToRead[],
): Promise<string[]> {
  const sentenceOf = (event: AuditEventToRead) => vocabulary.sentences[`${event.entity}:${event.action}`];
  // First pass: which names do the sentences ask for? (Sentences are pure, so asking twice is harmless.)
  const wanted = new Map<string, Set<number>>(); // `${organisationId}:${kind}` → ids
  for (const event of events) {
    sentenceOf(event)?.(
      readingOf(event, (kind, id) => {
        if (vocabulary.names?.[kind]) {
          const key = `${event.organisationId}:${kind}`;
          wanted.set(key, (wanted.get(key) ?? new Set()).add(id));
        }
        return null;
      }),
    );
  }
  const found = new Map<string, Map<number, string>>();
  for (const [key, ids] of wanted) {
    const [organisationId, kind] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
    found.set(key, await vocabulary.names![kind]!(db, organisationId, [...ids]));
  }
  return events.map((event) => {
    const sentence = sentenceOf(event);
    if (!sentence) return fallback(event);
    return sentence(readingOf(event, (kind, id) => found.get(`${event.organisationId}:${kind}`)?.get(id) ?? null));
  });
}

/** Who acted, as a sentence starts: the person's name, "System" (no user), or "A deleted user". */
export const actorWords = (actorId: number | null, name: string | null): string =>
  actorId === null ? 'System' : name || 'A deleted user';

/** Names from `table.column` of the organisation's rows (for tables with `id` and `organisation_id`). */
export function namesFrom(table: keyof Database, column: string): AuditNameLookup {
  return async (db, organisationId, ids) => {
    const { rows } = await sql<{ id: number; name: string }>`select id, ${sql.ref(column)} as name
      from ${sql.table(table)} where organisation_id = ${organisationId} and id in (${sql.join(ids)})`.execute(db);
    return new Map(rows.map((row) => [Number(row.id), row.name]));
  };
}

/** Helpers for sentences. */
export const auditText = {
  /** A string or number as text; anything else as ''. */
  text: (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : ''),
  /** 'Lease.pdf' → "'Lease.pdf'"; '' stays ''. */
  quoted: (value: string | null | undefined): string => (value ? `'${value}'` : ''),
  /** The nested object of a change (`{from, to}`), or {}. */
  nested: (value: unknown): Changes => (value && typeof value === 'object' ? (value as Changes) : {}),
  /**
   * "the document 'Lease.pdf'" when the thing still exists; an old event's stored name when it does not;
   * else "a deleted document".
   */
  thing: (noun: string, name: string | null, storedName?: unknown, gone = `a deleted ${noun}`): string => {
    const shown = name ?? (typeof storedName === 'string' && storedName ? storedName : null);
    return shown ? `the ${noun} '${shown}'` : gone;
  },
};

/**
 * The sentences of one kind of thing's plain events, named by today's name of the event's entity:
 * `thingEvents('document_template', 'template', { created: 'uploaded' })` reads
 * "Jane Doe uploaded the template 'Lease'" (or "… a deleted template").
 */
export function thingEvents(
  entity: string,
  noun: string,
  verbs: Record<string, string>,
  names: AuditNameLookup,
): AuditVocabulary {
  const sentences: Record<string, AuditSentence> = {};
  for (const [action, verb] of Object.entries(verbs)) {
    sentences[`${entity}:${action}`] = (e) => `${e.actor} ${verb} ${auditText.thing(noun, e.name(entity, e.entityId))}`;
  }
  return { sentences, names: { [entity]: names } };
}
