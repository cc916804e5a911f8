import { can, conceptMessages as M, type Clause, type HeadPartSaved, type Rule, type Scope } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { auditActor, headToEdit, visibleHead, type EditChoice } from './concept-edit-target.ts';
import {
  childTableOf,
  deleteChild,
  deletePart,
  findPart,
  insertPart,
  partsOf,
  partTableOf,
  replaceChildren,
  updatePart,
  type HeadRef,
  type PartKind,
  type PartRow,
} from './head-parts.repo.ts';

type Child = { id: number | undefined; text: string };
const SAVED = { clause: M.clauseSaved, scope: M.scopeSaved, rule: M.ruleSaved } as const;
const DELETED = { clause: M.clauseDeleted, scope: M.scopeDeleted, rule: M.ruleDeleted } as const;

export const clauseOf = (part: PartRow): Clause => ({ clause_id: part.id, clause_description: part.description });
export const scopeOf = (part: PartRow): Scope => ({
  scope_id: part.id,
  scope_description: part.description,
  examples: part.children.map((child) => ({ example_id: child.id, example_text: child.text })),
});
export const ruleOf = (part: PartRow): Rule => ({
  rule_id: part.id,
  rule_description: part.description,
  suggestions: part.children.map((child) => ({ suggestion_id: child.id, suggestion_text: child.text })),
});

/**
 * A head's clauses, out-of-scope items (with examples) and rules (with suggestions) (spec 03 §4, §7). Parts
 * belong to the list's owner; an edit lands where `editTargetOf` says (docs/analyser.md), and the answer names
 * the head edited, which is the copy's head after "only this organisation".
 */
export function headPartsService(ctx: AppContext) {
  const requireWrite = (actor: Actor) => {
    if (!can(actor, 'analyser.concepts.write')) throw forbidden();
  };

  async function read(actor: Actor, kind: PartKind, headId: number): Promise<PartRow[]> {
    const { head } = await visibleHead(ctx, actor, headId);
    return (await partsOf(ctx.db, kind, [head])).get(head.id) ?? [];
  }

  async function add(
    actor: Actor,
    kind: PartKind,
    headId: number,
    description: string,
    children: readonly Child[],
  ): Promise<HeadPartSaved> {
    requireWrite(actor);
    return inTransaction(ctx, async (tx) => {
      const { head } = await headToEdit(tx, actor, headId, {});
      const id = await insertPart(tx.db, kind, head, description);
      if (kind !== 'clause') {
        await replaceChildren(
          tx.db,
          kind,
          head.organisation_id,
          id,
          children.map((c) => ({ ...c, id: undefined })),
        );
      }
      await auditService(tx).record(auditActor(actor), 'concept_head', head.id, `${kind}.saved`);
      return { detail: SAVED[kind], concept_id: head.id, id };
    });
  }

  async function update(
    actor: Actor,
    kind: PartKind,
    headId: number,
    choice: EditChoice,
    partId: number,
    description: string,
    children: readonly Child[],
  ): Promise<HeadPartSaved> {
    requireWrite(actor);
    return inTransaction(ctx, async (tx) => {
      const target = await headToEdit(tx, actor, headId, choice);
      const head: HeadRef = target.head;
      const id = target.partId(partTableOf(kind), partId);
      if (!(await findPart(tx.db, kind, head, id))) throw notFound();
      await updatePart(tx.db, kind, head, id, description);
      if (kind !== 'clause') {
        const mapped = children.map((child) => ({
          ...child,
          id: child.id !== undefined && child.id > 0 ? target.partId(childTableOf(kind), child.id) : undefined,
        }));
        if (!(await replaceChildren(tx.db, kind, head.organisation_id, id, mapped))) throw notFound();
      }
      await auditService(tx).record(auditActor(actor), 'concept_head', head.id, `${kind}.saved`);
      return { detail: SAVED[kind], concept_id: head.id, id };
    });
  }

  async function remove(
    actor: Actor,
    kind: PartKind,
    headId: number,
    choice: EditChoice,
    partId: number,
  ): Promise<HeadPartSaved> {
    requireWrite(actor);
    return inTransaction(ctx, async (tx) => {
      const target = await headToEdit(tx, actor, headId, choice);
      if (!(await deletePart(tx.db, kind, target.head, target.partId(partTableOf(kind), partId)))) throw notFound();
      await auditService(tx).record(auditActor(actor), 'concept_head', target.head.id, `${kind}.deleted`);
      return { detail: DELETED[kind], concept_id: target.head.id, id: null };
    });
  }

  /** Deletes one saved example or suggestion straight away (spec 03 §4). */
  async function removeChild(
    actor: Actor,
    kind: 'scope' | 'rule',
    headId: number,
    partId: number,
    childId: number,
  ): Promise<HeadPartSaved> {
    requireWrite(actor);
    return inTransaction(ctx, async (tx) => {
      const target = await headToEdit(tx, actor, headId, {});
      const parent = target.partId(partTableOf(kind), partId);
      if (!(await findPart(tx.db, kind, target.head, parent))) throw notFound();
      const child = target.partId(childTableOf(kind), childId);
      if (!(await deleteChild(tx.db, kind, target.head.organisation_id, parent, child))) throw notFound();
      await auditService(tx).record(auditActor(actor), 'concept_head', target.head.id, `${kind}.saved`);
      return { detail: kind === 'rule' ? M.suggestionDeleted : M.scopeSaved, concept_id: target.head.id, id: parent };
    });
  }

  const examples = (items: readonly { example_id?: number | undefined; example_text: string }[]) =>
    items.map((item) => ({ id: item.example_id, text: item.example_text }));
  const suggestions = (items: readonly { suggestion_id?: number | undefined; suggestion_text: string }[]) =>
    items.map((item) => ({ id: item.suggestion_id, text: item.suggestion_text }));

  return {
    async clauses(actor: Actor, headId: number) {
      return { clauses: (await read(actor, 'clause', headId)).map(clauseOf) };
    },
    addClause: (actor: Actor, body: { conceptID: number; clause_description: string }) =>
      add(actor, 'clause', body.conceptID, body.clause_description, []),
    updateClause: (
      actor: Actor,
      headId: number,
      choice: EditChoice,
      body: { clause_id: number; clause_description: string },
    ) => update(actor, 'clause', headId, choice, body.clause_id, body.clause_description, []),
    removeClause: (actor: Actor, headId: number, clauseId: number, choice: EditChoice) =>
      remove(actor, 'clause', headId, choice, clauseId),

    async scopes(actor: Actor, headId: number) {
      return { scopes: (await read(actor, 'scope', headId)).map(scopeOf) };
    },
    addScope: (
      actor: Actor,
      body: { conceptID: number; scope_description: string; examples: { example_text: string }[] },
    ) => add(actor, 'scope', body.conceptID, body.scope_description, examples(body.examples)),
    updateScope: (
      actor: Actor,
      headId: number,
      choice: EditChoice,
      body: { scope_id: number; scope_description: string; examples: { example_id?: number; example_text: string }[] },
    ) => update(actor, 'scope', headId, choice, body.scope_id, body.scope_description, examples(body.examples)),
    removeScope: (actor: Actor, headId: number, scopeId: number, choice: EditChoice) =>
      remove(actor, 'scope', headId, choice, scopeId),
    removeExample: (actor: Actor, headId: number, scopeId: number, exampleId: number) =>
      removeChild(actor, 'scope', headId, scopeId, exampleId),

    async rules(actor: Actor, headId: number) {
      return { rules: (await read(actor, 'rule', headId)).map(ruleOf) };
    },
    addRule: (
      actor: Actor,
      body: { conceptID: number; rule_description: string; suggestions: { suggestion_text: string }[] },
    ) => add(actor, 'rule', body.conceptID, body.rule_description, suggestions(body.suggestions)),
    updateRule: (
      actor: Actor,
      headId: number,
      choice: EditChoice,
      body: {
        rule_id: number;
        rule_description: string;
        suggestions: { suggestion_id?: number; suggestion_text: string }[];
      },
    ) => update(actor, 'rule', headId, choice, body.rule_id, body.rule_description, suggestions(body.suggestions)),
    removeRule: (actor: Actor, headId: number, ruleId: number, choice: EditChoice) =>
      remove(actor, 'rule', headId, choice, ruleId),
    removeSuggestion: (actor: Actor, headId: number, ruleId: number, suggestionId: number) =>
      removeChild(actor, 'rule', headId, ruleId, suggestionId),
  };
}
