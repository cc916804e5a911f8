import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { landingFor } from '../../app/routes.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { openKnowledgeHere } from './api.ts';

/**
 * /knowledge (spec 01 §2): hands over to the knowledge application in this tab, only for a user with neither the
 * Case nor the Precedents permission; anyone else goes to their landing page (they open Knowledge from the menu).
 */
export function KnowledgeHandoverPage() {
  const session = useRequiredSession();
  const handsOver = !session.modules.case_permission && !session.modules.precedent_permission;
  const [refusal, setRefusal] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!handsOver || started.current) return;
    started.current = true;
    openKnowledgeHere().catch((error: unknown) => setRefusal(refusalText(error)));
  }, [handsOver]);
  if (!handsOver) return <Navigate to={landingFor(session)} replace />;
  return (
    <ListPage title="Knowledge" maxWidth={720}>
      {refusal ? (
        <Alert severity="warning" role="alert">
          {refusal}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }} role="status" aria-label="Opening Knowledge">
          <CircularProgress />
        </Box>
      )}
    </ListPage>
  );
}
