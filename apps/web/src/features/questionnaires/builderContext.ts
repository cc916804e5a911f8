import type { Category } from '@lexdesk/contract';
import { createContext, useContext } from 'react';

export interface BuilderContextValue {
  categories: readonly Category[];
  /** Ids of the questions of the form being edited: they cannot be reused in its own branches. */
  ownIds: ReadonlySet<number>;
}

export const BuilderContext = createContext<BuilderContextValue>({ categories: [], ownIds: new Set() });

export const useBuilder = () => useContext(BuilderContext);
