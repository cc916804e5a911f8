import type { KnowledgeNode } from '@lexdesk/contract';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ListPage } from '../ui/ListPage.tsx';
import { exportPath, fetchNode, kbKeys } from './api.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { AttachmentsPanel } from './AttachmentsPanel.tsx';
import { ChildrenPanel } from './ChildrenPanel.tsx';
import { useMe } from './me.ts';
import { NodeMenu } from './NodeMenu.tsx';
import { Refusal } from './Refusal.tsx';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { StartingPage } from './EndedPage.tsx';
import { KIND_LABELS } from './tree.ts';
import { useKbDownload } from './useKbDownload.ts';

export function useNodeId(): number {
  const { id } = useParams();
  return Number(id);
}

export function useNode(id: number) {
  return useQuery({ queryKey: kbKeys.node(id), queryFn: ({ signal }) => fetchNode(id, signal) });
}

/** Where the node is: its ancestors as links, itself last. */
export function NodeBreadcrumb({ node, last }: { node: KnowledgeNode; last?: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ '& ol': { flexWrap: 'wrap' } }}>
      <Link component={RouterLink} to="/" underline="hover" color="inherit">
        Knowledge
      </Link>
      {node.breadcrumb
        .filter((crumb) => crumb.id !== node.id)
        .map((crumb) => (
          <Link key={crumb.id} component={RouterLink} to={`/node/${crumb.id}`} underline="hover" color="inherit">
            {crumb.title}
          </Link>
        ))}
      {last ? (
        <Link component={RouterLink} to={`/node/${node.id}`} underline="hover" color="inherit">
          {node.title}
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          {node.title}
        </Typography>
      )}
      {last && <Typography color="text.primary">{last}</Typography>}
    </Breadcrumbs>
  );
}

/** A domain, a class (what is inside) or an article (body, keywords, attachments, links, revisions). */
export function NodePage() {
  const id = useNodeId();
  const node = useNode(id);
  useEffect(() => {
    if (node.data) document.title = `${node.data.title} · Knowledge`;
  }, [node.data]);
  if (node.isError) return <Refusal error={node.error} />;
  if (!node.data) return <StartingPage />;
  return <Loaded key={id} node={node.data} />;
}

function Loaded({ node }: { node: KnowledgeNode }) {
  const me = useMe();
  const download = useKbDownload();
  const [exporting, setExporting] = useState(false);
  const article = node.kind === 'instance';
  const editable = article && me.can_edit && !(node.shared && !me.can_curate_shared);
  return (
    <ListPage
      maxWidth={960}
      breadcrumbs={<NodeBreadcrumb node={node} />}
      title={node.title}
      intro={
        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{KIND_LABELS[node.kind]}</span>
          {node.shared && <Chip size="small" label="Shared" variant="outlined" />}
          {node.restricted && <Chip size="small" icon={<LockIcon />} label="Restricted" variant="outlined" />}
        </Box>
      }
      actions={
        <>
          {editable && (
            <Button variant="contained" component={RouterLink} to={`/node/${node.id}/edit`} startIcon={<EditIcon />}>
              Edit
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={exporting}
            onClick={() => {
              setExporting(true);
              void download(exportPath(node.id)).finally(() => setExporting(false));
            }}
          >
            Export
          </Button>
          <NodeMenu node={node} />
        </>
      }
    >
      {article ? (
        <>
          <ArticleBody node={node} />
          <AttachmentsPanel node={node} editable={editable} />
          <RevisionsPanel node={node} editable={editable} />
        </>
      ) : (
        <ChildrenPanel node={node} />
      )}
    </ListPage>
  );
}
