/** The template cannot be used as it is; `problems` say where and what to change. */
export class TemplateSyntaxError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0] ?? 'The template cannot be read.');
    this.name = 'TemplateSyntaxError';
  }
}
