import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { fetchHead, fetchListDetail } from './api.ts';
import { ConceptEditor } from './ConceptEditor.tsx';
import { modeOf } from './editorModel.ts';

const TITLES = { create: 'Create', list: 'Edit', head: 'Edit concept head', view: 'View' } as const;

/** /concept-repo-create: create, edit a list, edit one head, or view read-only, chosen by the query (spec 03 §2.1). */
export function ConceptEditPage() {
  const [query] = useSearchParams();
  const { mode, listId, headId } = modeOf(query);
  useDocumentTitle(`Concept List ${TITLES[mode]}`);
  const head = useQuery({
    queryKey: queryKeys.analyser.head(headId ?? 0),
    queryFn: () => fetchHead(headId ?? 0),
    enabled: headId !== null,
  });
  const wantedList = listId ?? head.data?.concept_list_id ?? null;
  const list = useQuery({
    queryKey: queryKeys.analyser.list(wantedList ?? 0),
    queryFn: () => fetchListDetail(wantedList ?? 0),
    enabled: wantedList !== null,
  });
  const failed = head.error ?? list.error;
  const ready = (headId === null || head.data) && (wantedList === null || list.data);
  return (
    <ListPage
      title={TITLES[mode] === 'Create' ? 'Concept List' : (list.data?.concept_list ?? 'Concept List')}
      maxWidth={1100}
      breadcrumbs={
        <Breadcrumbs aria-label="Breadcrumb">
          <Link component={RouterLink} to="/concept-repo" underline="hover" color="inherit">
            Concept List
          </Link>
          <Typography color="text.primary">{TITLES[mode]}</Typography>
        </Breadcrumbs>
      }
    >
      {failed ? (
        <Alert severity="error">{refusalText(failed)}</Alert>
      ) : ready ? (
        <ConceptEditor
          key={`${mode}-${listId ?? ''}-${headId ?? ''}`}
          start={{ mode, list: list.data ?? null, head: head.data ?? null }}
        />
      ) : (
        <LinearProgress aria-label="Loading" />
      )}
    </ListPage>
  );
}
