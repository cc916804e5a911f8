import { useNavigate } from 'react-router';
import { createPath } from './api.ts';

/**
 * A head-part write answers the head it now belongs to: after an admin's first edit of a shared list that is
 * their organisation's own copy (docs/analyser.md), so the page continues on it.
 */
export function useHeadMove(headId: number) {
  const navigate = useNavigate();
  return (answer: unknown) => {
    const moved = (answer as { concept_id?: number } | null)?.concept_id;
    if (moved && moved !== headId) void navigate(createPath({ conceptID: moved }), { replace: true });
  };
}
