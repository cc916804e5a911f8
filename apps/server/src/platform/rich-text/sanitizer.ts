import sanitizeHtml from 'sanitize-html';

/** The markup of the shared editor (TipTap StarterKit + underline + links) that every rich text keeps. */
const EDITOR_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'h1',
  'h2',
  'h3',
];

export interface RichTextPolicy {
  /** Tags a module keeps beside the editor's. */
  extraTags: readonly string[];
  allowedAttributes: sanitizeHtml.IOptions['allowedAttributes'];
  transformTags?: sanitizeHtml.IOptions['transformTags'];
}

/**
 * A sanitiser that keeps the editor's markup and the policy's extras, with links to http(s) and mailto only
 * (DESIGN §9: rich text is sanitised on the server before it is stored or used).
 */
export function richTextSanitizer(policy: RichTextPolicy): (html: string) => string {
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...EDITOR_TAGS, ...policy.extraTags],
    allowedAttributes: policy.allowedAttributes,
    allowedSchemes: ['http', 'https', 'mailto'],
    ...(policy.transformTags ? { transformTags: policy.transformTags } : {}),
  };
  return (html) => sanitizeHtml(html, options);
}
