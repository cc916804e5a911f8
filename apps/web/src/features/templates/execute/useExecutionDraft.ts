import { templateMessages as M, type Answer } from '@lexdesk/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, refusalText } from '../../../api/client.ts';
import { discardDraft, saveDraft } from '../api.ts';

/** How long typing pauses before the answers are saved as a draft. */
const AUTOSAVE_DELAY_MS = 500;

interface DraftOptions {
  templateId: number;
  /** The answers as the server takes them (recomputed when the answers change). */
  data: Answer[];
  readOnly: boolean;
  /** The round of answers the screen opened in (GET query/{id}/ draft_round). */
  round: number;
  /** When the answers the screen opened with were saved: set when a draft was restored. */
  restoredAt: string | null;
}

/**
 * The execution screen's draft: answers are saved as the user goes (a reload loses nothing), each save naming
 * its round. Submit stops the pending save and moves to the next round, so an old draft never comes back
 * (the server refuses a save of a finished round whatever the timing). A restored draft is announced.
 */
export function useExecutionDraft({ templateId, data, readOnly, round: initialRound, restoredAt }: DraftOptions) {
  const [status, setStatus] = useState('');
  const [restored, setRestored] = useState(restoredAt);
  const round = useRef(initialRound);
  const dirty = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelPending = useCallback(() => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
  }, []);

  useEffect(() => {
    if (readOnly || !dirty.current) return;
    const forRound = round.current;
    pending.current = setTimeout(() => {
      pending.current = null;
      setStatus('Saving draft…');
      saveDraft(templateId, data, forRound)
        .then(() => setStatus(M.draftSaved))
        // A save that lost the race with Submit is refused on purpose: the new round starts empty.
        .catch((error: unknown) => setStatus(isApiError(error, 409) ? '' : refusalText(error)));
    }, AUTOSAVE_DELAY_MS);
    return cancelPending;
  }, [data, templateId, readOnly, cancelPending]);

  return {
    status,
    /** When the restored draft was saved, until the user starts again or submits. */
    restoredAt: restored,
    /** An answer changed: save it soon. */
    changed: () => {
      dirty.current = true;
    },
    /** Before the document is generated: no save of these answers may follow. */
    beforeSubmit: () => {
      cancelPending();
      dirty.current = false;
    },
    /** The document was generated: the answers from now on are the next round's. */
    submitted: (nextRound: number) => {
      round.current = nextRound;
      setRestored(null);
      setStatus('');
    },
    /** "Start again" and Cancel: the saved draft is discarded. */
    discard: async () => {
      cancelPending();
      dirty.current = false;
      await discardDraft(templateId);
      setRestored(null);
      setStatus('');
    },
  };
}
