/**
 * A .docx part's XML as a Jinja program, the way docxtpl reads a template (docs/template-language.md): the
 * Word runs a tag was split into are joined, `{%p %}` / `{%tr %}` / `{%tc %}` / `{%r %}` stand for the whole
 * paragraph, table row, cell or run that holds them, and every `{{ expr }}` goes through the engine's output
 * function (`__out`), which escapes text for XML, so no answer can write markup into the document.
 */

/** The function every `{{ }}` output goes through (jinja-runtime.ts), and the one for `{{p }}` paragraphs. */
export const OUT = '__out';
export const PARAGRAPH_OUT = '__para';

const SMART_QUOTES: Record<string, string> = { '‘': "'", '’': "'", '“': '"', '”': '"', '„': '"', '‚': "'" };

/** Entities Word writes inside a tag's text; the template language reads the characters. */
function decodeTagText(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&')
    .replace(/[‘’“”„‚]/g, (quote) => SMART_QUOTES[quote] ?? quote);
}

/** The opening and closing delimiters of a tag, joined when Word split them across runs (`{</w:t>…<w:t>{`). */
function joinSplitDelimiters(xml: string): string {
  return xml.replace(/(?<=\{)(?:<[^>]*>)+(?=[{%#])|(?<=[%}#])(?:<[^>]*>)+(?=\})/g, '');
}

/** Inside each tag, the markup between its runs is dropped and the text decoded: the tag reads as typed. */
function cleanTags(xml: string): string {
  return xml.replace(/\{%(?:(?!%\}).)*%\}|\{#(?:(?!#\}).)*#\}|\{\{(?:(?!\}\}).)*\}\}/gs, (tag) =>
    decodeTagText(tag.replace(/<[^>]*>/g, '')),
  );
}

/** A `<w:t>` that holds a tag keeps its spaces: the value written there may begin or end with one. */
function preserveSpaces(xml: string): string {
  return xml.replace(/<w:t>(?=[^<]*(?:\{\{|\{%))/g, '<w:t xml:space="preserve">');
}

const ELEMENT_FORMS = ['tr', 'tc', 'p', 'r'] as const;

/**
 * `{%p if x %}` (and tr, tc, r) stands for its whole element: the paragraph (row, cell, run) holding it is
 * replaced by the bare statement, as docxtpl does, so the loop or condition repeats or drops whole elements.
 */
function elementStatements(xml: string): string {
  let result = xml;
  for (const form of ELEMENT_FORMS) {
    const element = new RegExp(
      `<w:${form}[ >](?:(?!<w:${form}[ >]).)*?\\{%${form}\\s((?:(?!%\\}).)*)%\\}.*?</w:${form}>`,
      'gs',
    );
    // An element can hold two statements (`{%p if x %}…{%p endif %}` on one line); repeat until none is left.
    for (let previous = ''; previous !== result;) {
      previous = result;
      result = result.replace(element, (_, statement: string) => `{% ${statement.trim()} %}`);
    }
  }
  return result;
}

/**
 * `{{p expr }}` writes whole paragraphs where its paragraph was: the paragraph keeps its properties and the
 * run's, and holds one output the renderer can widen into several paragraphs (a macro's, a sub-document's or
 * a rich answer's). `{{r expr }}` is an ordinary output in its run.
 */
function elementOutputs(xml: string): string {
  const paragraph = /<w:p[ >](?:(?!<w:p[ >]).)*?\{\{p\s((?:(?!\}\}).)*)\}\}.*?<\/w:p>/gs;
  let result = xml;
  for (let previous = ''; previous !== result;) {
    previous = result;
    result = result.replace(paragraph, (whole: string, expression: string) => {
      const pPr = /<w:pPr>.*?<\/w:pPr>|<w:pPr\/>/s.exec(whole)?.[0] ?? '';
      const rPr = /<w:r[ >](?:(?!<\/w:r>).)*?(<w:rPr>.*?<\/w:rPr>)(?:(?!<\/w:r>).)*?\{\{p\s/s.exec(whole)?.[1] ?? '';
      return (
        `<w:p>${pPr}<w:r>${rPr}<w:t xml:space="preserve">` +
        `{{ ${PARAGRAPH_OUT}((${expression.trim()})) }}</w:t></w:r></w:p>`
      );
    });
  }
  return result.replace(/\{\{r\s/g, '{{ ');
}

/** Every remaining `{{ expr }}` outputs through `__out`, which escapes text and places rich answers. */
function routeOutputs(xml: string): string {
  return xml.replace(
    /\{\{(-?)((?:(?!\}\}).)*?)(-?)\}\}/gs,
    (whole, left: string, expression: string, right: string) => {
      const trimmed = expression.trim();
      if (trimmed.startsWith(`${PARAGRAPH_OUT}(`)) return whole;
      return `{{${left} ${OUT}((${trimmed})) ${right}}}`;
    },
  );
}

/** docxtemplater's single-brace placeholders (`{CourtName}`), in a file with no double-brace tag at all. */
export function usesSingleBraces(texts: readonly string[]): boolean {
  const all = texts.join('\n');
  return !/\{\{|\{%/.test(all) && /(?<!\{)\{[\p{L}_][\p{L}\p{N}_.]*\}(?!\})/u.test(all);
}

function singleBracesToDouble(xml: string): string {
  const joined = xml.replace(/(?<=\{)(?:<[^>]*>)+(?=[\p{L}_])|(?<=[\p{L}\p{N}_.])(?:<[^>]*>)+(?=\})/gu, '');
  return joined.replace(/(?<!\{)\{([\p{L}_][\p{L}\p{N}_.]*)\}(?!\})/gu, '{{ $1 }}');
}

/** A part's XML as a Jinja program (see the file's comment). `singleBraces`: the file's dialect is `{Tag}`. */
export function partToJinja(xml: string, singleBraces = false): string {
  const source = singleBraces ? singleBracesToDouble(xml) : xml;
  return routeOutputs(elementOutputs(elementStatements(preserveSpaces(cleanTags(joinSplitDelimiters(source))))));
}
