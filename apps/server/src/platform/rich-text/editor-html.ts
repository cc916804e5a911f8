import { plainText } from '@lexdesk/contract';
import sanitizeHtml from 'sanitize-html';
import { richTextSanitizer } from './sanitizer.ts';

/** What the shared editor writes; everything else is dropped. Links open in a new tab without the opener. */
const sanitize = richTextSanitizer({
  extraTags: ['code', 'pre'],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
});

/** Rich text safe to store and show: allowed markup only; '' when nothing visible is left. */
export function sanitizeRichText(html: string): string {
  const clean = sanitize(html).trim();
  return plainText(clean) === '' ? '' : clean;
}
