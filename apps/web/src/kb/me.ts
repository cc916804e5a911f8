import type { KnowledgeMe } from '@lexdesk/contract';
import { createContext, useContext } from 'react';

export const MeContext = createContext<KnowledgeMe | null>(null);

/** The signed-in knowledge user (pages render only inside the layout, which has one). */
export function useMe(): KnowledgeMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the knowledge layout');
  return me;
}
