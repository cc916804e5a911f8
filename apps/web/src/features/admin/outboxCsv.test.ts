import type { OutboxItem, OutboxList } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { fetchWholeOutbox, outboxCsv } from './outboxCsv.ts';

const item = (id: number): OutboxItem => ({
  id,
  kind: 'invoice',
  channel: 'email',
  to_address: `p${id}@x.com`,
  subject: 'S',
  body_text: 'line 1\nline 2',
  status: 'sent',
  created_at: '2026-01-01T00:00:00Z',
  sent_at: null,
  error: null,
  attachments: [],
});

describe('fetchWholeOutbox', () => {
  it('fetches every page and reports progress below 100', async () => {
    const progress: number[] = [];
    const pages = [[item(1), item(2)], [item(3)]];
    const items = await fetchWholeOutbox(
      async (pageNo, limits): Promise<OutboxList> => ({
        data: pages[pageNo - 1] ?? [],
        page: { page_no: pageNo, limits, total_count: 3, total_pages: 2 },
      }),
      (value) => progress.push(value),
    );
    expect(items.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(progress).toEqual([50, 99]);
  });
});

describe('outboxCsv', () => {
  it('writes a header and one quoted row per message', () => {
    const csv = outboxCsv([item(1)]);
    expect(csv.split('\r\n')[0]).toBe('Date,Channel,Kind,To,Subject,Status,Sent at,Error,Body');
    expect(csv).toContain('"line 1\nline 2"');
    expect(csv.split('\r\n')[1]).toContain(',email,Invoice,p1@x.com,');
  });
});
