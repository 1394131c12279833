/**
 * The logs area (src/appliance/logs): the live log stream of the log report and the log tail windows, and the
 * ingestion of entries by the appliance's services (`POST {api}logs`).
 */
import { Type } from '@sinclair/typebox';
import { LOG_SERVICES, LOG_SEVERITIES, MAX_MESSAGE_LENGTH } from '../logServices';
import { endpoint } from './endpoint';
import { stringEnum } from './fields';
import * as coreRoutes from './coreRoutes';
import { stream } from './stream';

const seconds = (description: string) => Type.String({ pattern: '^[0-9]{1,11}$', description });

/** The stream's query (the appliance's own parser, src/appliance/logs/validate.ts, says the same in its errors). */
export const LogStreamQuery = Type.Object(
  {
    services: Type.Optional(
      Type.Array(stringEnum(LOG_SERVICES), {
        maxItems: LOG_SERVICES.length,
        uniqueItems: true,
        description: 'Services to follow (repeat the parameter); all when none.',
      }),
    ),
    from: Type.Optional(seconds('Entries from this time on first (seconds since the epoch).')),
    to: Type.Optional(seconds('Entries up to this time only (seconds since the epoch).')),
  },
  { additionalProperties: false },
);

export const LogRow = Type.Object({
  id: Type.Integer({ description: 'Grows with every entry; the event id of the batch’s last one.' }),
  service: Type.String({ description: 'The service the entry belongs to.' }),
  timestamp: Type.Number({ description: 'Seconds since the epoch.' }),
  message: Type.String(),
  severity: Type.Optional(stringEnum(LOG_SEVERITIES, { description: 'None: info.' })),
});

export const logStream = stream({
  ...coreRoutes.logStream,
  query: LogStreamQuery,
  events: {
    message: Type.Object(
      { logs: Type.Array(LogRow, { description: 'Oldest first.' }) },
      { description: 'A batch of entries (the first one: the history of the range; may be empty).' },
    ),
    end: Type.Object({}, { description: 'Nothing more comes (the range ended or the console is stopping).' }),
    reconnect: Type.Object(
      {},
      { description: 'Come back with Last-Event-ID (a slow client, an expired session).' },
    ),
  },
  summary: 'Follow the log entries of some services (admins only for the audit trail)',
});

/** The most entries one `POST {api}logs` takes. */
export const MAX_ENTRIES_PER_POST = 1000;
/** The latest timestamp taken (seconds since the epoch). */
export const MAX_TIMESTAMP_S = 1e11;

/** One entry sent to `POST {api}logs`. */
export const LogEntryBody = Type.Object(
  {
    service: stringEnum(LOG_SERVICES, { description: 'The service the entry belongs to.' }),
    message: Type.String({ minLength: 1, maxLength: MAX_MESSAGE_LENGTH }),
    timestamp: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: MAX_TIMESTAMP_S,
        description: 'Seconds since the epoch (fractions allowed); none: now.',
      }),
    ),
    severity: Type.Optional(stringEnum(LOG_SEVERITIES, { description: 'None: info.' })),
  },
  { additionalProperties: false },
);

/** `POST {api}logs`: one entry, or `{logs: [...]}` stored in one transaction. */
export const LogIngestBody = Type.Union(
  [
    LogEntryBody,
    Type.Object(
      { logs: Type.Array(LogEntryBody, { minItems: 1, maxItems: MAX_ENTRIES_PER_POST }) },
      { additionalProperties: false },
    ),
  ],
  { description: 'One entry, or up to 1000 under `logs`.' },
);

export const ingestLogs = endpoint({
  method: 'POST',
  path: 'logs',
  body: LogIngestBody,
  response: Type.Object({
    count: Type.Integer({ minimum: 1, description: 'Entries stored.' }),
    ids: Type.Array(Type.Integer(), { description: 'Their ids, in the order sent.' }),
  }),
  status: 201,
  summary: 'Add log entries (the appliance’s services write their logs here)',
});
