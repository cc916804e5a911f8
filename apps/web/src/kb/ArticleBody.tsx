import type { KnowledgeLink, KnowledgeNode } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateLong } from '../ui/dates.ts';
import { RichTextView } from '../ui/RichTextView.tsx';

const INTERNAL = /^\/kb(\/node\/\d+)\/?$/;

/**
 * Rich text of an article. Links to other articles (`/kb/node/{id}`) open here, in this tab's router; other
 * links open a new tab (RichTextView's rule).
 */
export function KbRichText({ html, label }: { html: string; label: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href') ?? '';
    const internal = INTERNAL.exec(href);
    if (!internal || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(internal[1]!);
  };
  return (
    <RichTextView
      html={html}
      onClick={follow}
      aria-label={label}
      role="region"
      sx={{ typography: 'body1', '& h1, & h2, & h3': { mt: 2, mb: 1 } }}
    />
  );
}

function Links({ title, links, empty }: { title: string; links: KnowledgeLink[]; empty: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {links.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {links.map((link) => (
            <li key={link.id}>
              <Link component={RouterLink} to={`/node/${link.id}`}>
                {link.title}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The article: who changed it last and when, its keywords, the text, and its links both ways. */
export function ArticleBody({ node }: { node: KnowledgeNode }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="kb-updated">
        Revision {node.revision} · updated by {node.updated_by ?? 'a former user'} on {formatDateLong(node.updated_at)}
      </Typography>
      {node.keywords.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label="Keywords" role="list">
          {node.keywords.map((keyword) => (
            <Chip key={keyword} label={keyword} size="small" role="listitem" />
          ))}
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {node.body ? (
          <KbRichText html={node.body} label="Article" />
        ) : (
          <Typography color="text.secondary">This article has no text yet.</Typography>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Links title="Links to" links={node.links_out} empty="This article links to no other article." />
        <Links title="Linked from" links={node.linked_from} empty="No other article links here." />
      </Box>
    </>
  );
}
