/**
 * @huggingface/jinja's interpreter with Lexdesk's limits and library. The interpreter walks the template's
 * syntax tree; it never generates or runs code, and a value exposes only what the engine put in it (maps,
 * not JavaScript objects: no prototype, constructor or global is reachable). On top of that:
 * - a step budget, a limit on any string and on the output, and `range()` capped, so a loop over a huge range,
 *   deep recursion or an exponential string stops with a message (the worker's time and memory limits
 *   stay the last line);
 * - the library's filters (`currency`, `alpha`, …) beside Jinja's own;
 * - a block's output (a macro's body, a `{% set %}` block) is markup, written as it is, while every other
 *   output is escaped by `__out` (jinja-context.ts).
 */
import { Interpreter, type Environment } from '@huggingface/jinja';
import { TEMPLATE_FILTERS, TemplateValueError, type LibraryContext } from './library-api.ts';
import { fromLibrary, libraryArguments } from './library-bridge.ts';
import {
  GroupValue,
  MarkupValue,
  type PlacedContent,
  type RuntimeValue,
  StringValue,
  UndefinedValue,
} from './runtime-values.ts';

export const TEMPLATE_RUN_LIMITS = {
  /** Expressions and statements evaluated in one render. */
  steps: 2_000_000,
  /** Characters of any one string a template builds. */
  stringChars: 2_000_000,
  /** Characters a render writes in all. */
  outputChars: 40_000_000,
  /** Items of `range()`. */
  rangeItems: 10_000,
  /** Nested blocks and calls (macros calling macros). */
  depth: 200,
};

/** The template asked for more than the limits allow, or did something the language refuses. */
export class TemplateRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateRunError';
  }
}

type Node = { type: string } & Record<string, unknown>;
interface Internals {
  evaluate(node: Node | undefined, env: Environment): RuntimeValue;
  evaluateBlock(statements: Node[], env: Environment): RuntimeValue;
  renderBlock(statements: Node[], env: Environment): string;
  evaluateBinaryExpression(node: Node, env: Environment): RuntimeValue;
  applyFilter(operand: RuntimeValue, filter: Node, env: Environment): RuntimeValue;
  evaluateCallArguments(args: Node[], env: Environment): RuntimeValue[];
  evaluateCallExpression(node: Node, env: Environment): RuntimeValue;
  renderFor(node: Node, env: Environment): string;
  evaluateMemberExpression(node: Node, env: Environment): RuntimeValue;
}

export class GuardedInterpreter extends Interpreter {
  steps = 0;
  depth = 0;
  written = 0;

  constructor(
    env: Environment,
    readonly library: LibraryContext,
    readonly placed: PlacedContent,
  ) {
    super(env);
  }

  /** Counts what a render writes; past the limit the render stops. */
  countOutput(chars: number): void {
    this.written += chars;
    if (this.written > TEMPLATE_RUN_LIMITS.outputChars) {
      throw new TemplateRunError('The document would be too large: the template writes more than the limit allows.');
    }
  }
}

interface GuardedState {
  steps: number;
  depth: number;
  readonly library: LibraryContext;
  readonly placed: PlacedContent;
}
const base = Interpreter.prototype as unknown as Internals;

/** Counts evaluations against the step budget; past it the render stops. */
function countSteps(state: GuardedState, steps: number): void {
  state.steps += steps;
  if (state.steps > TEMPLATE_RUN_LIMITS.steps) {
    throw new TemplateRunError('The template does too much work (a loop or a macro runs too many times).');
  }
}
const guarded = GuardedInterpreter.prototype as unknown as Internals & GuardedState;

guarded.evaluate = function (this: Internals & GuardedState, node, env) {
  countSteps(this, 1);
  return base.evaluate.call(this, node, env);
};

// Literal text in a loop is written without an evaluation: count the statements of every block rendered too.
guarded.renderBlock = function (this: Internals & GuardedState, statements, env) {
  countSteps(this, statements.length);
  return base.renderBlock.call(this, statements, env);
};

guarded.evaluateBlock = function (this: Internals & GuardedState, statements, env) {
  this.depth += 1;
  try {
    if (this.depth > TEMPLATE_RUN_LIMITS.depth) {
      throw new TemplateRunError('The template nests too deeply (a macro that calls itself?).');
    }
    return new MarkupValue(this.renderBlock(statements, env)) as RuntimeValue;
  } finally {
    this.depth -= 1;
  }
};

guarded.evaluateBinaryExpression = function (this: Internals & GuardedState, node, env) {
  const result = base.evaluateBinaryExpression.call(this, node, env);
  if (result instanceof StringValue && result.value.length > TEMPLATE_RUN_LIMITS.stringChars) {
    throw new TemplateRunError('The template builds a text longer than the limit allows.');
  }
  return result;
};

guarded.applyFilter = function (this: Internals & GuardedState, operand, filter, env) {
  const name = filter.type === 'Identifier' ? (filter.value as string) : ((filter.callee as Node).value as string);
  const own = TEMPLATE_FILTERS.get(name);
  if (!own) return base.applyFilter.call(this, operand, filter, env);
  const args = filter.type === 'CallExpression' ? this.evaluateCallArguments(filter.args as Node[], env) : [];
  const { positional, keywords } = libraryArguments([operand, ...args]);
  try {
    return fromLibrary(own(this.library, positional, keywords), this.placed);
  } catch (error) {
    if (error instanceof TemplateValueError) throw new TemplateRunError(error.message);
    throw error;
  }
};

/**
 * A method nothing defines (`person.age_in_years()` on an answer, docassemble's objects' methods) gives
 * nothing, as a missing variable does: the upload lists such calls for the author to bind.
 */
guarded.evaluateCallExpression = function (this: Internals & GuardedState, node, env) {
  const callee = this.evaluate(node.callee as Node, env);
  if (callee instanceof UndefinedValue) return callee;
  return base.evaluateCallExpression.call(this, node, env);
};

/** A loop over something with no answer repeats nothing (Jinja's own undefined is an empty iterable). */
guarded.renderFor = function (this: Internals & GuardedState, node, env) {
  const iterable = this.evaluate(node.iterable as Node, env);
  if (iterable instanceof UndefinedValue) return this.renderBlock((node.defaultBlock as Node[]) ?? [], env);
  return base.renderFor.call(this, node, env);
};

/** A repeating group read as a dictionary or a list (`group[item]`, `group[0]`): GroupValue.entry. */
guarded.evaluateMemberExpression = function (this: Internals & GuardedState, node, env) {
  if (node.computed && (node.property as Node).type !== 'SliceExpression') {
    const object = this.evaluate(node.object as Node, env);
    if (object instanceof GroupValue) return object.entry(this.evaluate(node.property as Node, env));
  }
  return base.evaluateMemberExpression.call(this, node, env);
};
