import {
  can,
  COMPARISON_LIMITS,
  comparisonMessages as M,
  splitTerms,
  type ComparedDocument,
  type ComparisonConceptRow,
  type ComparisonResponse,
  type RedlineResult,
} from '@lexdesk/contract';
import type { Actor } from '../../../platform/access/actor.ts';
import { nowIso, type AppContext } from '../../../platform/context.ts';
import { conflict, forbidden, tooLarge } from '../../../platform/errors/http-error.ts';
import { ParseLimitError, parsePool } from '../../../platform/parsing/parse-pool.ts';
import { userWork, type WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { documentSearch, documentsService } from '../../documents/index.ts';
import { conceptListsService } from '../concept-lists.service.ts';
import { headsOf } from '../concept-lists.repo.ts';
import { redlineDocx, redlineFileName } from './redline-docx.ts';
import { redlineInWorker } from './redline.ts';

interface LoadedDocument {
  meta: ComparedDocument;
  text: string;
}

/** Document comparison (issue 13; docs/analyser.md "Document comparison"). */
export function comparisonService(ctx: AppContext) {
  /** A document the actor may open (404 otherwise), indexed (409) and within the size limit (413). */
  const load = async (actor: Actor, documentId: number): Promise<LoadedDocument> => {
    const document = await documentsService(ctx).solrDocument(actor, documentId);
    if (document.indexing_state !== 'indexed') throw conflict(M.notReady(document.name));
    if (document.text.length > COMPARISON_LIMITS.maxChars)
      throw tooLarge(M.tooLarge(document.name, document.text.length));
    return {
      meta: {
        id: document.document_uid,
        name: document.name,
        case_id: document.case_id,
        case_title: document.case_title,
        word_count: document.word_count,
      },
      text: document.text,
    };
  };

  const loadPair = async (actor: Actor, who: WorkRequester, leftId: number, rightId: number) => {
    // The documents belong to cases: without the case module the user may open none of them.
    if (!can(actor, 'case.documents.read')) throw forbidden(M.noCaseAccess);
    // The diff will need the shared parsing threads: past the actor's share, refuse before reading two long texts.
    parsePool(ctx.config.parse).refuseIfFull(who);
    const left = await load(actor, leftId);
    const right = await load(actor, rightId);
    return { left, right };
  };

  /** On the shared parsing threads, for the actor (429 past their share: platform/queues). */
  const diff = async (who: WorkRequester, left: LoadedDocument, right: LoadedDocument): Promise<RedlineResult> => {
    try {
      return await redlineInWorker(ctx.config.parse, who, left.text, right.text);
    } catch (error) {
      if (error instanceof ParseLimitError) throw tooLarge(M.tooSlow);
      throw error;
    }
  };

  /** Per head of a list the actor sees: the sum of its terms' and phrases' counts in each document. */
  const conceptRows = async (
    actor: Actor,
    listId: number,
    leftId: number,
    rightId: number,
  ): Promise<{ name: string; rows: ComparisonConceptRow[] }> => {
    const list = await conceptListsService(ctx).visibleList(actor, listId);
    const heads = await headsOf(ctx.db, list);
    const termsOfHead = heads.map((head) => [...splitTerms(head.terms), ...splitTerms(head.phrases)]);
    const terms = [...new Set(termsOfHead.flat())];
    const counts = await documentSearch(ctx).countTerms(actor.organisationId, [leftId, rightId], terms);
    const sum = (documentId: number, headTerms: readonly string[]) => {
      const perTerm = counts.get(documentId) ?? [];
      return headTerms.reduce((total, term) => total + (perTerm[terms.indexOf(term)] ?? 0), 0);
    };
    return {
      name: list.name,
      rows: heads.map((head, index) => ({
        concept_id: head.id,
        head: head.head,
        left: sum(leftId, termsOfHead[index] ?? []),
        right: sum(rightId, termsOfHead[index] ?? []),
      })),
    };
  };

  return {
    /** POST analyser/compare/: the redline and, with a list, the concept counts side by side. */
    async compare(
      actor: Actor,
      input: { leftId: number; rightId: number; conceptListId?: number | null },
      signal: AbortSignal,
    ): Promise<ComparisonResponse> {
      const who = userWork(actor, signal);
      const { left, right } = await loadPair(actor, who, input.leftId, input.rightId);
      const concepts = input.conceptListId
        ? await conceptRows(actor, input.conceptListId, left.meta.id, right.meta.id)
        : null;
      const redline = await diff(who, left, right);
      return {
        left: left.meta,
        right: right.meta,
        redline,
        concepts: {
          concept_list_id: input.conceptListId ?? null,
          concept_list: concepts?.name ?? null,
          rows: concepts?.rows ?? [],
        },
      };
    },

    /** GET analyser/compare/export/: the redline as a .docx with tracked changes (Accept All = the right text). */
    async export(
      actor: Actor,
      leftId: number,
      rightId: number,
      signal: AbortSignal,
    ): Promise<{ fileName: string; data: Buffer }> {
      const who = userWork(actor, signal);
      const { left, right } = await loadPair(actor, who, leftId, rightId);
      const redline = await diff(who, left, right);
      // Word reads w:date as xsd:dateTime without fractions of a second.
      const date = nowIso(ctx).replace(/\.\d+Z$/, 'Z');
      const data = await redlineDocx(left.meta, right.meta, redline.segments, date);
      return { fileName: redlineFileName(left.meta, right.meta), data };
    },
  };
}
