/** The template library as the engine uses it (docs/template-language.md, "Library"). */
export * from './library-types.ts';
export { LIBRARY_LIMITS, TEMPLATE_FILTERS, TEMPLATE_FUNCTIONS } from './library-functions.ts';
