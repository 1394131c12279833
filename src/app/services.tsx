/**
 * The app's services, created once by the entry (the browser's `client.tsx`, or `server/render.tsx` per request)
 * and handed both to the saga context and, through this provider, to the views that start machines. No view builds
 * a client of its own: tests and stories pass their fakes to the provider.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';

export interface Services {
  /** The one HTTP client (XSRF header, retry policy, transport errors). */
  api: ApiClient;
  /** The page's origin: redirects are checked against it; the identity client is built from it on first use. */
  origin: string;
  /** The fetch the identity SDK uses (tests pass their own); the global fetch otherwise. */
  fetch?: typeof fetch;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices: no ServicesProvider above this component');
  return services;
}
