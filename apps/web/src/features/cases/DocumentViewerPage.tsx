import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { isApiError, refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { downloadFile } from '../../api/downloadFile.ts';
import { casePath } from './paths.ts';
import { fetchSolrDocument } from './api.ts';
import { FindDialog } from './FindDialog.tsx';
import { renderDocx, renderPdf } from './renderers.ts';
import './viewer.css';

/**
 * /view-document/editor/{id}[?search=term[&hit=n]]: the document rendered in the browser (.docx, .pdf; other
 * types as their extracted text), with a find dialog that opens by itself for a stored search term.
 */
export function DocumentViewerPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const storedTerm = params.get('search') ?? '';
  // A review's "View" (docs/analyser.md): the nth whole-word hit of the term, scrolled to and highlighted.
  const hit = Number(params.get('hit'));
  const initialHit = Number.isInteger(hit) && hit > 0 ? hit : undefined;
  const [findOpen, setFindOpen] = useState(storedTerm !== '');
  const [renderKey, setRenderKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(0);
  const [renderError, setRenderError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const meta = useQuery({
    queryKey: queryKeys.cases.solrDocument(id),
    queryFn: ({ signal }) => fetchSolrDocument(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  useDocumentTitle(meta.data?.name ?? 'Document');
  const doc = meta.data;

  useEffect(() => {
    const root = container.current;
    if (!doc || !root) return;
    let cancelled = false;
    const show = async () => {
      setProgress(0);
      setRenderError(null);
      if (doc.extension === 'docx' || doc.extension === 'pdf') {
        const { blob } = await downloadFile(`document/${doc.document_uid}/download/`, { onProgress: setProgress });
        if (cancelled) return;
        if (doc.extension === 'docx') await renderDocx(blob, root);
        else await renderPdf(await blob.arrayBuffer(), root);
      } else {
        const pre = document.createElement('pre');
        pre.className = 'extracted-text';
        pre.textContent = doc.text || 'No text was extracted from this document yet.';
        root.replaceChildren(pre);
      }
      if (!cancelled) {
        setProgress(null);
        setRenderKey((k) => k + 1);
      }
    };
    show().catch((error: unknown) => {
      if (cancelled) return;
      setProgress(null);
      setRenderError(
        isApiError(error)
          ? refusalText(error)
          : 'This document could not be displayed. Download it to open it on your computer.',
      );
    });
    return () => {
      cancelled = true;
    };
  }, [doc]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFindOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (isApiError(meta.error, 404) || !(Number.isInteger(id) && id > 0)) {
    return (
      <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
        <Typography variant="h1">Document not found</Typography>
        <Typography sx={{ mt: 2 }}>This document does not exist or you cannot open it.</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {doc && (
          <Button component={RouterLink} to={casePath(doc.case_id, 'documents')} startIcon={<ArrowBackIcon />}>
            {doc.case_title}
          </Button>
        )}
        {/* One line whatever the file name's length: cut with an ellipsis, the whole name on hover. */}
        <Typography variant="h1" noWrap title={doc?.name} sx={{ flex: '1 1 12rem', minWidth: 0, fontSize: '1.5rem' }}>
          {doc?.name ?? 'Document'}
        </Typography>
        <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => setFindOpen(true)}>
          Find
        </Button>
      </Box>
      {findOpen && (
        <FindDialog
          target={container}
          initialTerm={storedTerm}
          renderKey={renderKey}
          ready={progress === null || meta.isError}
          {...(initialHit ? { initialHit } : {})}
          onClose={() => setFindOpen(false)}
        />
      )}
      {meta.isError && !isApiError(meta.error, 404) && <Alert severity="error">{refusalText(meta.error)}</Alert>}
      {renderError && <Alert severity="error">{renderError}</Alert>}
      {progress !== null && !renderError && (
        <LinearProgress
          variant={progress > 0 ? 'determinate' : 'indeterminate'}
          value={progress}
          aria-label="Loading document"
        />
      )}
      <Paper
        variant="outlined"
        className="lexdesk-viewer"
        ref={container}
        data-testid="document-view"
        sx={{
          p: { xs: 1, sm: 2 },
          overflowX: 'auto',
          bgcolor: 'action.hover',
          '& pre.extracted-text': {
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            m: 0,
            fontFamily: 'inherit',
            bgcolor: 'background.paper',
            color: 'text.primary',
            p: 2,
          },
        }}
      />
    </Box>
  );
}
