/**
 * Between the interpreter's values and the library's plain values (library/): the library sees strings,
 * numbers, booleans, lists and plain objects, never the interpreter's classes; what it answers becomes a
 * value again (rich text as a placed marker).
 */
import { RichHtml, type Kwargs, type TemplateValue } from './library-api.ts';
import {
  AnswerValue,
  ArrayValue,
  BooleanValue,
  FloatValue,
  IntegerValue,
  ObjectValue,
  PathValue,
  StringValue,
  toRuntime,
  type PlacedContent,
  type RuntimeValue,
} from './runtime-values.ts';

/** A value as the library reads it: an answer as its words, a mapping as a plain object. */
export function toPlain(value: RuntimeValue): TemplateValue {
  if (value instanceof PathValue && value.own) return toPlain(value.own);
  if (value instanceof AnswerValue || value instanceof StringValue) return value.value;
  if (value instanceof IntegerValue || value instanceof FloatValue || value instanceof BooleanValue) return value.value;
  if (value instanceof ArrayValue) return value.value.map(toPlain);
  if (value instanceof ObjectValue) {
    const object: Record<string, TemplateValue> = {};
    for (const [key, item] of value.value) object[key] = toPlain(item);
    return object;
  }
  return null;
}

/** The arguments of a call as the library takes them: positional values, then the keyword arguments. */
export function libraryArguments(args: readonly RuntimeValue[]): { positional: TemplateValue[]; keywords: Kwargs } {
  const last = args[args.length - 1];
  const hasKeywords = last?.type === 'KeywordArgumentsValue';
  const positional = (hasKeywords ? args.slice(0, -1) : args).map(toPlain);
  const keywords: Record<string, TemplateValue> = {};
  if (hasKeywords)
    for (const [key, item] of (last as InstanceType<typeof ObjectValue>).value) keywords[key] = toPlain(item);
  return { positional, keywords };
}

/** What the library answered, as the interpreter's value; rich text is placed by marker. */
export function fromLibrary(value: TemplateValue, placed: PlacedContent): RuntimeValue {
  if (value instanceof RichHtml) return new StringValue(placed.mark({ value: { html: value.html } }));
  if (Array.isArray(value)) return new ArrayValue(value.map((item) => fromLibrary(item, placed)));
  if (value !== null && typeof value === 'object') {
    return new ObjectValue(new Map(Object.entries(value).map(([key, item]) => [key, fromLibrary(item, placed)])));
  }
  return toRuntime(value);
}
