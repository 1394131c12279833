/** A view's POST-for-a-file (PKCS#12, key export) through the file download saga, and its outcome. */
import { nanoid } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { fileDownloadRequested, type FileDownload } from '../../../../store/slices/fileDownload.actions';
import { useAppDispatch, useAppSelector } from '../../../../store/createStore';
import { selectSaveStatus, type WriteEndpoint } from '../../../../store/slices/resources.slice';
import { pathOf, type BodyOf, type ParamsOf } from '../../../../shared/contracts/endpoint';

/** A download described by its endpoint: the params fill its path in, the body is the endpoint's. */
export type EndpointDownload<E extends WriteEndpoint> = {
  endpoint: E;
  body: BodyOf<E>;
  filename: string;
} & (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> });

export function useFileDownload() {
  const dispatch = useAppDispatch();
  const [requestId, setRequestId] = useState<string | null>(null);
  const status = useAppSelector(selectSaveStatus(requestId));
  const download = useCallback(
    <E extends WriteEndpoint>(d: EndpointDownload<E>) => {
      const id = nanoid();
      setRequestId(id);
      const { endpoint, params, body, filename } = d as EndpointDownload<WriteEndpoint> & {
        params?: Record<string, unknown>;
      };
      const download: FileDownload = { path: pathOf(endpoint, params), body, filename, requestId: id };
      dispatch(fileDownloadRequested(download));
    },
    [dispatch],
  );
  return { download, status, pending: requestId !== null && status === undefined };
}
