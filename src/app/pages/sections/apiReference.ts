/** The API reference: a chunk of its own, so the help pages do not carry it. */
import type { RouteModule } from '../../routing/types';
import { API_REFERENCE_TITLE, ApiReferenceScreen } from '../help/ApiReferencePage';

export const routes: Record<string, RouteModule> = {
  apiReference: { Component: ApiReferenceScreen, handle: { title: API_REFERENCE_TITLE } },
};
