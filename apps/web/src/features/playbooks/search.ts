import {
  playbookMessages as M,
  type PlaybookAdvanceSearchInput,
  type PlaybookTermHit,
  type PlaybookType,
} from '@lexdesk/contract';

/** The advanced search's fields as the form holds them ('' for unset). */
export interface AdvancedFields {
  name: string;
  playbook_type: PlaybookType | '';
  category_ids: number[];
  /** YYYY-MM-DD. */
  updated_from: string;
  updated_to: string;
}

export const EMPTY_ADVANCED: AdvancedFields = {
  name: '',
  playbook_type: '',
  category_ids: [],
  updated_from: '',
  updated_to: '',
};

/** POST playbook/advance-search/'s body: only the fields given, on the list's page. */
export function advancedBody(fields: AdvancedFields, pageNo: number, limits: number): PlaybookAdvanceSearchInput {
  const name = fields.name.trim();
  return {
    page_no: pageNo,
    limits,
    ...(name ? { name } : {}),
    ...(fields.playbook_type ? { playbook_type: fields.playbook_type } : {}),
    ...(fields.category_ids.length ? { category_ids: fields.category_ids } : {}),
    ...(fields.updated_from ? { updated_from: fields.updated_from } : {}),
    ...(fields.updated_to ? { updated_to: fields.updated_to } : {}),
  };
}

/** True when the advanced search asks for nothing (then the plain list shows). */
export const isEmptyAdvanced = (fields: AdvancedFields) =>
  !fields.name.trim() &&
  !fields.playbook_type &&
  !fields.category_ids.length &&
  !fields.updated_from &&
  !fields.updated_to;

/** What stops a term search: the type first (spec 01 §5 'Please select Playbook type'), then the words. */
export function termProblem(playbookType: PlaybookType | '', searchKey: string): string | null {
  if (!playbookType) return M.selectType;
  if (!searchKey.trim()) return M.searchKeyRequired;
  return null;
}

/** Where a hit was found, as the results name it: the entry's topic or the attachment's file name. */
export const hitSource = (hit: PlaybookTermHit) =>
  hit.source === 'entry' ? `Entry: ${hit.source_name}` : `Attachment: ${hit.source_name}`;

/** A stable row id for a hit (several hits may share a source). */
export const hitId = (hit: PlaybookTermHit, index: number) => `${hit.source}-${hit.source_id}-${index}`;
