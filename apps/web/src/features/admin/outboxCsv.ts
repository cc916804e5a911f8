import { OUTBOX_KIND_LABELS, PAGE_SIZES, type OutboxItem, type OutboxList } from '@lexdesk/contract';
import { toCsv } from '../../ui/csv.ts';

export const OUTBOX_CSV_HEADER = [
  'Date',
  'Channel',
  'Kind',
  'To',
  'Subject',
  'Status',
  'Sent at',
  'Error',
  'Body',
] as const;

export function outboxCsv(items: readonly OutboxItem[]): string {
  return toCsv(
    OUTBOX_CSV_HEADER,
    items.map((item) => [
      item.created_at,
      item.channel,
      OUTBOX_KIND_LABELS[item.kind],
      item.to_address,
      item.subject,
      item.status,
      item.sent_at ?? '',
      item.error ?? '',
      item.body_text,
    ]),
  );
}

/** Largest page the API serves, to fetch the whole outbox in few calls. */
const PAGE = PAGE_SIZES[PAGE_SIZES.length - 1] ?? 200;

/** Fetches every page, reporting progress 0-99 (the caller reports 100 once the file is saved). */
export async function fetchWholeOutbox(
  fetchPage: (pageNo: number, limits: number) => Promise<OutboxList>,
  onProgress: (percent: number) => void,
): Promise<OutboxItem[]> {
  const items: OutboxItem[] = [];
  let pageNo = 1;
  let totalPages = 1;
  do {
    const page = await fetchPage(pageNo, PAGE);
    items.push(...page.data);
    totalPages = Math.max(1, page.page.total_pages);
    onProgress(Math.min(99, Math.round((pageNo / totalPages) * 99)));
    pageNo++;
  } while (pageNo <= totalPages);
  return items;
}
