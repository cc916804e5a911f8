import type { PlaybookImportance } from '@lexdesk/contract';

/** How an importance reads and which theme colour its chip takes (the same in light and dark theme). */
export const IMPORTANCE: Record<
  PlaybookImportance,
  { label: string; color: 'default' | 'info' | 'warning' | 'error' }
> = {
  low: { label: 'Low', color: 'default' },
  medium: { label: 'Medium', color: 'info' },
  high: { label: 'High', color: 'warning' },
  critical: { label: 'Critical', color: 'error' },
};
