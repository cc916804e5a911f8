import { templateMessages as M } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ListPage } from '../../ui/ListPage.tsx';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { exportQuestionnairePackage, fetchCategories } from './exportsApi.ts';
import { useDocumentDownload } from './useDocumentDownload.tsx';

/** /export-questionaries (super): export the questionnaires of chosen categories as one package. */
export function ExportQuestionnairesPage() {
  useDocumentTitle('Export Questionnaires');
  const { enqueueSnackbar } = useSnackbar();
  const download = useDocumentDownload();
  const categories = useQuery({ queryKey: queryKeys.templates.exportCategories, queryFn: fetchCategories });
  const [chosen, setChosen] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    if (chosen.length === 0) return setProblem(M.chooseCategories);
    setProblem(null);
    try {
      const saved = await exportQuestionnairePackage(chosen);
      enqueueSnackbar(`${saved.detail}: ${saved.summary}`, { variant: 'success' });
      await download.start(saved.file_path);
    } catch (error) {
      setProblem(refusalText(error));
    }
  };
  return (
    <ListPage title="Export Questionnaires" maxWidth={900}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
        {categories.isLoading && <Skeleton variant="rounded" height={80} />}
        {categories.data?.data.length === 0 && <Typography>{M.noRecords}</Typography>}
        {(categories.data?.data ?? []).map((c) => (
          <FormControlLabel
            key={c.category_id}
            label={c.category_name}
            control={
              <Checkbox
                checked={chosen.includes(c.category_id)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, c.category_id] : chosen.filter((id) => id !== c.category_id))
                }
              />
            }
          />
        ))}
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button variant="contained" sx={{ justifySelf: 'start' }} onClick={() => void submit()}>
          Export
        </Button>
      </Paper>
      {download.dialog}
    </ListPage>
  );
}
