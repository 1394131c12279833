/**
 * A test double of the API client from per-verb fakes (`get`, `post`, …): every request, `api.call`'s included,
 * reaches the fake of its method with the query folded into the URL (`/api/auth/login?return_to=%2Flogs`) and the
 * body as the client would send it (a form endpoint's `URLSearchParams`). A verb left out fails the request.
 */
import { withCall, type ApiClient, type ApiResponse, type RequestOptions } from '../../src/api/client';

type Verbs = Partial<Pick<ApiClient, 'get' | 'post' | 'put' | 'patch' | 'delete'>>;

export function verbClient(verbs: Verbs): ApiClient {
  const missing = (method: string, url: string) => Promise.reject(new Error(`unexpected ${method} ${url}`));
  const request = <T>(url: string, o: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const method = o.method ?? 'GET';
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const target = search.size ? `${url}?${search}` : url;
    const { body, ...rest } = o;
    switch (method) {
      case 'GET':
        return verbs.get ? verbs.get<T>(target, rest) : missing(method, target);
      case 'POST':
        return verbs.post ? verbs.post<T>(target, body, rest) : missing(method, target);
      case 'PUT':
        return verbs.put ? verbs.put<T>(target, body, rest) : missing(method, target);
      case 'PATCH':
        return verbs.patch ? verbs.patch<T>(target, body, rest) : missing(method, target);
      case 'DELETE':
        return verbs.delete ? verbs.delete<T>(target, rest) : missing(method, target);
      default:
        return missing(method, target);
    }
  };
  const fail = (url: string) => missing('?', url);
  return withCall({
    request,
    get: verbs.get ?? fail,
    post: verbs.post ?? fail,
    put: verbs.put ?? fail,
    patch: verbs.patch ?? fail,
    delete: verbs.delete ?? fail,
  });
}
