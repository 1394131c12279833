/**
 * `file download requested` (sagas/fileDownload.saga.ts): POST a JSON body to an API path whose answer is a file and
 * save it; the outcome lands in the resources slice's save map under `requestId`. Views send this; they never import
 * the saga.
 */
import { createAction, nanoid } from '@reduxjs/toolkit';

export interface FileDownload {
  requestId: string;
  /** Path under the API base. */
  path: string;
  body: unknown;
  /** Used when the answer names no file. */
  filename: string;
}

export const fileDownloadRequested = createAction(
  'resources/fileDownloadRequested',
  (download: Omit<FileDownload, 'requestId'> & { requestId?: string }) => ({
    payload: { ...download, requestId: download.requestId ?? nanoid() },
  }),
);
