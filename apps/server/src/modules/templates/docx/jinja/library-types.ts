/**
 * The functions and filters templates call beyond Jinja's own (docs/template-language.md, "Library"): the
 * types the engine and the library share. The functions are in library-functions.ts.
 */
export type TemplateValue =
  string | number | boolean | null | undefined | RichHtml | TemplateValue[] | { [key: string]: TemplateValue };
/** Rich text a filter produced: sanitised HTML the engine writes as Word paragraphs and runs. */
export class RichHtml {
  constructor(readonly html: string) {}
}
export interface LibraryContext {
  currency: string;
  today: Date;
  timeZone: string;
  locale: string;
}
export type Kwargs = Readonly<Record<string, TemplateValue>>;
export type LibraryFunction = (
  context: LibraryContext,
  args: readonly TemplateValue[],
  kwargs: Kwargs,
) => TemplateValue;
/** A refusal an author can act on, naming the function. */
export class TemplateValueError extends Error {}
