import { draftForDisplay } from '@lexdesk/contract';

/** A definition as one line of plain text (tables and tooltips). */
export const plainText = (html: string) => draftForDisplay(html).replace(/\s+/g, ' ').trim();
