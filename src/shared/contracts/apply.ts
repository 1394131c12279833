/**
 * What every service applied through the safe-apply engine shares (src/appliance/apply): the preview of the files
 * Apply would write, the job an Apply starts, and the four calls of a configuration list (add, replace, delete one,
 * delete many; src/appliance/apply/collections.ts).
 */
import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { endpoint, type Endpoint } from './endpoint';
import { stream } from './stream';
import { nullable, stringEnum } from './fields';
import * as coreRoutes from './coreRoutes';

/** Whether the saved configuration differs from the applied one, and when it was last applied. */
export const ApplyStatus = Type.Object({
  pending_changes: Type.Boolean({
    description: 'The saved configuration differs from what was last applied.',
  }),
  applied_at: nullable(Type.Integer(), {
    description: 'Milliseconds since the epoch, or null.',
  }),
});

export const ConfigPreview = Type.Object(
  {
    files: Type.Array(
      Type.Object({
        path: Type.String(),
        content: Type.String({ description: 'What Apply would write.' }),
        running: nullable(Type.String(), {
          description: 'What the running configuration holds there (null: a new file).',
        }),
      }),
    ),
    pending_changes: Type.Boolean(),
    applied_at: nullable(Type.Integer()),
    applied_by: nullable(Type.String()),
  },
  { description: 'The files Apply would write, beside the running ones.' },
);

/** A job's progress (§3 progress view): an Apply answers it with 202, the progress overlay follows its id. */
export const JobProgress = Type.Object(
  {
    id: Type.String(),
    dataType: stringEnum(['config', 'upgrade']),
    status: stringEnum(['running', 'done', 'failed']),
    progressPercentage: Type.Number(),
    totalSteps: Type.Integer(),
    stepNumber: Type.Integer(),
    details: Type.Array(
      Type.Object({
        name: Type.String(),
        status: stringEnum(['pending', 'running', 'done', 'failed', 'cancelled']),
        progressPercentage: Type.Number(),
      }),
    ),
    reason: Type.Optional(Type.String()),
  },
  { description: 'The job Apply started.' },
);

/** `GET /eos/jobs/:id/stream`: a job's progress, each event the whole view, then `end` with its final status. */
export const jobStream = stream({
  ...coreRoutes.jobStream,
  params: Type.Object(
    { id: Type.String({ format: 'uuid', description: 'The job’s id.' }) },
    { additionalProperties: false },
  ),
  events: {
    progress: JobProgress,
    end: Type.Object(
      { id: Type.String(), status: stringEnum(['running', 'done', 'failed']) },
      { description: 'The job is over (its final status); nothing more comes.' },
    ),
    reconnect: Type.Object({}, { description: 'Come back with Last-Event-ID (a slow client).' }),
  },
  summary: 'Follow a job’s progress until it ends',
});

/** An item's id in a list's path. */
export const IdParams = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'The item’s id.' }) },
  { additionalProperties: false },
);

/** Items one configuration list may hold. */
export const LIST_MAX_ITEMS = 256;

export const BulkDelete = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: LIST_MAX_ITEMS,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);

export const Deleted = Type.Object({ deleted: Type.Integer({ minimum: 0 }) });

/** A stored item: its body's fields (as the list stored them) and its id. */
export const stored = <P extends TProperties>(body: TObject<P>) =>
  Type.Object({ id: Type.Integer({ minimum: 1 }), ...body.properties });

/**
 * The four calls of a configuration list at `path` (`dns/proxy/upstreams`): `add` (201, the stored item), `replace`
 * (`:id`), `remove` (`:id`, 204) and `removeMany` (`POST <path>/delete {ids}`). `item` is what a stored item
 * answers (usually `stored(body)`, whose optional fields the list fills in).
 */
export function listEndpoints<B extends TObject, R extends TObject, C extends TObject = B>(
  path: string,
  what: string,
  body: B,
  item: R,
  /** The body of an addition when it differs (a secret required to create, optional to change). */
  createBody?: C,
) {
  return {
    add: endpoint({
      method: 'POST',
      path,
      body: (createBody ?? body) as C,
      response: item,
      status: 201,
      summary: `Add ${what}`,
    }),
    replace: endpoint({
      method: 'PUT',
      path: `${path}/:id`,
      params: IdParams,
      body,
      response: item,
      summary: `Change ${what}`,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}/:id`,
      params: IdParams,
      status: 204,
      summary: `Delete ${what}`,
    }),
    removeMany: endpoint({
      method: 'POST',
      path: `${path}/delete`,
      body: BulkDelete,
      response: Deleted,
      summary: `Delete several of the list (${what})`,
    }),
  };
}

/** Any list's four endpoints, as the appliance's `registerList` and the console's `ListSection` take them. */
export interface ListEndpoints {
  add: Endpoint<{
    method: 'POST';
    path: string;
    body: TObject;
    response: TObject;
    status: 201;
    summary: string;
  }>;
  replace: Endpoint<{
    method: 'PUT';
    path: string;
    params: typeof IdParams;
    body: TObject;
    response: TObject;
    summary: string;
  }>;
  remove: Endpoint<{ method: 'DELETE'; path: string; params: typeof IdParams; status: 204; summary: string }>;
  removeMany: Endpoint<{
    method: 'POST';
    path: string;
    body: typeof BulkDelete;
    response: typeof Deleted;
    summary: string;
  }>;
}

// ---------------------------------------------------------------------------------------------------------------
// Jobs and safe-apply confirmations (src/appliance/jobs/routes.ts, src/appliance/apply/routes.ts)

/** A job's or confirmation's id in the path. */
export const UuidParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

export const startJob = endpoint({
  method: 'POST',
  path: 'jobs',
  body: Type.Object({ type: stringEnum(['config'] as const) }, { additionalProperties: false }),
  response: JobProgress,
  status: 202,
  summary:
    'Apply the saved configuration of every service as a job (an update runs only from a signed package)',
});

export const listJobs = endpoint({
  ...coreRoutes.listJobs,
  query: Type.Object(
    { active: Type.Optional(stringEnum(['0', '1', 'true', 'false'] as const)) },
    { additionalProperties: false },
  ),
  response: Type.Object({ data: Type.Array(JobProgress) }),
  summary: 'The last 50 jobs, newest first (only running ones with active=1)',
});

export const getJob = endpoint({
  method: 'GET',
  path: 'jobs/:id',
  params: UuidParams,
  response: JobProgress,
  summary: 'A job’s progress',
});

/** A change that can lock its admin out, kept only once confirmed (safe apply). */
export const Confirmation = Type.Object({
  id: Type.String(),
  service: Type.String(),
  changes: Type.Array(Type.String(), { description: 'The settings that changed.' }),
  deadline: Type.Integer({
    description: 'When it is rolled back unless kept (milliseconds since the epoch).',
  }),
  seconds_left: Type.Integer({ minimum: 0 }),
});

export const listConfirmations = endpoint({
  ...coreRoutes.listConfirmations,
  response: Type.Object({ data: Type.Array(Confirmation) }),
  summary: 'Changes awaiting confirmation that you may keep, soonest deadline first',
});

export const keepConfirmation = endpoint({
  ...coreRoutes.keepConfirmation,
  params: UuidParams,
  response: Type.Object({ status: Type.Literal('confirmed') }),
  summary: 'Keep a change awaiting confirmation',
});

export const revertConfirmation = endpoint({
  ...coreRoutes.revertConfirmation,
  params: UuidParams,
  response: Type.Object({ status: Type.Literal('reverted') }),
  summary: 'Restore the configuration before a change now, instead of at its deadline',
});
