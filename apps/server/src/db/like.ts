/**
 * A case-insensitive "contains" pattern for `lower(column) like <pattern> escape '\'`, the same in both
 * dialects: the search text's own `%`, `_` and `\` match literally.
 */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
