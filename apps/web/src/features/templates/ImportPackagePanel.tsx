import { templateMessages as M } from '@lexdesk/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { refusalText } from '../../api/client.ts';
import { FileChooserButton } from '../../ui/FileChooserButton.tsx';
import { fetchOrganisationOptions, importPackage } from './exportsApi.ts';

/** Import a package (.zip) into a chosen organisation: its questionnaires, then its templates. */
export function ImportPackagePanel() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const organisations = useQuery({
    queryKey: queryKeys.organisationOptions,
    queryFn: fetchOrganisationOptions,
  });
  const [organisationId, setOrganisationId] = useState<number | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    if (organisationId === '') return setProblem(M.chooseOrganisation);
    if (!file) return setProblem(M.packageInvalid);
    setProblem(null);
    setProgress(0);
    try {
      const saved = await importPackage(organisationId, file, setProgress);
      enqueueSnackbar(`${saved.detail}: ${saved.summary}`, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.templates.all });
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} component="section" aria-labelledby="import-title">
      <Typography variant="h2" id="import-title" sx={{ fontSize: '1.15rem' }}>
        Import a package
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Organisation"
          value={organisationId}
          onChange={(e) => setOrganisationId(Number(e.target.value))}
          sx={{ minWidth: 220 }}
        >
          {(organisations.data?.data ?? []).map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <FileChooserButton ariaLabel="Package file" accept=".zip,application/zip" onChoose={setFile}>
          {file ? file.name : 'Choose package (.zip)'}
        </FileChooserButton>
        <Button variant="contained" onClick={() => void submit()} disabled={progress !== null}>
          Import
        </Button>
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Import progress" />}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Paper>
  );
}
