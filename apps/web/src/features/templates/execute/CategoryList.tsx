import { TEMPLATE_LIMITS, type TemplateCategory } from '@lexdesk/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { cutLabel } from './answers.ts';

/** The left list: long names cut with an ellipsis, the full name as the hover title; a click jumps to its page. */
export function CategoryList({
  categories,
  current,
  onSelect,
}: {
  categories: readonly TemplateCategory[];
  current: number | null;
  onSelect: (categoryId: number) => void;
}) {
  return (
    <Paper variant="outlined" component="nav" aria-label="Categories" sx={{ alignSelf: 'start' }}>
      <List dense disablePadding>
        {categories.map((c) => (
          <ListItem key={c.id} disablePadding>
            <ListItemButton selected={c.id === current} onClick={() => onSelect(c.id)} title={c.name}>
              <ListItemText primary={cutLabel(c.name, TEMPLATE_LIMITS.categoryLabel)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
