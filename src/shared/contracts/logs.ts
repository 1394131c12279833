/**
 * The logs area (src/appliance/logs): the live log stream of the log report and the log tail windows.
 */
import { Type } from '@sinclair/typebox';
import { LOG_SERVICES, LOG_SEVERITIES } from '../logServices';
import { stringEnum } from './fields';
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
  path: 'system/logs/stream',
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
