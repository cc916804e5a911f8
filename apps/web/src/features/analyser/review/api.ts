import {
  contextPage,
  hitFeedbackResponse,
  partiesResponse,
  reviewRun,
  type HitFeedbackBody,
  type ReviewBodyInput,
} from '@lexdesk/contract';
import { z } from 'zod';
import { apiRequest } from '../../../api/client.ts';

/** Spec 03 §7 (review side) and docs/analyser.md "Review and saved searches": the calls of /queries. */
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** POST solr-search/review/: starts a run (a small one answers `done` at once). */
export const startReview = (body: ReviewBodyInput) =>
  apiRequest('solr-search/review/', { method: 'POST', body, schema: reviewRun });

/** GET solr-search/review/{run_id}/: the run's progress, and its result once done. */
export const fetchReview = (runId: string, signal?: AbortSignal) =>
  apiRequest(`solr-search/review/${runId}/`, { schema: reviewRun, ...signalOf(signal) });

/** DELETE solr-search/review/{run_id}/: cancels a running review. */
export const cancelReview = (runId: string) =>
  apiRequest(`solr-search/review/${runId}/`, { method: 'DELETE', schema: reviewRun });

export interface ContextParams {
  conceptId: number;
  documentId: number;
  caseTaskId?: number;
  /** One term of the head; absent: every term of the head. */
  term?: string;
  horizon: number;
  pageNo: number;
  limits: number;
}

/** GET solr-search/horizon/: the keyword-in-context rows of a head (or one term) in a document. */
export const fetchContext = (p: ContextParams, signal?: AbortSignal) =>
  apiRequest('solr-search/horizon/', {
    query: {
      conceptID: p.conceptId,
      documentUID: p.documentId,
      casetask_id: p.caseTaskId,
      term: p.term,
      horizon: p.horizon,
      page_no: p.pageNo,
      limits: p.limits,
    },
    schema: contextPage,
    ...signalOf(signal),
  });

/** POST solr-search/feedback/: a like, dislike or comment on a hit, into the head's response log. */
export const sendHitFeedback = (body: HitFeedbackBody) =>
  apiRequest('solr-search/feedback/', { method: 'POST', body, schema: hitFeedbackResponse });

/** GET case/document/parties/{caseTaskId}/: the parties of a document's case. */
export const fetchParties = (caseTaskId: number, signal?: AbortSignal) =>
  apiRequest(`case/document/parties/${caseTaskId}/`, { schema: partiesResponse, ...signalOf(signal) });

/** POST save-search/: keeps a finished run with the horizon in use. */
export const saveReview = (runId: string, horizon: number) =>
  apiRequest('save-search/', {
    method: 'POST',
    body: { run_id: runId, horizon },
    schema: z.object({ id: z.number().int() }).passthrough(),
  });

/** The path of the results' export (a file download): of a run, or of a saved search. */
export const EXPORT_PATH = 'solr/export-result/';
