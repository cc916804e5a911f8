/**
 * The environment a template runs in: its answers by the paths it uses, the library's functions, `range()`
 * with a cap, sub-documents, and the output functions every `{{ }}` goes through.
 */
import { Environment } from '@huggingface/jinja';
import type { TagValue } from '../fill-module.ts';
import { escapeXml } from '../ooxml.ts';
import { tagKey } from '../template-syntax.ts';
import { OUT, PARAGRAPH_OUT } from './docx-to-jinja.ts';
import { TEMPLATE_RUN_LIMITS, TemplateRunError, type GuardedInterpreter } from './guarded-interpreter.ts';
import { TEMPLATE_FUNCTIONS, TemplateValueError } from './library-api.ts';
import { fromLibrary, libraryArguments } from './library-bridge.ts';
import {
  AnswerValue,
  ArrayValue,
  BooleanValue,
  FloatValue,
  FunctionValue,
  GroupValue,
  IntegerValue,
  MarkupValue,
  NullValue,
  ObjectValue,
  PathValue,
  StringValue,
  UndefinedValue,
  stripMarkers,
  type RuntimeValue,
} from './runtime-values.ts';
import { INCLUDE_FUNCTION, type TemplateUse } from './template-uses.ts';

/** One answer as the engine receives it (computed on the server from the stored questions). */
export interface TemplateAnswer {
  /** The tag the answer writes, which names a template path: `client_name`, `user.favorite_fruit`. */
  path: string;
  /** The answer in words: ['Yes'] or ['No'], the chosen options' names, or the short answer's text. */
  said: string[];
  /** True when answered Yes, or answered at all for the other kinds. */
  truthy: boolean;
  /** What the question writes into the document (its rich text, or the typed text). */
  written: TagValue;
  /** A repeating group's items: each a row of its fields' text, in the order of `fields` (their names). */
  group?: { fields: string[]; items: string[][] };
}

/** A sub-document the template includes: renders with the parameters given, as Word XML. */
export type IncludeRenderer = (name: string, params: ReadonlyMap<string, RuntimeValue>) => string;

type Fn = (args: RuntimeValue[]) => RuntimeValue;
const fn = (body: Fn): RuntimeValue => new FunctionValue((args) => body(args));

function cleanWritten(value: TagValue): TagValue {
  if ('parts' in value) return { parts: value.parts.map(cleanWritten) };
  if ('html' in value) return { html: stripMarkers(value.html) };
  return { text: stripMarkers(value.text) };
}

/** A whole number or decimal as typed (no leading zero, at most 15 digits), which a template may compute with. */
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

function answerValue(interpreter: GuardedInterpreter, answer: TemplateAnswer): RuntimeValue {
  const said = answer.said.length === 1 ? (answer.said[0] ?? '').trim() : '';
  if ('text' in answer.written && NUMBER.test(said)) {
    return said.includes('.') ? new FloatValue(Number(said)) : new IntegerValue(Number(said));
  }
  const marker = interpreter.placed.mark({ value: cleanWritten(answer.written) });
  return new AnswerValue(stripMarkers(answer.said.join(', ')), answer.truthy, marker);
}

/** A repeating group's answer: its items, each its fields by name (GroupValue). */
function groupOf(interpreter: GuardedInterpreter, group: NonNullable<TemplateAnswer['group']>): RuntimeValue {
  const field = (text: string) =>
    answerValue(interpreter, { path: '', said: [text], truthy: text !== '', written: { text } });
  const items = group.items.map(
    (row) => new PathValue(new Map(group.fields.map((name, i) => [name, field(row[i] ?? '')])), field(row[0] ?? '')),
  );
  const byFirstField = new Map<string, RuntimeValue>();
  group.items.forEach((row, i) => {
    const key = row[0] ?? '';
    if (!byFirstField.has(key))
      byFirstField.set(key, row.length > 1 ? field(row[1] ?? '') : (items[i] as RuntimeValue));
  });
  return new GroupValue(items, byFirstField);
}

/** A loop over an answer: its options, or the lines of a short answer. */
function itemsOf(answer: TemplateAnswer | undefined, interpreter: GuardedInterpreter): RuntimeValue {
  if (!answer) return new ArrayValue([]);
  const items = answer.said.length === 1 ? (answer.said[0] ?? '').split(/\r?\n/) : answer.said;
  return new ArrayValue(
    items
      .map((item) => stripMarkers(item).trim())
      .filter(Boolean)
      .map((item) => new AnswerValue(item, true, interpreter.placed.mark({ value: { text: item } }))),
  );
}

interface PathNode {
  own?: RuntimeValue;
  children: Map<string, PathNode>;
}

function runtimeOf(node: PathNode): RuntimeValue | undefined {
  if (node.children.size === 0) return node.own;
  const attributes = new Map<string, RuntimeValue>();
  for (const [name, child] of node.children) {
    const value = runtimeOf(child);
    if (value) attributes.set(name, value);
  }
  return new PathValue(attributes, node.own);
}

/** The answers as the template's variables, by the paths it uses (compared without case, like tags). */
function variables(
  interpreter: GuardedInterpreter,
  uses: readonly TemplateUse[],
  answers: readonly TemplateAnswer[],
): Map<string, RuntimeValue> {
  const byKey = new Map(answers.map((answer) => [tagKey(answer.path), answer]));
  const root: PathNode = { children: new Map() };
  const kinds = new Map<string, Set<string>>();
  for (const use of uses) {
    if (use.path.includes('[]')) continue;
    const set = kinds.get(use.path) ?? new Set();
    set.add(use.kind);
    kinds.set(use.path, set);
  }
  for (const [path, used] of kinds) {
    const answer = byKey.get(tagKey(path));
    let value: RuntimeValue | undefined;
    if (answer?.group) value = groupOf(interpreter, answer.group);
    else if (used.has('loop')) value = itemsOf(answer, interpreter);
    else if (used.has('call') && used.size === 1) {
      const result = answer ? answerValue(interpreter, answer) : new UndefinedValue();
      value = fn(() => result);
    } else if (answer) value = answerValue(interpreter, answer);
    if (!value) continue;
    let node = root;
    for (const segment of path.split('.')) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map() }));
      node = child;
    }
    node.own = value;
  }
  const result = new Map<string, RuntimeValue>();
  for (const [name, node] of root.children) {
    const value = runtimeOf(node);
    if (value) result.set(name, value);
  }
  return result;
}

/** Text for inside a `<w:t>`: escaped, its line breaks as Word line breaks. */
function escapedText(text: string): string {
  // Markers stay: a string the template built from answers (`a ~ b`) carries theirs, placed after the run.
  return escapeXml(text).replace(/\r?\n/g, '</w:t><w:br/><w:t xml:space="preserve">');
}

/** What an output writes: markup as it is, an answer by marker, anything else as escaped text. */
export function outputOf(value: RuntimeValue | undefined): string {
  if (!value || value instanceof UndefinedValue || value instanceof NullValue) return '';
  if (value instanceof MarkupValue) return value.value;
  if (value instanceof AnswerValue || value instanceof PathValue) return value.toString();
  if (value instanceof GroupValue) return value.items.map(outputOf).join(', ');
  if (value instanceof StringValue) return escapedText(value.value);
  if (value instanceof BooleanValue) return value.value ? 'True' : 'False';
  if (value instanceof ArrayValue) return value.value.map(outputOf).join(', ');
  if (value instanceof ObjectValue) return '';
  return escapedText(value.toString());
}

function rangeOf(args: RuntimeValue[]): RuntimeValue {
  const numbers = args.map((arg) => (arg instanceof IntegerValue ? arg.value : Number.NaN));
  if (numbers.length === 0 || numbers.length > 3 || numbers.some((n) => !Number.isInteger(n))) {
    throw new TemplateRunError('range() takes one to three whole numbers.');
  }
  const [start, stop, step = 1] = numbers.length === 1 ? [0, numbers[0] as number] : numbers;
  if (step === 0) throw new TemplateRunError('range() cannot step by 0.');
  const count = Math.max(0, Math.ceil(((stop as number) - (start as number)) / step));
  if (count > TEMPLATE_RUN_LIMITS.rangeItems) {
    throw new TemplateRunError(`range() is limited to ${TEMPLATE_RUN_LIMITS.rangeItems} numbers.`);
  }
  return new ArrayValue(Array.from({ length: count }, (_, i) => new IntegerValue((start as number) + i * step)));
}

/** The environment of one render. */
export function templateEnvironment(
  interpreter: GuardedInterpreter,
  uses: readonly TemplateUse[],
  answers: readonly TemplateAnswer[],
  include: IncludeRenderer,
): Environment {
  const env = interpreter.global;
  // The package types its variables as its own (unexported) value union; ours are those same classes.
  const define = (name: string, value: RuntimeValue): void => {
    env.variables.set(name, value as never);
  };
  for (const [name, library] of TEMPLATE_FUNCTIONS) {
    define(
      name,
      fn((args) => {
        const { positional, keywords } = libraryArguments(args);
        try {
          return fromLibrary(library(interpreter.library, positional, keywords), interpreter.placed);
        } catch (error) {
          if (error instanceof TemplateValueError) throw new TemplateRunError(error.message);
          throw error;
        }
      }),
    );
  }
  define('range', fn(rangeOf));
  define(
    INCLUDE_FUNCTION,
    fn((args) => {
      const [name, ...rest] = args;
      const last = rest[rest.length - 1];
      const params =
        last?.type === 'KeywordArgumentsValue' ? (last as InstanceType<typeof ObjectValue>).value : new Map();
      if (!(name instanceof StringValue)) throw new TemplateRunError(`${INCLUDE_FUNCTION}() needs a template's name.`);
      return new MarkupValue(include(name.value, params));
    }),
  );
  for (const [name, value] of variables(interpreter, uses, answers)) define(name, value);
  define(
    OUT,
    fn(([value]) => {
      const text = outputOf(value);
      interpreter.countOutput(text.length);
      return new MarkupValue(text);
    }),
  );
  define(
    PARAGRAPH_OUT,
    fn(([value]) => {
      if (value instanceof MarkupValue) return new MarkupValue(interpreter.placed.mark({ xml: value.value }));
      const text = outputOf(value);
      interpreter.countOutput(text.length);
      return new MarkupValue(text);
    }),
  );
  return env;
}
