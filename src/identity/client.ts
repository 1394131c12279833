/**
 * The identity client: the identity API's own SDK (`@ory/client-fetch` FrontendApi) pointed at the identity base,
 * with cookies included and JSON negotiated (a browser request without `Accept: application/json` would get
 * redirects instead of flows). The actors the flow machines need are built here; failures become
 * `IdentityApiError {status, body}` so the machines can classify them. Only the identity flow pages import this
 * module (it is a chunk of its own), never the local login screen.
 */
import { Configuration, FrontendApi, ResponseError, type InitOverrideFunction } from '@ory/client-fetch';
import { fromPromise } from 'xstate';
import { buildBody } from './flow';
import type {
  FlowKind,
  IdentityApiError,
  IdentityFlow,
  LoadFlowInput,
  SubmitFlowInput,
  SubmitResult,
} from './flow';
import type { FlowErrorContainer } from './flow';

export function createIdentityApi(
  identityBase: string,
  origin: string,
  fetchApi?: typeof fetch,
): FrontendApi {
  const basePath = new URL(identityBase.replace(/\/+$/, ''), origin).toString().replace(/\/+$/, '');
  return new FrontendApi(
    new Configuration({
      basePath,
      credentials: 'include',
      headers: { Accept: 'application/json' },
      ...(fetchApi ? { fetchApi } : {}),
    }),
  );
}

/** Turns anything the SDK throws into an IdentityApiError (status 0 = no response). */
export async function toIdentityError(e: unknown): Promise<IdentityApiError> {
  if (e instanceof ResponseError) {
    const body: unknown = await e.response.json().catch(() => null);
    return { status: e.response.status, body };
  }
  return { status: 0, body: null };
}

/**
 * The SDK maps the body through its typed model; the flow's generic values are sent as they are instead, so a
 * real identity service's extra fields survive. The SDK serialises this object as JSON itself.
 */
const rawJsonBody =
  (body: Record<string, unknown>): InitOverrideFunction =>
  async ({ init }) => ({ ...init, body: body as unknown as BodyInit });

async function wireFlow(res: { raw: Response }): Promise<IdentityFlow> {
  return (await res.raw.json()) as IdentityFlow;
}

/** Spec §7: a `token` query parameter of the page goes with the flow's load as a bearer authorization. */
const bearer = (token: string | undefined): InitOverrideFunction | undefined =>
  token
    ? async ({ init }) => ({
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
      })
    : undefined;

export function loadFlow(
  api: FrontendApi,
  { kind, flowId, returnTo, token }: LoadFlowInput,
): Promise<IdentityFlow> {
  const create = { returnTo };
  const byId = { id: flowId ?? '' };
  const auth = bearer(token);
  switch (kind) {
    case 'login':
      return (flowId ? api.getLoginFlowRaw(byId, auth) : api.createBrowserLoginFlowRaw(create, auth)).then(
        wireFlow,
      );
    case 'registration':
      return (
        flowId ? api.getRegistrationFlowRaw(byId, auth) : api.createBrowserRegistrationFlowRaw(create, auth)
      ).then(wireFlow);
    case 'recovery':
      return (
        flowId ? api.getRecoveryFlowRaw(byId, auth) : api.createBrowserRecoveryFlowRaw(create, auth)
      ).then(wireFlow);
    case 'verification':
      return (
        flowId ? api.getVerificationFlowRaw(byId, auth) : api.createBrowserVerificationFlowRaw(create, auth)
      ).then(wireFlow);
    case 'settings':
      return (
        flowId ? api.getSettingsFlowRaw(byId, auth) : api.createBrowserSettingsFlowRaw(create, auth)
      ).then(wireFlow);
  }
}

/** Body placeholders: the real body is the flow's values (see rawJsonBody); the SDK only needs its `method`. */
const placeholder = (body: Record<string, unknown>) => body as never;

export async function submitFlow(
  api: FrontendApi,
  { kind, flow, values }: SubmitFlowInput,
): Promise<SubmitResult> {
  const body = buildBody(flow.ui, values);
  const init = rawJsonBody(body);
  const id = flow.id;
  const asFlow = async (res: { raw: Response }): Promise<SubmitResult> => ({
    type: 'flow',
    flow: await wireFlow(res),
  });
  switch (kind as FlowKind) {
    case 'login': {
      const res = await api.updateLoginFlowRaw({ flow: id, updateLoginFlowBody: placeholder(body) }, init);
      return { type: 'complete', completion: await res.raw.json() };
    }
    case 'registration': {
      const res = await api.updateRegistrationFlowRaw(
        { flow: id, updateRegistrationFlowBody: placeholder(body) },
        init,
      );
      return { type: 'complete', completion: await res.raw.json() };
    }
    case 'recovery':
      return asFlow(
        await api.updateRecoveryFlowRaw({ flow: id, updateRecoveryFlowBody: placeholder(body) }, init),
      );
    case 'verification':
      return asFlow(
        await api.updateVerificationFlowRaw(
          { flow: id, updateVerificationFlowBody: placeholder(body) },
          init,
        ),
      );
    case 'settings':
      return asFlow(
        await api.updateSettingsFlowRaw({ flow: id, updateSettingsFlowBody: placeholder(body) }, init),
      );
  }
}

const rethrow = async (e: unknown): Promise<never> => {
  throw await toIdentityError(e);
};

/** The actors of the flow machines and of logout, over one FrontendApi. */
export function createIdentityActors(api: FrontendApi) {
  return {
    loadFlow: fromPromise<IdentityFlow, LoadFlowInput>(({ input }) => loadFlow(api, input).catch(rethrow)),
    submitFlow: fromPromise<SubmitResult, SubmitFlowInput>(({ input }) =>
      submitFlow(api, input).catch(rethrow),
    ),
    createLogout: fromPromise<{ logout_url: string }, { returnTo?: string }>(({ input }) =>
      api
        .createBrowserLogoutFlowRaw({ returnTo: input.returnTo })
        .then(async (res) => (await res.raw.json()) as { logout_url: string })
        .catch(rethrow),
    ),
    /** A user-facing flow error by id (`GET /self-service/errors?id=`), for the /error/ page. */
    loadFlowError: fromPromise<FlowErrorContainer, { id: string }>(({ input }) =>
      api
        .getFlowErrorRaw({ id: input.id })
        .then(async (res) => (await res.raw.json()) as FlowErrorContainer)
        .catch(rethrow),
    ),
  };
}

export type IdentityActors = ReturnType<typeof createIdentityActors>;

/** What the identity client is built from: the page's origin and, in tests, a fetch of their own. */
export interface IdentityClientSource {
  origin: string;
  fetch?: typeof fetch;
}

const identityActorsBySource = new WeakMap<IdentityClientSource, Map<string, IdentityActors>>();

/**
 * The one identity client of an app's services (per identity base): built on first use, then shared by every
 * flow screen, so no view builds its own.
 */
export function identityActorsFor(source: IdentityClientSource, identityBase: string): IdentityActors {
  let byBase = identityActorsBySource.get(source);
  if (!byBase) identityActorsBySource.set(source, (byBase = new Map()));
  let actors = byBase.get(identityBase);
  if (!actors) {
    actors = createIdentityActors(createIdentityApi(identityBase, source.origin, source.fetch));
    byBase.set(identityBase, actors);
  }
  return actors;
}
