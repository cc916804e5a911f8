import {
  CONCEPT_HEAD_REDIRECT_MS,
  CONCEPT_LIST_REDIRECT_MS,
  conceptMessages as M,
  type ConceptHeadInput,
} from '@lexdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { copyHeads, createList, updateHead, updateList, type UpdateScope } from './api.ts';
import type { DraftMode } from './draftSet.ts';
import { useConceptToasts } from './useConceptToasts.ts';

/** What a save sends; `wholeList` is a Copy Concept select-all whose heads are all still drafted. */
export interface SaveRequest {
  title: string;
  organisations: number[];
  users: number[];
  docTypeId: number | null;
  assignAll: boolean;
  concepts: ConceptHeadInput[];
  copiedIds: number[];
  wholeList: number | null;
  /** Admin on a list the super user created: title and users stay as they are (spec 03 §4). */
  keepTitleAndUsers: boolean;
  scope: UpdateScope;
}

/**
 * The save of each mode, then the way back to /concept-repo after 2.5 s (create, head) or 1.5 s (list), the
 * repository refreshed (spec 03 §4, §9). Copied heads follow by the copy call, with their parts.
 */
export function useConceptSave(
  mode: DraftMode,
  ids: { listId: number | null; headId: number | null },
  onCleared: () => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toasts = useConceptToasts();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const leaveAfter = (ms: number) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.analyser.all });
    timer.current = setTimeout(() => void navigate('/concept-repo'), ms);
  };
  const copyInto = async (target: number, request: SaveRequest) => {
    if (request.wholeList !== null) await copyHeads(target, { listId: request.wholeList });
    if (request.copiedIds.length > 0) await copyHeads(target, { headIds: request.copiedIds });
  };
  return useMutation({
    mutationFn: async (request: SaveRequest) => {
      if (mode === 'head') {
        const [head] = request.concepts;
        if (!head || ids.headId === null) throw new Error(M.headRequired);
        await updateHead(ids.headId, head, request.scope);
        return M.headUpdated;
      }
      const body = {
        concept_doc_id: request.docTypeId,
        organisationIDs: request.organisations,
        concepts: request.concepts,
        is_assigned_to_all: request.assignAll,
      };
      if (mode === 'create') {
        const created = await createList({ ...body, name: request.title.trim(), userIDs: request.users });
        await copyInto(created.ids.concept_list_id, request);
        return M.listAdded;
      }
      const named = request.keepTitleAndUsers ? body : { ...body, name: request.title.trim(), userIDs: request.users };
      const updated = await updateList(ids.listId ?? 0, named, request.scope);
      await copyInto(updated.id, request);
      return M.listUpdated;
    },
    onSuccess: (message) => {
      toasts.success(message);
      leaveAfter(mode === 'list' ? CONCEPT_LIST_REDIRECT_MS : CONCEPT_HEAD_REDIRECT_MS);
    },
    onError: (error) => {
      if (mode === 'head') return toasts.failure(error, M.headUpdateFailed);
      toasts.failure(error);
      // Spec 03 §8: a refused create clears the draft.
      if (mode === 'create') onCleared();
    },
  });
}
