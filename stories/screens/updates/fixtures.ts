/** Update statuses as `GET {api}updates` answers them, shared by the page's stories and component tests. */
import type { UpdateStatus } from '../../../src/store/slices/updates.slice';

export const upToDate: UpdateStatus = {
  current_version: '1.0.0',
  channel: 'stable',
  schema_version: 1,
  repository: '/var/lib/rampart/updates/repository',
  repository_is_default: true,
  last_check: { at: Date.UTC(2026, 10, 20, 8, 30), error: null, rejected: [] },
  available: [],
  history: [],
  rollback_version: null,
  schedule: { enabled: false, day: 'daily', time: '03:00' },
  trusted_keys: [{ name: 'rampart-release', fingerprint: '0ab58c636acb9be0' }],
};

export const withUpdates: UpdateStatus = {
  ...upToDate,
  last_check: {
    at: Date.UTC(2026, 10, 22, 6, 0),
    error: null,
    rejected: [{ file: 'rampart-1.3.0.rup', reason: 'The package is not signed' }],
  },
  available: [
    {
      version: '1.2.0',
      channel: 'stable',
      security: false,
      changelog: '## New\n\n- Faster *log* search',
      released_at: '2026-11-20',
      size: 48_213,
      source: 'repository',
      received_at: Date.UTC(2026, 10, 22, 6, 0),
    },
    {
      version: '1.1.0',
      channel: 'stable',
      security: true,
      changelog: '## Security\n\n- Fixes **TLS** renegotiation',
      released_at: '2026-11-18',
      size: 20_100,
      source: 'upload',
      received_at: Date.UTC(2026, 10, 21, 9, 0),
    },
  ],
};

export const afterUpdate: UpdateStatus = {
  ...upToDate,
  current_version: '1.1.0',
  schema_version: 2,
  history: [
    {
      id: 1,
      kind: 'update',
      from_version: '1.0.0',
      to_version: '1.1.0',
      from_schema: 1,
      to_schema: 2,
      security: true,
      job_id: null,
      applied_by: 'admin',
      applied_at: Date.UTC(2026, 10, 22, 7, 0),
    },
  ],
  rollback_version: '1.0.0',
  schedule: { enabled: true, day: 'sun', time: '02:30' },
};
