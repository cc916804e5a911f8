import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import { ANALYSER_LIMITS } from './limits.ts';
import { conceptMessages as m } from './messages.ts';
import { boolParam, idListParam } from './query-params.ts';

const headText = z
  .string({ error: m.headRequired })
  .trim()
  .min(1, m.headRequired)
  .max(ANALYSER_LIMITS.head, m.headTooLong);
const termsText = z.string().max(ANALYSER_LIMITS.termsText, m.termsTooLong).default('');

/** A head as the create page sends it: terms and phrases joined with ' | ' (spec 03 §3). */
export const conceptHeadInput = z.object({
  head: headText,
  definition: z.string().max(ANALYSER_LIMITS.definition, m.definitionTooLong).default(''),
  terms: termsText,
  phrases: termsText,
});
export type ConceptHeadInput = z.infer<typeof conceptHeadInput>;

const listName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(ANALYSER_LIMITS.listName, m.nameTooLong);
const organisationIds = z.array(idParam, { error: m.selectOrganisation }).min(1, m.selectOrganisation).max(1000);
const userIds = z.array(idParam, { error: m.selectUser }).min(1, m.selectUser).max(10_000);
const heads = z
  .array(conceptHeadInput, { error: m.draftRequired })
  .min(1, m.draftRequired)
  .max(ANALYSER_LIMITS.headsPerList, m.tooManyHeads);

/** POST concept-list/: a new list with its heads, its organisations and users (spec 03 §7). */
export const conceptListCreateBody = z.object({
  name: listName,
  concept_doc_id: idParam.nullable().default(null),
  organisationIDs: organisationIds,
  userIDs: userIds,
  concepts: heads,
  is_assigned_to_all: z.boolean().default(false),
});
export type ConceptListCreateBody = z.infer<typeof conceptListCreateBody>;
export type ConceptListCreateInput = z.input<typeof conceptListCreateBody>;

export const conceptListCreated = z.object({
  detail: z.string(),
  ids: z.object({ concept_list_id: z.number().int(), concept_ids: z.array(z.number().int()) }),
});
export type ConceptListCreated = z.infer<typeof conceptListCreated>;

/** PUT concept-list/?concept_list_id&organisationID&updateAll: what is absent stays as it is. */
export const conceptListUpdateQuery = z.object({
  concept_list_id: idParam,
  organisationID: idParam.optional(),
  updateAll: boolParam.optional(),
});
export type ConceptListUpdateQuery = z.infer<typeof conceptListUpdateQuery>;

export const conceptListUpdateBody = z.object({
  name: listName.optional(),
  /** The draft text (HEAD[definition]->terms | phrases per line); replaces the heads when `concepts` is absent. */
  draft: z
    .string()
    .max(ANALYSER_LIMITS.definition * 5)
    .optional(),
  concept_doc_id: idParam.nullable().optional(),
  organisationIDs: organisationIds.optional(),
  userIDs: userIds.optional(),
  concepts: heads.optional(),
  is_assigned_to_all: z.boolean().optional(),
});
export type ConceptListUpdateBody = z.infer<typeof conceptListUpdateBody>;
export type ConceptListUpdateInput = z.input<typeof conceptListUpdateBody>;

/** `id` is the list the organisation now sees: a new one when "only this organisation" made its own copy. */
export const conceptListUpdated = z.object({ detail: z.string(), id: z.number().int(), new_name: z.string() });
export type ConceptListUpdated = z.infer<typeof conceptListUpdated>;

export const conceptDoc = z.object({
  id: z.number().int(),
  type_name: z.string(),
  description: z.string(),
  organisation: z.string(),
});

/** Which row actions the caller has (spec 03 §6); the web shows only these. */
export const conceptListActions = z.object({
  edit: z.boolean(),
  description: z.boolean(),
  amendment: z.boolean(),
  delete: z.boolean(),
});

/** A row of the concept repository (/concept-repo). */
export const conceptListRow = z.object({
  concept_list_id: z.number().int(),
  concept_list: z.string(),
  concept_doc: z.string().nullable(),
  heads_count: z.number().int(),
  is_assigned_to_all: z.boolean(),
  isCreatedBysuperadmin: z.boolean(),
  /** True when the caller's organisation owns the list; false when it is assigned to it. */
  own: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
  actions: conceptListActions,
});
export type ConceptListRow = z.infer<typeof conceptListRow>;

/** A head as every read answers it (spec 03 §3). */
export const conceptHead = z.object({
  concept_id: z.number().int(),
  concept_list_id: z.number().int(),
  head: z.string(),
  definition: z.string(),
  terms: z.string(),
  phrases: z.string(),
  concept_title: z.string(),
  organisation_id: z.number().int(),
  user_id: z.number().int().nullable(),
});
export type ConceptHead = z.infer<typeof conceptHead>;

/** GET concept-content/list/ and search/: lists, or the heads of one list when it names one. */
export const conceptContentQuery = pageQuery.extend({
  login_mode: z.string().optional(),
  concept_list_id: idParam.optional(),
});
export const conceptContentSearchQuery = pageQuery.extend({
  search: z.string().trim().max(200).default(''),
  conceptListID: idParam.optional(),
});
export const conceptListPage = paged(conceptListRow).extend({ kind: z.literal('lists') });
export const conceptHeadPage = paged(conceptHead).extend({ kind: z.literal('heads') });
export const conceptContentPage = z.discriminatedUnion('kind', [conceptListPage, conceptHeadPage]);
export type ConceptContentPage = z.infer<typeof conceptContentPage>;

/** GET concept-list/: every list the caller sees, for select boxes. */
export const conceptListOptionsQuery = z.object({
  login_mode: z.string().optional(),
  organisation_id: idParam.optional(),
});
export const conceptListOptions = z.object({
  concept_list: z.array(z.object({ concept_list_id: z.number().int(), concept_list: z.string() })),
});
export type ConceptListOptions = z.infer<typeof conceptListOptions>;

/**
 * GET concept-list/create/?conceptListID: the list for the edit page. `organisation_id` and `user_id` name
 * only the caller's own organisation and its users unless the caller is the super user.
 */
export const conceptListDetail = z.object({
  concept_list_id: z.number().int(),
  concept_list: z.string(),
  organisation_id: z.array(z.number().int()),
  user_id: z.array(z.number().int()),
  draft: z.string(),
  is_assigned_to_all: z.boolean(),
  isCreatedBysuperadmin: z.boolean(),
  own: z.boolean(),
  version: z.number().int(),
  concept_doc: conceptDoc.nullable(),
  heads: z.array(conceptHead),
  actions: conceptListActions,
});
export type ConceptListDetail = z.infer<typeof conceptListDetail>;
export const conceptListDetailQuery = z.object({ conceptListID: idParam });
export const conceptListDetailResponse = z.object({ concept_list: z.array(conceptListDetail) });

/** GET concept-content/single/?conceptID; PUT the same with organisationID, updateAll and selectedOrg. */
export const conceptSingleQuery = z.object({
  conceptID: idParam,
  organisationID: idParam.optional(),
  updateAll: boolParam.optional(),
  selectedOrg: idParam.optional(),
});
export const conceptSingleBody = z.array(conceptHeadInput).length(1, m.headRequired);
export const conceptHeadUpdated = z.object({
  detail: z.string(),
  concept_id: z.number().int(),
  concept_list_id: z.number().int(),
});
export type ConceptHeadUpdated = z.infer<typeof conceptHeadUpdated>;

/** GET concept-content/combine/?conceptID=1,2: the draft of those heads first, then the heads. */
export const conceptCombineQuery = z.object({ conceptID: idListParam });
export const conceptCombineResponse = z.object({ draft: z.string(), data: z.array(conceptHead) });

/** POST concept-content/update/combine/: copies heads (or a whole list) with their clauses, scope, rules. */
export const conceptCopyQuery = z.object({
  targetConceptListIDs: idListParam,
  sourceConceptIDs: idListParam.optional(),
  sourceConceptListID: idParam.optional(),
});
export const conceptCopyResponse = z.object({
  detail: z.string(),
  copied: z.number().int(),
  /** The lists copied into, in the order asked: a target's own copy where the edit made one. */
  concept_list_ids: z.array(z.number().int()),
  /** Heads the target already had (by name): not copied again. */
  skipped: z.array(z.string()),
});
export type ConceptCopyResponse = z.infer<typeof conceptCopyResponse>;

/** GET concept-list/concepts/details/?concept_ids=1,2 */
export const conceptDetailsQuery = z.object({ concept_ids: idListParam });

/** A saved version of a list: who changed which head (docs/analyser.md). */
export const conceptListVersion = z.object({
  version: z.number().int(),
  changed_by: z.string(),
  changed_at: z.string(),
  changes: z.array(z.object({ head: z.string(), change: z.enum(['added', 'changed', 'removed']) })),
  renamed_to: z.string().nullable(),
});
export const conceptListVersions = z.object({ data: z.array(conceptListVersion) });
export type ConceptListVersions = z.infer<typeof conceptListVersions>;

/** Pickers: organisations and active users the caller may assign (spec 03 §7, §5 "only active users"). */
export const assignableOrganisation = z.object({ value: z.number().int(), label: z.string() });
export const assignableOrganisations = z.object({ data: z.array(assignableOrganisation) });
export const pickerUser = z.object({
  value: z.number().int(),
  label: z.string(),
  organisation: z.number().int(),
  is_active: z.boolean(),
});
export const assignUserQuery = z.object({ concept: boolParam.optional(), users: idListParam });
export const pickerUsers = z.object({ data: z.array(pickerUser) });
export type PickerUser = z.infer<typeof pickerUser>;

/** GET concept/documents/?organization_ids=1,2: document types with their organisation's name. */
export const conceptDocumentsQuery = z.object({ organization_ids: idListParam.optional() });
export const conceptDocuments = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      type_name: z.string(),
      description: z.string(),
      organization_name: z.string(),
      own: z.boolean(),
    }),
  ),
});
export type ConceptDocuments = z.infer<typeof conceptDocuments>;

/** Import (.xlsx / .csv: head, definition, terms, phrases) and export: docs/analyser.md. */
export const conceptExportQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
export const CONCEPT_IMPORT_COLUMNS = ['head', 'definition', 'terms', 'phrases'] as const;
