import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { KnowledgeApp } from './KnowledgeApp.tsx';
import { startSession } from './session.ts';

// The knowledge application (issue 17): its own entry (kb.html), its own bundle, its own API base and token.
void startSession();
const root = document.getElementById('root');
if (!root) throw new Error('kb.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <KnowledgeApp />
  </StrictMode>,
);
