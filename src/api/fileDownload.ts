/**
 * Files the API answers to a POST (a PKCS#12 or a key export): the body is read as bytes, not text, and the
 * browser saves it under the name of the answer's Content-Disposition. Secrets (the export password) travel in
 * the JSON body, never in a URL. Same XSRF header as the generic client; errors are the client's ApiError so the
 * one error handler shows them (field errors under their fields).
 */
import { ApiError, kindForStatus, transportMessages } from './errors';
import { readDocumentCookie } from './client';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_HOST_COOKIE } from '../shared/http';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export async function postForFile(url: string, body: unknown, fallbackName: string): Promise<DownloadedFile> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: '*/*' });
  const token = readDocumentCookie(XSRF_HOST_COOKIE) ?? readDocumentCookie(XSRF_COOKIE);
  if (token) headers.set(XSRF_HEADER, token);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError({ kind: 'network', message: transportMessages.network({}), url, method: 'POST' });
  }
  if (res.status >= 400) {
    const text = await res.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const kind = kindForStatus(res.status);
    throw new ApiError({
      kind,
      status: res.status,
      url,
      method: 'POST',
      data,
      ...(data === undefined ? { rawText: text } : {}),
      message: transportMessages[kind]({ status: res.status }),
    });
  }
  return {
    blob: await res.blob(),
    filename: attachmentName(res.headers.get('content-disposition')) ?? fallbackName,
  };
}

/** The file name of `Content-Disposition: attachment; filename="…"` (RFC 6266, plain or `filename*=UTF-8''`). */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      return null;
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : null;
}

/** Hands a blob to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
