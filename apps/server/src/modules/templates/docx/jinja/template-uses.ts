/**
 * What a template needs, read from its Jinja program without running it: every variable, attribute path, loop
 * source and call, in document order, with the names the template defines itself (loop variables, `set`,
 * macros and their parameters) left out. An item of a loop is named through its source: in
 * `{% for p in parties %}{{ p.name }}`, the template needs `parties` (a loop) and `parties[].name`.
 */
import type { parse } from '@huggingface/jinja';
import { OUT, PARAGRAPH_OUT } from './docx-to-jinja.ts';

export type Program = ReturnType<typeof parse>;
type Statement = Program['body'][number];

export type UseKind = 'value' | 'condition' | 'loop' | 'call';

export interface TemplateUse {
  /** `client_name`, `user.favorite_fruit`, `witnesses[].signature`, `adverse_party.address_block`. */
  path: string;
  kind: UseKind;
}

/** What the program uses, and the sub-documents it includes by name. */
export interface ProgramUses {
  uses: TemplateUse[];
  includes: string[];
}

/** Names the engine and the library define; a use of one of these is not a question for the user. */
export interface KnownNames {
  functions: ReadonlySet<string>;
}

export const INCLUDE_FUNCTION = 'include_docx_template';
const ENGINE_NAMES = new Set([
  OUT,
  PARAGRAPH_OUT,
  'loop',
  'range',
  'namespace',
  'true',
  'false',
  'none',
  'True',
  'False',
  'None',
]);

// The AST's nodes, read by their `type` (the package exports their shapes, not a visitor).
type Node = Statement & Record<string, unknown>;

class Scope {
  private readonly frames: Map<string, string | null>[] = [new Map()];

  push(names: Map<string, string | null> = new Map()): void {
    this.frames.push(names);
  }
  pop(): void {
    this.frames.pop();
  }
  define(name: string, source: string | null = null): void {
    this.frames[this.frames.length - 1]?.set(name, source);
  }
  /** undefined: not a local; null: a local with no source; a path: a loop item of that source. */
  lookup(name: string): string | null | undefined {
    for (let i = this.frames.length - 1; i >= 0; i -= 1) {
      const frame = this.frames[i] as Map<string, string | null>;
      if (frame.has(name)) return frame.get(name) ?? null;
    }
    return undefined;
  }
}

/** `a.b.c` of a member chain (literal subscripts count as attributes), or null when it starts elsewhere. */
function chainOf(node: Node): string[] | null {
  if (node.type === 'Identifier') return [node.value as string];
  if (node.type !== 'MemberExpression') return null;
  const inner = chainOf(node.object as Node);
  if (!inner) return null;
  const property = node.property as Node;
  if (!node.computed && property.type === 'Identifier') return [...inner, property.value as string];
  if (property.type === 'StringLiteral') return [...inner, property.value as string];
  return null;
}

class UseCollector {
  readonly uses: TemplateUse[] = [];
  readonly includes: string[] = [];
  private readonly seen = new Set<string>();
  private readonly scope = new Scope();

  constructor(private readonly known: KnownNames) {}

  private record(chain: string[], kind: UseKind): void {
    const [root, ...rest] = chain;
    if (root === undefined) return;
    const local = this.scope.lookup(root);
    if (local === null || (local === undefined && ENGINE_NAMES.has(root))) return;
    if (local === undefined && this.known.functions.has(root) && (kind === 'call' || rest.length === 0)) return;
    const path = [local ?? root, ...rest].join('.');
    const key = `${kind}\u0000${path}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.uses.push({ path, kind });
  }

  statements(body: readonly Statement[]): void {
    for (const statement of body) this.statement(statement as Node);
  }

  private statement(node: Node): void {
    switch (node.type) {
      case 'If':
        this.expression(node.test as Node, 'condition');
        this.statements(node.body as Statement[]);
        this.statements(node.alternate as Statement[]);
        return;
      case 'For': {
        const iterable = node.iterable as Node;
        this.expression(iterable, 'loop');
        const chain = chainOf(iterable);
        const source = chain ? this.sourcePath(chain) : null;
        const names = new Map<string, string | null>();
        const loopvar = node.loopvar as Node;
        if (loopvar.type === 'Identifier') names.set(loopvar.value as string, source ? `${source}[]` : null);
        else for (const item of (loopvar.value as Node[]) ?? []) names.set(item.value as string, null);
        this.scope.push(names);
        this.statements(node.body as Statement[]);
        this.scope.pop();
        this.statements((node.defaultBlock as Statement[]) ?? []);
        return;
      }
      case 'Set': {
        if (node.value) this.expression(node.value as Node, 'value');
        else this.statements(node.body as Statement[]);
        const assignee = node.assignee as Node;
        if (assignee.type === 'Identifier') this.scope.define(assignee.value as string);
        return;
      }
      case 'Macro': {
        this.scope.define((node.name as Node).value as string);
        const names = new Map<string, string | null>();
        for (const arg of node.args as Node[]) {
          const name = arg.type === 'KeywordArgumentExpression' ? ((arg.key as Node).value as string) : arg.value;
          if (typeof name === 'string') names.set(name, null);
        }
        this.scope.push(names);
        this.statements(node.body as Statement[]);
        this.scope.pop();
        return;
      }
      case 'Comment':
      case 'Break':
      case 'Continue':
        return;
      default:
        if ('body' in node && Array.isArray(node.body)) this.statements(node.body as Statement[]);
        this.expression(node, 'value');
    }
  }

  /** The path a chain names as the template's data (a loop item resolved through its source). */
  private sourcePath(chain: string[]): string | null {
    const [root, ...rest] = chain;
    if (root === undefined) return null;
    const local = this.scope.lookup(root);
    if (local === null) return null;
    return [local ?? root, ...rest].join('.');
  }

  private expression(node: Node | undefined, kind: UseKind): void {
    if (!node || typeof node !== 'object') return;
    switch (node.type) {
      case 'Identifier':
      case 'MemberExpression': {
        const chain = chainOf(node);
        if (chain) {
          this.record(chain, kind);
          return;
        }
        this.expression(node.object as Node, kind === 'loop' ? 'value' : kind);
        this.expression(node.property as Node, 'value');
        return;
      }
      case 'CallExpression': {
        const callee = node.callee as Node;
        const chain = chainOf(callee);
        const args = node.args as Node[];
        if (chain?.length === 1 && chain[0] === INCLUDE_FUNCTION) {
          const first = args[0];
          if (first?.type === 'StringLiteral') this.includes.push(first.value as string);
        } else if (chain) {
          // A method of a value (`x.upper()`, `fruits.items()`) is the value's use, not a call to bind.
          const owner = chain.slice(0, -1);
          if (owner.length && this.isBuiltinMethod(chain[chain.length - 1] as string)) this.record(owner, kind);
          else this.record(chain, 'call');
        } else this.expression(callee, 'value');
        for (const arg of args) this.expression(arg, 'value');
        return;
      }
      case 'KeywordArgumentExpression':
        this.expression(node.value as Node, kind);
        return;
      case 'FilterExpression': {
        this.expression(node.operand as Node, kind);
        const filter = node.filter as Node;
        if (filter.type === 'CallExpression') for (const arg of filter.args as Node[]) this.expression(arg, 'value');
        return;
      }
      case 'TestExpression':
        this.expression(node.operand as Node, 'condition');
        return;
      case 'BinaryExpression':
        this.expression(node.left as Node, kind === 'loop' ? 'value' : kind);
        this.expression(node.right as Node, kind === 'loop' ? 'value' : kind);
        return;
      case 'UnaryExpression':
        this.expression(node.argument as Node, kind);
        return;
      case 'Ternary':
        this.expression(node.condition as Node, 'condition');
        this.expression(node.trueExpr as Node, kind);
        this.expression(node.falseExpr as Node, kind);
        return;
      case 'SelectExpression':
        this.expression(node.lhs as Node, kind);
        this.expression(node.test as Node, 'condition');
        return;
      case 'ArrayLiteral':
      case 'TupleLiteral':
        for (const item of node.value as Node[]) this.expression(item, 'value');
        return;
      case 'ObjectLiteral':
        for (const [key, value] of node.value as Map<Node, Node>) {
          this.expression(key, 'value');
          this.expression(value, 'value');
        }
        return;
      case 'SpreadExpression':
      case 'KeywordSpreadExpression':
        this.expression(node.argument as Node, 'value');
        return;
      case 'SliceExpression':
        for (const part of [node.start, node.stop, node.step]) this.expression(part as Node, 'value');
        return;
      default:
    }
  }

  private isBuiltinMethod(name: string): boolean {
    return BUILTIN_METHODS.has(name);
  }
}

/** Methods the interpreter's own strings, lists and mappings have (`item.upper()`, `fruits.items()`). */
const BUILTIN_METHODS = new Set([
  'upper',
  'lower',
  'strip',
  'lstrip',
  'rstrip',
  'title',
  'capitalize',
  'split',
  'replace',
  'startswith',
  'endswith',
  'items',
  'keys',
  'values',
  'get',
  'length',
  'join',
  'count',
  'index',
  'format',
]);

/** The uses of a program, in order (the program of each part, in the order the parts are read). */
export function programUses(programs: readonly Program[], known: KnownNames): ProgramUses {
  const collector = new UseCollector(known);
  for (const program of programs) collector.statements(program.body);
  return { uses: collector.uses, includes: collector.includes };
}

/**
 * The tags a template in this dialect needs answered: its variables and attribute paths (calls included, as
 * `adverse_party.address_block`), each once, in document order. A loop item's fields (`parties[].name`) wait
 * for repeating answers and are not tags.
 */
export function templateTagsOf(uses: readonly TemplateUse[]): string[] {
  return [...new Set(uses.filter((use) => !use.path.includes('[]')).map((use) => use.path))];
}
