import type { KnowledgeSearchHit } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { refusalText } from '../api/client.ts';
import { DataTable, pagedTableProps, usePaging, type DataTableColumn } from '../ui/DataTable.tsx';
import { ListPage } from '../ui/ListPage.tsx';
import { kbKeys, searchKnowledge } from './api.ts';

const columns: DataTableColumn<KnowledgeSearchHit>[] = [
  {
    key: 'article',
    header: 'Article',
    minWidth: 180,
    render: (hit) => (
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={`/node/${hit.node_id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {hit.title}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {hit.breadcrumb
            .filter((crumb) => crumb.id !== hit.node_id)
            .map((crumb) => crumb.title)
            .join(' › ')}
        </Typography>
      </Box>
    ),
  },
  {
    key: 'source',
    header: 'Found in',
    width: 160,
    hideOnMobile: true,
    render: (hit) =>
      hit.source === 'attachment' ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Attachment {hit.file_name}
        </Typography>
      ) : (
        <Typography variant="body2">Article</Typography>
      ),
  },
  {
    key: 'context',
    header: 'In context',
    minWidth: 200,
    render: (hit) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="kb-hit-context">
        {hit.left}{' '}
        <Box component="mark" sx={{ px: 0.5, borderRadius: 0.5, bgcolor: 'warning.light', color: 'common.black' }}>
          {hit.keyword}
        </Box>{' '}
        {hit.right}
      </Typography>
    ),
  },
];

/** The search (platform search index): each hit with the words around it, only what the user may see. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const paging = usePaging();
  const { setPageNo } = paging;
  useEffect(() => setPageNo(1), [q, setPageNo]);
  useEffect(() => {
    document.title = `Search: ${q} · Knowledge`;
  }, [q]);
  const results = useQuery({
    queryKey: kbKeys.search(q, paging.pageNo, paging.limits),
    queryFn: ({ signal }) => searchKnowledge(q, paging.pageNo, paging.limits, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      maxWidth={1100}
      title={q ? `Search: ${q}` : 'Search'}
      intro="Articles and their attachments whose words match, with the words around each hit."
    >
      {!q ? (
        <Typography color="text.secondary">Type words in the search box above and press Enter.</Typography>
      ) : (
        <DataTable
          label="Search results"
          columns={columns}
          getRowId={(hit) => `${hit.node_id}-${hit.attachment_id ?? 'a'}-${hit.left}-${hit.keyword}-${hit.right}`}
          emptyHint="Search finds whole words in titles, texts, keywords and attachments; put a phrase in quotes."
          {...pagedTableProps(paging, results)}
        />
      )}
      {results.isError && <Typography color="error">{refusalText(results.error)}</Typography>}
    </ListPage>
  );
}
