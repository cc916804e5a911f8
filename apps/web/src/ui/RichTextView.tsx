import Box, { type BoxProps } from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// Links open in a new tab and never hand the opener to the target.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

interface RichTextViewProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/** Shows stored rich text; always through DOMPurify, even though the server sanitises too (DESIGN §6). */
export function RichTextView({ html, sx, ...rest }: RichTextViewProps) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] }),
    [html],
  );
  return (
    <Box
      {...rest}
      sx={[
        {
          typography: 'body2',
          overflowWrap: 'anywhere',
          '& a': { color: 'primary.main', textDecoration: 'underline' },
          '& p': { my: 1 },
          '& img': { maxWidth: '100%' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
