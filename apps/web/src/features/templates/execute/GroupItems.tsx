import { QUESTIONNAIRE_LIMITS, type Answer, type QuestionView } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { movedItem, withoutItem, withItemField } from './group-items.ts';

interface GroupItemsProps {
  question: QuestionView;
  answer: Answer;
  readOnly: boolean;
  labelId: string;
  set: (patch: Partial<Answer>) => void;
}

/**
 * A repeating group's items (issue 30 item 4): one row of text fields per item, in order, with buttons to move
 * an item up or down and to remove it, and "Add item" below. The fields are the group's, in the builder's order.
 */
export function GroupItems({ question, answer, readOnly, labelId, set }: GroupItemsProps) {
  const items = answer.items;
  const full = items.length >= QUESTIONNAIRE_LIMITS.groupItems;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No items yet.
        </Typography>
      )}
      <Box component="ol" aria-labelledby={labelId} sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <Box
              component="li"
              // Items have no identity but their place: the order is what the user edits.
              key={index}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, display: 'grid', gap: 1 }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
                  Item {n}
                </Typography>
                {!readOnly && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Move item ${n} up`}
                      disabled={index === 0}
                      onClick={() => set({ items: movedItem(items, index, -1) })}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Move item ${n} down`}
                      disabled={index === items.length - 1}
                      onClick={() => set({ items: movedItem(items, index, 1) })}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Remove item ${n}`}
                      onClick={() => set({ items: withoutItem(items, index) })}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {question.fields.map((field) => (
                  <TextField
                    key={field.tag}
                    size="small"
                    label={field.label}
                    value={item[field.tag] ?? ''}
                    onChange={(e) => set({ items: withItemField(items, index, field.tag, e.target.value) })}
                    slotProps={{ htmlInput: { 'aria-label': `${field.label} ${n}`, readOnly } }}
                    sx={{ flex: '1 1 12rem', minWidth: 0 }}
                  />
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
      {!readOnly && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ justifySelf: 'start' }}
          disabled={full}
          onClick={() => set({ items: [...items, {}] })}
        >
          Add item
        </Button>
      )}
      {full && (
        <Typography variant="body2" color="text.secondary">
          A repeating group can have at most {QUESTIONNAIRE_LIMITS.groupItems} items.
        </Typography>
      )}
    </Box>
  );
}
