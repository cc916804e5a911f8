import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useUploadQueue } from '../../ui/useUploadQueue.ts';
import { uploadDocument } from './api.ts';

/** Uploads files to a case with a progress bar each; the list refreshes as each one lands. */
export function useUploads(caseId: number) {
  const queryClient = useQueryClient();
  const upload = useCallback(
    (file: File, onProgress: (percent: number) => void) => uploadDocument(caseId, file, onProgress),
    [caseId],
  );
  const landed = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.cases.caseDocuments(caseId) });
    await queryClient.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) });
  }, [caseId, queryClient]);
  return useUploadQueue(upload, landed);
}
