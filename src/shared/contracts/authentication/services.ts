/**
 * The services that sign people in (the console, SSH, the API) and their providers in fallback order
 * (`{api}authentication/services`).
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoint } from '../endpoint';
import { stringEnum } from '../fields';
import { listPage, listQuery } from '../listing';
import { PROVIDER_TYPES } from './providers';

/** The appliance services that authenticate people: the console, SSH and the API. */
export type ServiceId = 'console' | 'ssh' | 'api';

export const SERVICE_IDS = ['console', 'ssh', 'api'] as const;

/** A service and its providers in fallback order. */
export const authService = Type.Object({
  id: stringEnum(SERVICE_IDS),
  name: Type.String(),
  description: Type.String(),
  providers: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      type: stringEnum(PROVIDER_TYPES),
      enabled: Type.Boolean(),
    }),
  ),
});

export type AuthService = Static<typeof authService>;

export const serviceParams = Type.Object({ id: stringEnum(SERVICE_IDS) }, { additionalProperties: false });

/** `PUT {api}authentication/services/{id}`: the providers in fallback order. */
export const serviceBody = Type.Object(
  { provider_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 32 }) },
  { additionalProperties: false },
);

export type ServiceBody = Static<typeof serviceBody>;

export const servicesQuery = listQuery(['name', 'providers']);

export const putService = endpoint({
  method: 'PUT',
  path: 'authentication/services/:id',
  params: serviceParams,
  body: serviceBody,
  response: authService,
  summary: 'Set the providers of a service, in fallback order',
});

export const listServices = endpoint({
  method: 'GET',
  path: 'authentication/services',
  query: servicesQuery,
  response: listPage(authService),
  summary: 'The services that authenticate people, with their providers in fallback order',
});

export const getService = endpoint({
  method: 'GET',
  path: 'authentication/services/:id',
  params: serviceParams,
  response: authService,
  summary: 'A service and its providers in fallback order',
});
