import { conceptMessages as M } from '@lexdesk/contract';
import { queryKeys } from '../../api/queryKeys.ts';
import {
  deleteExample,
  deleteRule,
  deleteScope,
  deleteSuggestion,
  fetchRules,
  fetchScopes,
  saveRule,
  saveScope,
  type ChildInput,
} from './api.ts';

/** An out-of-scope item or a rule, read the same way: a description with numbered children. */
export interface ParentPart {
  id: number;
  description: string;
  children: ChildInput[];
}

/** What differs between Out of Scope (examples) and Rules (suggestions); the editor is the same. */
export interface PartKind {
  title: string;
  parentLabel: string;
  parentKind: string;
  childLabel: string;
  childKind: string;
  invalidChild: string;
  saved: string;
  deleted: string;
  queryKey: (headId: number) => readonly unknown[];
  fetch: (headId: number) => Promise<ParentPart[]>;
  save: (headId: number, id: number | null, description: string, children: ChildInput[]) => Promise<unknown>;
  deleteParent: (headId: number, id: number) => Promise<unknown>;
  deleteChild: (headId: number, parentId: number, childId: number) => Promise<unknown>;
}

export const SCOPE_KIND: PartKind = {
  title: 'Out of Scope',
  parentLabel: 'Out of scope description',
  parentKind: 'out of scope item',
  childLabel: 'Example',
  childKind: 'example',
  invalidChild: M.invalidExample,
  saved: M.scopeSaved,
  deleted: M.scopeDeleted,
  queryKey: queryKeys.analyser.scopes,
  fetch: async (headId) =>
    (await fetchScopes(headId)).scopes.map((scope) => ({
      id: scope.scope_id,
      description: scope.scope_description,
      children: scope.examples.map((example) => ({ id: example.example_id, text: example.example_text })),
    })),
  save: saveScope,
  deleteParent: deleteScope,
  deleteChild: deleteExample,
};

export const RULE_KIND: PartKind = {
  title: 'Rules',
  parentLabel: 'Rule description',
  parentKind: 'rule',
  childLabel: 'Suggestion',
  childKind: 'suggestion',
  invalidChild: M.invalidSuggestion,
  saved: M.ruleSaved,
  deleted: M.ruleDeleted,
  queryKey: queryKeys.analyser.rules,
  fetch: async (headId) =>
    (await fetchRules(headId)).rules.map((rule) => ({
      id: rule.rule_id,
      description: rule.rule_description,
      children: rule.suggestions.map((suggestion) => ({
        id: suggestion.suggestion_id,
        text: suggestion.suggestion_text,
      })),
    })),
  save: saveRule,
  deleteParent: deleteRule,
  deleteChild: deleteSuggestion,
};
