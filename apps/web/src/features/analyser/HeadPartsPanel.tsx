import type { ConceptHead } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { AmendmentsDialog } from './AmendmentsDialog.tsx';
import { ClauseLibrary } from './ClauseLibrary.tsx';
import { ParentPartsEditor } from './ParentPartsEditor.tsx';
import { RULE_KIND, SCOPE_KIND } from './partKinds.ts';
import { ResponseLog } from './ResponseLog.tsx';

/** What only a head edit shows (spec 03 §2.1): Clause Library, Out of Scope, Rules and Amendments, Response Log. */
export function HeadPartsPanel({ head }: { head: ConceptHead }) {
  const [amending, setAmending] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ClauseLibrary headId={head.concept_id} />
      <ParentPartsEditor headId={head.concept_id} kind={SCOPE_KIND} />
      <ParentPartsEditor
        headId={head.concept_id}
        kind={RULE_KIND}
        extra={<Button onClick={() => setAmending(true)}>Amendments</Button>}
      />
      <ResponseLog headId={head.concept_id} />
      <AmendmentsDialog
        open={amending}
        heads={[{ id: head.concept_id, head: head.head }]}
        onClose={() => setAmending(false)}
      />
    </Box>
  );
}
