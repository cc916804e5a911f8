/**
 * The runtime values of @huggingface/jinja that the engine builds itself. The package exports its interpreter
 * but not its value classes, so each class is taken from a value the package made: these are the package's
 * own classes, and `instanceof` and its operators work on them as on any value it makes.
 */
import { Environment } from '@huggingface/jinja';
import type { TagValue } from '../fill-module.ts';

/** A value of the interpreter, as the engine reads it (the package's own type is not exported). */
export interface RuntimeValue {
  type: string;
  // The package's values hold any of its kinds; each class narrows it (ValueClass).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  value: any;
  __bool__(): RuntimeValue;
  toString(): string;
}
type AnyValue = RuntimeValue;
// The value classes' constructors, as the package defines them (value first).
type ValueClass<T> = new (value?: T) => RuntimeValue & { value: T };

/** The package's conversion of a JavaScript value (a fresh environment each time: a name is set once). */
function converted(value: unknown): AnyValue {
  return new Environment().set('value', value) as unknown as RuntimeValue;
}
function classOf<T>(value: unknown): ValueClass<T> {
  return converted(value).constructor as ValueClass<T>;
}

export const StringValue = classOf<string>('');
export const BooleanValue = classOf<boolean>(true);
export const IntegerValue = classOf<number>(1);
export const FloatValue = classOf<number>(1.5);
export const NullValue = classOf<null>(null);
export const UndefinedValue = classOf<undefined>(undefined);
export const ArrayValue = classOf<RuntimeValue[]>([]);
export const ObjectValue = classOf<Map<string, RuntimeValue>>({});
export const FunctionValue = classOf<(args: RuntimeValue[]) => RuntimeValue>(() => null);

/** A JavaScript value (strings, numbers, lists, plain objects) as the interpreter's value. */
export function toRuntime(value: unknown): RuntimeValue {
  return converted(value);
}

/**
 * Rich content placed by marker: a private-use character pair around its index in the render's registry.
 * Answers cannot contain these characters (`stripMarkers`), so only the engine writes a marker.
 */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';
const MARKERS = /[\uE000-\uE001]/g;

export function stripMarkers(text: string): string {
  return text.replace(MARKERS, '');
}

/** What a marker stands for: an answer's text (plain or rich), or Word XML a macro or sub-document wrote. */
export type Placed = { value: TagValue } | { xml: string };

/** The rich content of one render, by marker. */
export class PlacedContent {
  readonly entries: Placed[] = [];

  mark(entry: Placed): string {
    this.entries.push(entry);
    return `${MARK_OPEN}${this.entries.length - 1}${MARK_CLOSE}`;
  }
}

/**
 * Output a template wrote itself (a macro's body, a `{% set %}` block): already Word XML with its outputs
 * escaped, so it is written as it is.
 */
export class MarkupValue extends StringValue {}

/**
 * An answer as the template sees it: compares and filters as the answer in words ('Yes', an option's name, a
 * short answer's text), is true when the question was answered Yes (or at all), and prints what the question
 * writes (its rich text, with its formatting).
 */
export class AnswerValue extends StringValue {
  constructor(
    said: string,
    private readonly truthy: boolean,
    private readonly marker: string,
  ) {
    super(said);
  }

  override __bool__() {
    return new BooleanValue(this.truthy);
  }

  override toString(): string {
    return this.marker;
  }
}

/**
 * A variable with attributes (`user` and `user.favorite_fruit`): reads its attributes, and prints, compares
 * and tests as its own answer when it has one.
 */
export class PathValue extends ObjectValue {
  constructor(
    attributes: Map<string, RuntimeValue>,
    readonly own: RuntimeValue | undefined,
  ) {
    super(attributes);
  }

  override __bool__() {
    return this.own ? this.own.__bool__() : super.__bool__();
  }

  override toString(): string {
    return this.own ? this.own.toString() : '';
  }
}

/**
 * A repeating group's answer. A loop over it gives its items (`{% for p in parties %}{{ p.name }}`), each a
 * PathValue of its fields that prints as its first; read as a dictionary, as docassemble's DADict is
 * (`{% for fruit in seeds_of_fruit %}{{ seeds_of_fruit[fruit] }}`), an item or its first field's text gives the
 * item's second field (the item itself when it has one field), and a number gives the item at that index.
 */
export class GroupValue extends ObjectValue {
  constructor(
    readonly items: RuntimeValue[],
    byFirstField: Map<string, RuntimeValue>,
  ) {
    super(byFirstField);
  }

  keys() {
    return new ArrayValue(this.items);
  }

  override __bool__() {
    return new BooleanValue(this.items.length > 0);
  }

  /** `group[key]`: by index, or by an item (its first field's text). */
  entry(key: RuntimeValue): RuntimeValue {
    if (key instanceof IntegerValue) return this.items.at(key.value) ?? new UndefinedValue();
    const own = key instanceof PathValue ? key.own : key;
    if (own instanceof StringValue || own instanceof IntegerValue || own instanceof FloatValue) {
      return this.value.get(String(own.value)) ?? new UndefinedValue();
    }
    return new UndefinedValue();
  }
}
