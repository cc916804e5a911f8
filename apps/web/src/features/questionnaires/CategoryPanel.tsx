import { questionnaireMessages as M, type Category } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSession } from '../../app/session/useSession.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { createCategory, deleteCategory, updateCategory } from './api.ts';
import { CategoryNameDialog } from './CategoryDialogs.tsx';
import { useToasts } from './toasts.ts';

/** Long category names are cut in the dropdown; the full name is the hover title. */
const LABEL_MAX = 60;
const cut = (name: string) => (name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name);

interface CategoryPanelProps {
  categories: readonly Category[];
  value: number | null;
  onChange: (categoryId: number | null) => void;
  /** Add / edit / delete are hidden while editing an existing questionnaire (spec 02 §2.4). */
  showActions: boolean;
}

/** The Category dropdown of the builder with its add, edit and delete actions. */
export function CategoryPanel({ categories, value, onChange, showActions }: CategoryPanelProps) {
  const session = useSession();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'add' | 'update' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const current = categories.find((c) => c.category_id === value) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires.categories });

  const save = useMutation({
    mutationFn: (name: string) =>
      mode === 'update' && current
        ? updateCategory(current.category_id, name)
        : createCategory(session?.userId ?? 0, name),
    onSuccess: async (saved) => {
      toasts.success(saved.detail);
      setMode(null);
      await refresh();
      onChange(saved.category_id);
    },
    onError: toasts.failure,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: async () => {
      toasts.success(M.categoryDeleted);
      setDeleting(false);
      onChange(null);
      await refresh();
    },
    onError: (error) => {
      setDeleting(false);
      toasts.failure(error);
    },
  });
  const needCategory = (then: () => void) => () => (current ? then() : toasts.problem(M.noCategoryChosen));

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flex: { xs: '1 1 100%', md: '1 1 0' }, minWidth: 0 }}>
      <TextField
        select
        size="small"
        label="Category"
        value={current ? current.category_id : ''}
        onChange={(event) => onChange(Number(event.target.value))}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ select: { renderValue: () => (current ? cut(current.category_name) : '') } }}
      >
        {categories.length === 0 && (
          <MenuItem value="" disabled>
            {M.noRecords}
          </MenuItem>
        )}
        {categories.map((category) => (
          <MenuItem key={category.category_id} value={category.category_id} title={category.category_name}>
            {cut(category.category_name)}
          </MenuItem>
        ))}
      </TextField>
      {showActions && (
        <>
          <Tooltip title="Add category">
            <IconButton aria-label="Add category" onClick={() => setMode('add')}>
              <AddIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Edit category">
            <IconButton aria-label="Edit category" onClick={needCategory(() => setMode('update'))}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete category">
            <IconButton aria-label="Delete category" onClick={needCategory(() => setDeleting(true))}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      <CategoryNameDialog
        mode={mode}
        initialName={mode === 'update' ? (current?.category_name ?? '') : ''}
        busy={save.isPending}
        onSave={(name) => save.mutate(name)}
        onClose={() => setMode(null)}
        onProblem={toasts.problem}
      />
      <ConfirmDialog
        open={deleting}
        item="category"
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => current && remove.mutate(current.category_id)}
      />
    </Box>
  );
}
