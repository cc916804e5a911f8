/** Tables of migration 0012_outbox_secrets. Same conventions as database.types.ts (ISO text timestamps). */
export interface OutboxSecretTables {
  outbox_secrets: OutboxSecretsTable;
}

/**
 * The full text of a message (with its link token or code) while it waits for delivery; the outbox row
 * beside it keeps only the masked text. Deleted when the delivery job ends, sent or given up.
 */
export interface OutboxSecretsTable {
  outbox_id: number;
  body_text: string;
  body_html: string | null;
  created_at: string;
}
