import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * A case-insensitive "contains" pattern for `lower(column) like <pattern> escape '\'`, the same in both
 * dialects: the search text's own `%`, `_` and `\` match literally.
 */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like '%search%' escape '\'`: a case-insensitive "contains" of the search text, literally. */
export function containsText(column: string, search: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(search)} escape '\\'`;
}
