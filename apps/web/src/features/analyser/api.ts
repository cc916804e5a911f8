import {
  conceptDetailsResponse,
  amendmentList,
  assignableOrganisation,
  assignableOrganisations,
  clauseList,
  conceptContentPage,
  conceptCopyResponse,
  conceptDocuments,
  conceptHead,
  conceptHeadUpdated,
  conceptListCreated,
  conceptListDetailResponse,
  conceptListOptions,
  conceptListUpdated,
  conceptListVersions,
  detailResponse,
  feedbackCounts,
  feedbackPage,
  headPartSaved,
  pickerUsers,
  ruleList,
  scopeList,
  type AmendmentType,
  type ConceptHeadInput,
  type ConceptListCreateInput,
  type ConceptListUpdateInput,
} from '@lexdesk/contract';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../api/client.ts';

/** Spec 03 §7: every call of the concept side, with the contract's schemas. */
export interface ContentParams {
  pageNo: number;
  limits: number;
  search: string;
  /** The list whose heads are asked for; absent asks for the lists. */
  listId?: number;
}

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

/** GET concept-content/list/ (or search/ with a search): the lists, or one list's heads. */
export function fetchConceptContent(p: ContentParams, signal?: AbortSignal) {
  if (p.search) {
    return apiRequest('concept-content/search/', {
      query: { search: p.search, conceptListID: p.listId, page_no: p.pageNo, limits: p.limits },
      schema: conceptContentPage,
      ...signalOf(signal),
    });
  }
  return apiRequest('concept-content/list/', {
    query: { login_mode: 'webapp', concept_list_id: p.listId, page_no: p.pageNo, limits: p.limits },
    schema: conceptContentPage,
    ...signalOf(signal),
  });
}

export const fetchListOptions = (organisationId?: number) =>
  apiRequest('concept-list/', {
    query: { login_mode: 'webapp', organisation_id: organisationId },
    schema: conceptListOptions,
  });

export const fetchListDetail = (listId: number) =>
  apiRequest('concept-list/create/', { query: { conceptListID: listId }, schema: conceptListDetailResponse }).then(
    (answer) => answer.concept_list[0],
  );

export const fetchHead = (headId: number) =>
  apiRequest('concept-content/single/', { query: { conceptID: headId }, schema: conceptHead });

export const fetchVersions = (listId: number) =>
  apiRequest(`concept-list/versions/${listId}/`, { schema: conceptListVersions });

export const createList = (body: ConceptListCreateInput) =>
  apiRequest('concept-list/', { method: 'POST', body, schema: conceptListCreated });

export interface UpdateScope {
  updateAll?: boolean;
  organisationID?: number;
}

export const updateList = (listId: number, body: ConceptListUpdateInput, scope: UpdateScope = {}) =>
  apiRequest('concept-list/', {
    method: 'PUT',
    query: { concept_list_id: listId, organisationID: scope.organisationID, updateAll: scope.updateAll },
    body,
    schema: conceptListUpdated,
  });

export const updateHead = (headId: number, head: ConceptHeadInput, scope: UpdateScope = {}) =>
  apiRequest('concept-content/single/', {
    method: 'PUT',
    query: {
      conceptID: headId,
      organisationID: scope.organisationID,
      updateAll: scope.updateAll,
      selectedOrg: scope.organisationID,
    },
    body: [head],
    schema: conceptHeadUpdated,
  });

export const deleteList = (listId: number) =>
  apiRequest(`concept-list/${listId}/`, { method: 'DELETE', schema: detailResponse });

/** POST concept-content/update/combine/: copied heads (or a whole list) with their parts, after create. */
export const copyHeads = (targetListId: number, source: { headIds?: number[]; listId?: number }) =>
  apiRequest('concept-content/update/combine/', {
    method: 'POST',
    query: {
      targetConceptListIDs: String(targetListId),
      sourceConceptIDs: source.headIds?.length ? source.headIds.join(',') : undefined,
      sourceConceptListID: source.listId,
    },
    schema: conceptCopyResponse,
  });

export function importList(file: File, name: string, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.set('name', name);
  form.set('file', file);
  return apiUpload('concept-list/import/', form, onProgress, { schema: conceptListCreated });
}

export const exportPath = (listId: number) => `concept-list/export/${listId}/`;

// Pickers
/** Organisations the caller may assign a list to: all for the super user, else their own (staff only). */
export const fetchOrganisations = () => apiRequest('assign-organisation/', { schema: assignableOrganisations });
/** The caller's own organisation. */
export const fetchOwnOrganisation = () => apiRequest('get-org/', { schema: assignableOrganisation });
export const fetchPickerUsers = (organisationIds: readonly number[]) =>
  apiRequest('assign-user/', {
    query: { concept: 'true', users: organisationIds.join(',') },
    schema: pickerUsers,
  });

// Document types
export const fetchConceptDocuments = (organisationIds: readonly number[]) =>
  apiRequest('concept/documents/', {
    query: { organization_ids: organisationIds.length ? organisationIds.join(',') : undefined },
    schema: conceptDocuments,
  });
export const deleteConceptDocument = (id: number) =>
  apiRequest(`concept/documents/delete/${id}/`, { method: 'DELETE', schema: detailResponse });

// Clauses, out-of-scope items and rules of a head
export const fetchClauses = (headId: number) => apiRequest(`concept-list/clause/${headId}/`, { schema: clauseList });
export const fetchScopes = (headId: number) => apiRequest(`concept-list/scope/${headId}/`, { schema: scopeList });
export const fetchRules = (headId: number) => apiRequest(`concept-list/rules/${headId}/`, { schema: ruleList });

export const createClause = (headId: number, text: string) =>
  apiRequest('concept-list/create/clause/', {
    method: 'POST',
    body: { conceptID: headId, clause_description: text },
    schema: headPartSaved,
  });
export const updateClause = (headId: number, clauseId: number, text: string) =>
  apiRequest(`concept-list/clause/update/${headId}/`, {
    method: 'PUT',
    query: { updateAll: 'true' },
    body: { clause_id: clauseId, clause_description: text },
    schema: headPartSaved,
  });
export const deleteClause = (headId: number, clauseId: number) =>
  apiRequest(`concept-list/clause/delete/${headId}/${clauseId}/`, {
    method: 'DELETE',
    query: { updateAll: 'false' },
    schema: headPartSaved,
  });

export interface ChildInput {
  id: number;
  text: string;
}
const savedId = (id: number) => (id > 0 ? id : undefined);

export function saveScope(headId: number, scopeId: number | null, description: string, children: ChildInput[]) {
  const examples = children.map((c) => ({ example_id: savedId(c.id), example_text: c.text }));
  if (scopeId === null) {
    return apiRequest('concept-list/create/scope/', {
      method: 'POST',
      body: { conceptID: headId, scope_description: description, examples },
      schema: headPartSaved,
    });
  }
  return apiRequest(`concept-list/scope/update/${headId}/`, {
    method: 'PUT',
    query: { updateAll: 'true' },
    body: { scope_id: scopeId, scope_description: description, examples },
    schema: headPartSaved,
  });
}
export const deleteScope = (headId: number, scopeId: number) =>
  apiRequest(`concept-list/scope/delete/${headId}/${scopeId}/`, {
    method: 'DELETE',
    query: { updateAll: 'false' },
    schema: z.unknown(),
  });
export const deleteExample = (headId: number, scopeId: number, exampleId: number) =>
  apiRequest(`concept-list/scope/delete/${headId}/${scopeId}/${exampleId}/`, { method: 'DELETE', schema: z.unknown() });

export function saveRule(headId: number, ruleId: number | null, description: string, children: ChildInput[]) {
  const suggestions = children.map((c) => ({ suggestion_id: savedId(c.id), suggestion_text: c.text }));
  if (ruleId === null) {
    return apiRequest('concept-list/create/term-rule/', {
      method: 'POST',
      body: { conceptID: headId, rule_description: description, suggestions },
      schema: headPartSaved,
    });
  }
  return apiRequest(`concept-list/rules/update/${headId}/`, {
    method: 'PUT',
    query: { updateAll: 'true' },
    body: { rule_id: ruleId, rule_description: description, suggestions },
    schema: headPartSaved,
  });
}
export const deleteRule = (headId: number, ruleId: number) =>
  apiRequest(`concept-list/rules/delete/${headId}/${ruleId}/`, {
    method: 'DELETE',
    query: { updateAll: 'false' },
    schema: z.unknown(),
  });
export const deleteSuggestion = (headId: number, ruleId: number, suggestionId: number) =>
  apiRequest(`concept-list/rules/delete/${headId}/${ruleId}/${suggestionId}/`, {
    method: 'DELETE',
    schema: z.unknown(),
  });

// Amendments
export const fetchAmendments = (headId: number, type?: AmendmentType) =>
  apiRequest(`concept/amendments/${headId}/`, { query: { login_mode: 'webapp', type }, schema: amendmentList });
export interface AmendmentInput {
  amendment_type: AmendmentType;
  amendment: string;
  updateAll?: boolean;
}
export const createAmendment = (headId: number, body: AmendmentInput) =>
  apiRequest(`concept/amendments/${headId}/`, {
    method: 'POST',
    query: { updateAll: body.updateAll },
    body,
    schema: detailResponse,
  });
export const updateAmendment = (amendmentId: number, body: AmendmentInput) =>
  apiRequest(`concept/amendment/modification/${amendmentId}/`, {
    method: 'PUT',
    query: { updateAll: body.updateAll },
    body,
    schema: detailResponse,
  });
export const deleteAmendment = (amendmentId: number, updateAll?: boolean) =>
  apiRequest(`concept/amendment/modification/${amendmentId}/`, {
    method: 'DELETE',
    query: { updateAll },
    schema: detailResponse,
  });

// Response log
export const fetchFeedbackCounts = (headId: number) =>
  apiRequest(`feedbacks/count/${headId}/`, { schema: feedbackCounts });
export const fetchFeedback = (headId: number, pageNo: number, limits: number, signal?: AbortSignal) =>
  apiRequest(`feedbacks/concept/${headId}/`, {
    query: { page_no: pageNo, limits },
    schema: feedbackPage,
    ...signalOf(signal),
  });
export const deleteFeedback = (id: number) =>
  apiRequest(`feedback/delete/${id}/`, { method: 'DELETE', schema: z.unknown() });

export const createPath = (query: { conceptID?: number; conceptListID?: number; isView?: boolean } = {}) => {
  const params = new URLSearchParams();
  if (query.conceptID) params.set('conceptID', String(query.conceptID));
  if (query.conceptListID) params.set('conceptListID', String(query.conceptListID));
  if (query.isView) params.set('isView', 'true');
  const text = params.toString();
  return text ? `/concept-repo-create?${text}` : '/concept-repo-create';
};

/** GET concept-list/concepts/details/?concept_ids=: heads with their list's name (and their parts). */
export const fetchHeadDetails = (conceptIds: readonly number[], signal?: AbortSignal) =>
  apiRequest('concept-list/concepts/details/', {
    query: { concept_ids: conceptIds.join(',') },
    schema: conceptDetailsResponse,
    ...signalOf(signal),
  });
