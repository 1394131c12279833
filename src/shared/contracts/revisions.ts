/**
 * Configuration revisions (issue 29): every saved change of the appliance's configuration, who made it and how,
 * from where, why, and the structured before/after per entity (secrets as markers, never values).
 *
 *   GET {api}revisions?page=1&per_page=50&area=dns&actor=admin&from=<ms>&to=<ms>&q=upstream
 *   GET {api}revisions/{id}  → the revision with its changes and one human line per changed entity
 *   GET {api}revisions/{id}/files  → the generated files the change rendered differently (before and after)
 */
import { Type, type Static } from '@sinclair/typebox';
import { AREAS } from '../privileges';
import { JobProgress } from './apply';
import { endpoint } from './endpoint';
import { nullable, stringEnum } from './fields';
import { listPage, listQuery, oneOf } from './listing';

export const REVISION_METHODS = ['console', 'api', 'ssh', 'restore', 'system'] as const;
export type RevisionMethod = (typeof REVISION_METHODS)[number];

export const REVISION_METHOD_LABELS: Record<RevisionMethod, string> = {
  console: 'Console',
  api: 'API token',
  ssh: 'SSH helper',
  restore: 'Restore',
  system: 'System',
};

const millis = (description: string) => Type.String({ pattern: '^[0-9]{1,15}$', description });

export const revisionsQuery = listQuery(['at'], {
  area: oneOf(AREAS, 'Only revisions of this area.'),
  actor: Type.String({ minLength: 1, maxLength: 64, description: 'Only revisions made by this account.' }),
  method: oneOf(REVISION_METHODS, 'Only revisions made this way.'),
  from: millis('Only revisions at or after this time (milliseconds since the epoch).'),
  to: millis('Only revisions at or before this time (milliseconds since the epoch).'),
});

export const revisionParams = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: 'The revision.' }) },
  { additionalProperties: false },
);

/** A change header with the `X-Change-Reason` a program sends (at most this long; control characters removed). */
export const CHANGE_REASON_HEADER = 'x-change-reason';
export const CHANGE_REASON_MAX = 500;

/**
 * The header carrying a Reason field's text (none when it is blank). Header values travel as Latin-1: the text's UTF-8
 * bytes are sent one per character, and the appliance reads them back as UTF-8 (revisions/capture.ts).
 */
export function changeReasonHeaders(reason: string | undefined): Record<string, string> {
  const text = (reason ?? '').trim().slice(0, CHANGE_REASON_MAX);
  if (!text) return {};
  const bytes = new TextEncoder().encode(text);
  return { 'X-Change-Reason': String.fromCharCode(...bytes) };
}

/** A revision as History lists it (its changes are in its detail). */
export const revisionSummary = Type.Object({
  id: Type.Integer(),
  at: Type.Number({ description: 'Milliseconds since the epoch.' }),
  actor: Type.String({
    description: 'The account that made the change (`system` for the appliance itself).',
  }),
  method: stringEnum(REVISION_METHODS),
  source: nullable(Type.String({ description: 'The client address.' })),
  reason: nullable(Type.String()),
  area: Type.String(),
  sections: Type.Array(Type.String()),
  route: nullable(Type.String({ description: '`PUT /api/dns/proxy/settings`.' })),
  summary: Type.String({ description: 'The diff lines, joined (shortened).' }),
  entities: Type.Integer({ minimum: 0, description: 'How many entities changed.' }),
  reverts: nullable(Type.Integer({ description: 'The revision this one reverted, when it did.' })),
});
export type RevisionSummary = Static<typeof revisionSummary>;

export type RevisionJson =
  null | boolean | number | string | RevisionJson[] | { [key: string]: RevisionJson };

export interface RevisionChange {
  section: string;
  id: string;
  title: string;
  op: 'added' | 'removed' | 'changed';
  before: { [key: string]: RevisionJson } | null;
  after: { [key: string]: RevisionJson } | null;
  /** "Upstream 9.9.9.9@853 added", "DNS proxy: cache size 4 → 16 MiB". */
  line: string;
}

export interface RevisionDetail extends RevisionSummary {
  changes: RevisionChange[];
}

/** The configuration as one document (`GET {api}config`). */
export const CONFIG_FORMAT = 'rampart-config/1';

export interface ConfigDocument {
  format: typeof CONFIG_FORMAT;
  appliance_version: string;
  exported_at: string;
  /** Section name → entity id → entity (secrets as `{"$secret": "…"}` references). */
  sections: Record<string, Record<string, { [key: string]: RevisionJson }>>;
}

// ---------------------------------------------------------------------------------------------------------------
// Applying a document, reverting a revision, restoring the configuration as of one (issue 29)

const planChange = Type.Object({
  section: Type.String(),
  id: Type.String(),
  title: Type.String(),
  op: stringEnum(['added', 'removed', 'changed']),
  line: Type.String({ description: '"Upstream 9.9.9.9@853 added", "SSH service: port 22 → 2222".' }),
  lockout_prone: Type.Boolean({ description: 'It can lock an admin out.' }),
  keep_changes: Type.Optional(
    Type.Boolean({
      description:
        'Lock-out-prone in an area a managed service applies: applying it opens a "Keep changes" confirmation (elsewhere the area\'s own rules, such as the last administrator, refuse it instead).',
    }),
  ),
  secret_differs: Type.Optional(Type.Boolean()),
  changed_since: Type.Optional(Type.Boolean()),
  note: Type.Optional(
    Type.String({
      description:
        'What the change cannot do: "comes back disabled, without its password or token: enter it again on the Dynamic DNS page"; for a refused change, why.',
    }),
  ),
  refused: Type.Optional(
    Type.Boolean({
      description:
        'A document or revert cannot make this change (an account created or deleted, a certificate issued): applying the plan is refused (422); do it on its page.',
    }),
  ),
});

export const configPlan = Type.Object(
  {
    format: Type.String({ description: `${CONFIG_FORMAT}` }),
    changes: Type.Array(planChange),
    unknown_sections: Type.Array(Type.String()),
    missing_sections: Type.Array(Type.String()),
  },
  { description: 'What applying the document changes, per entity; nothing changed yet.' },
);

export type PlanChange = Static<typeof planChange>;
export type ConfigPlan = Static<typeof configPlan>;

/** A configuration document as the body of `PUT config` (JSON, or YAML with `Content-Type: application/yaml`). */
export const configDocumentBody = Type.Object(
  {
    format: Type.String({ maxLength: 64, description: `The document's format: ${CONFIG_FORMAT}.` }),
    appliance_version: Type.Optional(Type.String({ maxLength: 64 })),
    exported_at: Type.Optional(Type.String({ maxLength: 64 })),
    sections: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'Section name → entity id → entity, as `GET config` answers them; a section left out stays as it is.',
    }),
  },
  { additionalProperties: false },
);

export const configApplyResult = Type.Object({
  plan: configPlan,
  revision: nullable(Type.Integer({ description: 'The revision recorded; null when nothing changed.' })),
  job: nullable(JobProgress),
});

/** The whole configuration as one document, as `GET config` answers it (JSON; YAML on `Accept: application/yaml`). */
export const configDocument = Type.Object({
  format: Type.String({ description: `The document's format: ${CONFIG_FORMAT}.` }),
  appliance_version: Type.String(),
  exported_at: Type.String({ description: 'When it was read (ISO 8601).' }),
  sections: Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()), {
    description:
      'Section name → entity id → entity. Secrets are references (`{"$secret": "…"}`), never their value.',
  }),
});

export const getConfig = endpoint({
  method: 'GET',
  path: 'config',
  response: configDocument,
  summary:
    'The whole configuration as one versioned document (JSON; YAML on Accept: application/yaml); secrets only as references',
});

export const planConfig = endpoint({
  method: 'POST',
  path: 'config/plan',
  body: configDocumentBody,
  response: configPlan,
  summary:
    'What applying a configuration document (JSON, or YAML with Content-Type: application/yaml) would change, per entity, lock-out-prone changes marked; changes nothing',
});

export const putConfig = endpoint({
  method: 'PUT',
  path: 'config',
  body: configDocumentBody,
  response: configApplyResult,
  summary:
    'Apply a configuration document through safe apply (lock-out-prone changes wait for "Keep changes"; not kept, everything it changed rolls back)',
});

export const getRestorePlan = endpoint({
  method: 'GET',
  path: 'revisions/:id/restore-plan',
  params: revisionParams,
  response: configPlan,
  summary: 'What restoring the configuration as of a revision would change now; changes nothing',
});

export const revertRevision = endpoint({
  method: 'POST',
  path: 'revisions/:id/revert',
  params: revisionParams,
  response: configApplyResult,
  summary:
    'Revert one revision through safe apply (recorded as "Revert of #id"; the reason in X-Change-Reason)',
});

export const restoreRevision = endpoint({
  method: 'POST',
  path: 'revisions/:id/restore',
  params: revisionParams,
  response: configApplyResult,
  summary:
    'Restore the configuration as of a revision through safe apply (recorded as "Restore as of #id"; the reason in X-Change-Reason)',
});

export const getRevertPlan = endpoint({
  method: 'GET',
  path: 'revisions/:id/revert-plan',
  params: revisionParams,
  response: configPlan,
  summary: 'What reverting a revision would change now; changes nothing',
});

export type ConfigApplyResult = Static<typeof configApplyResult>;

// ---------------------------------------------------------------------------------------------------------------
// The generated files a revision changed (issue 29)

export const revisionFile = Type.Object({
  path: Type.String({ description: 'Relative to the data directory: `unbound/unbound.conf`.' }),
  before: nullable(Type.String({ description: 'The file as rendered before; null: it did not exist.' })),
  after: nullable(Type.String({ description: 'The file as rendered after; null: it was removed.' })),
  too_large: Type.Boolean({ description: 'Over 256 KB: recorded as changed, its text not kept.' }),
});

export type RevisionFile = Static<typeof revisionFile>;

/**
 * A separate call rather than part of the detail: the files can weigh hundreds of kilobytes, and the list, the revert
 * plan and the undo routes read the detail without needing them.
 */
export const getRevisionFiles = endpoint({
  method: 'GET',
  path: 'revisions/:id/files',
  params: revisionParams,
  response: Type.Object({ files: Type.Array(revisionFile) }),
  summary:
    'The generated configuration files the revision rendered differently, before and after (private files left out)',
});

// ---------------------------------------------------------------------------------------------------------------
// One revision with its changes

const entityJson = nullable(Type.Object({}, { additionalProperties: true }), {
  description: 'The entity as the configuration document holds it (secrets as references); null: none.',
});

export const revisionDetail = Type.Object({
  ...revisionSummary.properties,
  changes: Type.Array(
    Type.Object({
      section: Type.String(),
      id: Type.String(),
      title: Type.String(),
      op: stringEnum(['added', 'removed', 'changed']),
      before: entityJson,
      after: entityJson,
      line: Type.String({ description: '"Upstream 9.9.9.9@853 added", "DNS proxy: cache size 4 → 16 MiB".' }),
    }),
  ),
});

export const listRevisions = endpoint({
  method: 'GET',
  path: 'revisions',
  query: revisionsQuery,
  response: listPage(revisionSummary),
  summary: 'The configuration’s revisions, newest first, one page (only the areas the account may read)',
});

export const getRevision = endpoint({
  method: 'GET',
  path: 'revisions/:id',
  params: revisionParams,
  response: revisionDetail,
  summary: 'One revision with its changes, each with its entity before and after and its diff line',
});
