import { playbookMessages as M, type PlaybookDetail, type PlaybookExportFormat } from '@lexdesk/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/EditOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PublishIcon from '@mui/icons-material/PublishOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError, refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { PageSpinner } from '../../app/PageSpinner.tsx';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import {
  attachmentPath,
  duplicatePlaybook,
  exportBody,
  exportPath,
  fetchPlaybook,
  fetchPreview,
  publishPlaybook,
} from './api.ts';
import { idOf, PLAYBOOK_LIST_PATH, playbookEditPath } from './paths.ts';
import { PlaybookDocument } from './PlaybookDocument.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { useCopyPlaybookLink } from './useCopyPlaybookLink.ts';
import { defaultVersion, versionOf, versionOptions, type VersionChoice } from './versions.ts';

const EXPORTS: { format: PlaybookExportFormat; label: string }[] = [
  { format: 'docx', label: 'Word (.docx)' },
  { format: 'pdf', label: 'PDF (.pdf)' },
  { format: 'json', label: 'Playbook package (.json)' },
];

/** /my-playbook/playbook/{id}: the playbook as one document, a draft or any version, and what may be done with it. */
export function PlaybookViewPage() {
  const id = idOf(useParams().id);
  const detail = useQuery({
    queryKey: queryKeys.playbooks.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPlaybook(id ?? 0, signal),
    enabled: id !== null,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
  useDocumentTitle(detail.data?.name ?? 'Playbook');
  // A playbook the user may not see (another organisation's, or none) answers the app's not-found page.
  if (id === null || isApiError(detail.error, 404)) return <Navigate to="/404" replace />;
  if (detail.isError) return <Typography color="error">{refusalText(detail.error)}</Typography>;
  if (!detail.data) return <PageSpinner />;
  return <PlaybookView key={id} detail={detail.data} />;
}

function PlaybookView({ detail }: { detail: PlaybookDetail }) {
  const session = useRequiredSession();
  const staff = session.role === 'super' || session.role === 'admin';
  const editable = staff && detail.is_own;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const copyLink = useCopyPlaybookLink();
  const download = useDownload();
  const [choice, setChoice] = useState<VersionChoice>(() => defaultVersion(detail));
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [sharing, setSharing] = useState(false);
  const version = versionOf(choice);
  const preview = useQuery({
    queryKey: queryKeys.playbooks.preview(detail.id, version),
    queryFn: ({ signal }) => fetchPreview(detail.id, version, signal),
    placeholderData: keepPreviousData,
  });
  const duplicate = useMutation({
    mutationFn: () => duplicatePlaybook(detail.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.duplicated, { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.all });
      void navigate(playbookEditPath(answer.id));
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const publish = useMutation({
    mutationFn: () => publishPlaybook(detail.id),
    onSuccess: async (answer) => {
      enqueueSnackbar(M.published(answer.version), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.playbooks.all });
      setChoice(`${answer.version}`);
    },
    onError: (error) => enqueueSnackbar(refusalText(error), { variant: 'error' }),
  });
  const exportAs = (format: PlaybookExportFormat) => {
    setExportAnchor(null);
    void download.start(exportPath(detail.id), {}, undefined, exportBody(format, version));
  };

  return (
    <ListPage
      title={detail.name}
      intro={`${detail.playbook_type}${detail.is_own ? '' : ' · shared with your organisation (read-only)'}`}
      maxWidth={1040}
      back={
        <IconButton component={RouterLink} to={PLAYBOOK_LIST_PATH} aria-label="Back to My Playbook">
          <ArrowBackIcon />
        </IconButton>
      }
      actions={
        <>
          {editable && (
            <Button
              variant="contained"
              startIcon={<EditIcon />}
              component={RouterLink}
              to={playbookEditPath(detail.id)}
            >
              Edit
            </Button>
          )}
          {editable && (
            <Button
              startIcon={<PublishIcon />}
              onClick={() => publish.mutate()}
              disabled={publish.isPending || !detail.has_unpublished_changes}
            >
              Publish
            </Button>
          )}
          <Button
            startIcon={<DownloadIcon />}
            aria-haspopup="menu"
            aria-expanded={exportAnchor !== null}
            onClick={(event) => setExportAnchor(event.currentTarget)}
          >
            Export
          </Button>
          {staff && (
            <Button onClick={() => duplicate.mutate()} disabled={duplicate.isPending}>
              Duplicate
            </Button>
          )}
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copyLink(detail.id)}>
            Copy link
          </Button>
          {session.role === 'super' && detail.is_own && (
            <Button startIcon={<ShareIcon />} onClick={() => setSharing(true)}>
              Share
            </Button>
          )}
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Version"
          value={choice}
          onChange={(event) => setChoice(event.target.value as VersionChoice)}
          // Wide enough for "Version N · date time · publisher" without cutting the name.
          sx={{ width: { xs: '100%', sm: 440 } }}
        >
          {versionOptions(detail).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        {detail.created_by && (
          <Typography variant="body2" color="text.secondary">
            Created by {detail.created_by}
          </Typography>
        )}
      </Box>
      {choice === 'draft' && detail.current_version !== null && detail.has_unpublished_changes && (
        <Alert severity="info">
          This is the draft: it has changes that are not in version {detail.current_version} yet.
        </Alert>
      )}
      {preview.isFetching && preview.data && <LinearProgress aria-label="Loading version" />}
      {preview.isError ? (
        <Typography color="error">{refusalText(preview.error)}</Typography>
      ) : preview.data ? (
        <PlaybookDocument
          content={preview.data.content}
          onAttachment={(attachment) => void download.start(attachmentPath(attachment.id), {}, attachment.file_name)}
        />
      ) : (
        <PageSpinner minHeight={240} />
      )}
      <Menu anchorEl={exportAnchor} open={exportAnchor !== null} onClose={() => setExportAnchor(null)}>
        {EXPORTS.map((option) => (
          <MenuItem key={option.format} onClick={() => exportAs(option.format)}>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
      {sharing && <ShareDialog playbookId={detail.id} name={detail.name} onClose={() => setSharing(false)} />}
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </ListPage>
  );
}
