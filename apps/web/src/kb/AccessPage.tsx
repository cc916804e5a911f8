import { useEffect } from 'react';
import { ListPage } from '../ui/ListPage.tsx';
import { EffectiveAccess } from './EffectiveAccess.tsx';
import { RulesEditor } from './RulesEditor.tsx';

/** Admins: the organisation's rules per node (inherited down the tree) and why a user can or cannot see a node. */
export function AccessPage() {
  useEffect(() => {
    document.title = 'Access · Knowledge';
  }, []);
  return (
    <ListPage
      maxWidth={1100}
      title="Access"
      intro="A rule on a node holds for everything below it, and a restriction is never lifted further down. Restricted nodes are seen only by users with the restricted-data flag."
      gap={4}
    >
      <RulesEditor />
      <EffectiveAccess />
    </ListPage>
  );
}
