/** A view's POST-for-a-file (PKCS#12, key export) through the file download saga, and its outcome. */
import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { fileDownloadRequested, type FileDownload } from '../../../../store/slices/fileDownload.actions';
import { useAppDispatch, useAppSelector } from '../../../../store/createStore';
import { selectSaveStatus } from '../../../../store/slices/resources.slice';

export function useFileDownload() {
  const dispatch = useAppDispatch();
  const [requestId, setRequestId] = useState<string | null>(null);
  const status = useAppSelector(selectSaveStatus(requestId));
  const download = useCallback(
    (d: Omit<FileDownload, 'requestId'>) => {
      const id = nanoid();
      setRequestId(id);
      dispatch(fileDownloadRequested({ ...d, requestId: id }));
    },
    [dispatch],
  );
  return { download, status, pending: requestId !== null && status === undefined };
}
