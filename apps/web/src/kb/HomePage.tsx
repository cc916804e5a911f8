import { KNOWLEDGE_ROLE_LABELS } from '@lexdesk/contract';
import LockIcon from '@mui/icons-material/LockOutlined';
import TopicIcon from '@mui/icons-material/TopicOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListPage } from '../ui/ListPage.tsx';
import { useMe } from './me.ts';
import { childrenByParent } from './tree.ts';
import { useTree } from './Tree.tsx';

/** The start page: the domains the user may see, with how many classes and articles each holds. */
export function HomePage() {
  const me = useMe();
  const tree = useTree();
  useEffect(() => {
    document.title = 'Knowledge · Lexdesk';
  }, []);
  const rows = useMemo(() => tree.data?.data ?? [], [tree.data]);
  const byParent = useMemo(() => childrenByParent(rows), [rows]);
  const count = (id: number): { classes: number; articles: number } => {
    let classes = 0;
    let articles = 0;
    for (const child of byParent.get(id) ?? []) {
      if (child.kind === 'instance') articles += 1;
      else {
        const below = count(child.id);
        classes += 1 + below.classes;
        articles += below.articles;
      }
    }
    return { classes, articles };
  };
  const domains = byParent.get(null) ?? [];
  return (
    <ListPage
      maxWidth={1100}
      title="Knowledge"
      intro={`${me.organisation}'s knowledge base. You are a ${KNOWLEDGE_ROLE_LABELS[me.knowledge_role].toLowerCase()}.`}
    >
      {tree.data && domains.length === 0 && (
        <Typography color="text.secondary">No domain is available to you yet.</Typography>
      )}
      <Box
        component="ul"
        aria-label="Domains"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
        }}
      >
        {domains.map((domain) => {
          const { classes, articles } = count(domain.id);
          return (
            <li key={domain.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={`/node/${domain.id}`} sx={{ height: '100%' }}>
                  <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <TopicIcon color="primary" />
                      <Typography variant="h2" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                        {domain.title}
                      </Typography>
                      {domain.restricted && <LockIcon fontSize="small" titleAccess="Restricted" />}
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {domain.shared ? 'Shared domain · ' : ''}
                      {classes} {classes === 1 ? 'class' : 'classes'}, {articles}{' '}
                      {articles === 1 ? 'article' : 'articles'}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </li>
          );
        })}
      </Box>
    </ListPage>
  );
}
