import { DOCUMENT_ACCEPT } from '@lexdesk/contract';
import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';

/** Drop files here, or choose them: several at once (issue 4 item 3). */
export function UploadZone({ onFiles, disabled = false }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <Box
      data-testid="upload-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) onFiles([...e.dataTransfer.files]);
      }}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 3,
        display: 'grid',
        justifyItems: 'center',
        gap: 1,
        textAlign: 'center',
      }}
    >
      <CloudUploadIcon color="action" fontSize="large" aria-hidden />
      <Typography>Drop documents here, or</Typography>
      <Button variant="contained" onClick={() => input.current?.click()} disabled={disabled}>
        Choose files
      </Button>
      <Typography variant="body2" color="text.secondary">
        .docx, .pdf, .txt, .html, .eml or .msg
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={DOCUMENT_ACCEPT}
        aria-label="Upload documents"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </Box>
  );
}
