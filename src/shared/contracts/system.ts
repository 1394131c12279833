/**
 * The system area's contract: the network preferences (`{api}network/preferences`), updates (`{api}updates…`),
 * the look-and-feel settings (`{api}config/settings` and its images) and the home page's summary
 * (`{api}dashboard`). Bodies are what the appliance validates with; answers are what its handlers return (a test
 * holds them to it, test/appliance/contracts/system.test.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { ConfigPreview, JobProgress } from './apply';
import { endpoint } from './endpoint';
import { stringEnum, epochMs, nullable, orNull } from './fields';
import * as coreRoutes from './coreRoutes';
import * as routes from './routes';
import { IMAGE_SLOTS, type ImageSlot } from './values';

// ---------------------------------------------------------------------------------------------------------------
// Network preferences

/** resolv.conf reads at most three name servers (glibc MAXNS). */
export const MAX_DNS_SERVERS = 3;
export const MAX_NTP_SERVERS = 8;

/** `PUT {api}network/preferences` (host name, domain, DNS and NTP servers, time zone). */
export const networkPreferences = Type.Object(
  {
    hostname: Type.String({ maxLength: 63 }),
    domain: Type.String({ maxLength: 253 }),
    dns_servers: Type.Array(Type.String({ maxLength: 45 }), { maxItems: MAX_DNS_SERVERS }),
    ntp_servers: Type.Array(Type.String({ maxLength: 253 }), { maxItems: MAX_NTP_SERVERS }),
    timezone: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type NetworkPreferences = Static<typeof networkPreferences>;

/** `GET`/`PUT {api}network/preferences`: the stored preferences, whether they were applied, the time zones. */
export const preferencesAnswer = Type.Object({
  data: networkPreferences,
  saved: Type.Boolean(),
  /** Seconds since the epoch. */
  updated_at: orNull(Type.Number()),
  updated_by: orNull(Type.String()),
  status: Type.Object({
    pending_changes: Type.Boolean(),
    applied_at: orNull(Type.Number()),
    applied_by: orNull(Type.String()),
  }),
  time_zones: Type.Array(Type.String()),
});
export type PreferencesAnswer = Static<typeof preferencesAnswer>;

// ---------------------------------------------------------------------------------------------------------------
// Updates

export const UPDATE_CHANNELS = ['stable', 'beta'] as const;
export type UpdateChannel = (typeof UPDATE_CHANNELS)[number];
export const SCHEDULE_DAYS = ['daily', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];
export const VERSION_PATTERN = '^\\d{1,5}\\.\\d{1,5}\\.\\d{1,5}$';
export const KEY_NAME_PATTERN = '^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$';

export const availableUpdate = Type.Object({
  version: Type.String(),
  channel: stringEnum(UPDATE_CHANNELS),
  security: Type.Boolean(),
  /** Markdown. */
  changelog: Type.String(),
  released_at: orNull(Type.String()),
  size: Type.Integer({ minimum: 0 }),
  source: stringEnum(['upload', 'repository'] as const),
  received_at: epochMs(),
});
export type AvailableUpdate = Static<typeof availableUpdate>;

export const updateHistoryEntry = Type.Object({
  id: Type.Integer(),
  kind: stringEnum(['update', 'rollback'] as const),
  from_version: Type.String(),
  to_version: Type.String(),
  from_schema: Type.Integer(),
  to_schema: Type.Integer(),
  security: Type.Boolean(),
  job_id: orNull(Type.String()),
  applied_by: Type.String(),
  applied_at: epochMs(),
});
export type UpdateHistoryEntry = Static<typeof updateHistoryEntry>;

/** `PUT {api}updates/schedule`: when the appliance applies updates by itself. */
export const updateSchedule = Type.Object(
  {
    enabled: Type.Boolean(),
    day: stringEnum(SCHEDULE_DAYS),
    /** HH:MM, the appliance's local time. */
    time: Type.String({ pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' }),
  },
  { additionalProperties: false },
);
export type UpdateSchedule = Static<typeof updateSchedule>;

/** `GET {api}updates` (and the answer of its settings, schedule and key changes). */
export const updateStatus = Type.Object({
  current_version: Type.String(),
  channel: stringEnum(UPDATE_CHANNELS),
  schema_version: Type.Integer(),
  repository: Type.String(),
  repository_is_default: Type.Boolean(),
  last_check: orNull(
    Type.Object({
      at: epochMs(),
      error: orNull(Type.String()),
      rejected: Type.Array(Type.Object({ file: Type.String(), reason: Type.String() })),
    }),
  ),
  available: Type.Array(availableUpdate),
  history: Type.Array(updateHistoryEntry),
  rollback_version: orNull(Type.String()),
  schedule: updateSchedule,
  trusted_keys: Type.Array(Type.Object({ name: Type.String(), fingerprint: Type.String() })),
});
export type UpdateStatus = Static<typeof updateStatus>;

/** `PUT {api}updates/settings`: the repository (null or empty: the embedded default) and the channel. */
export const updateSettingsBody = Type.Object(
  {
    repository: nullable(Type.String({ maxLength: 1024, format: 'safe-text' })),
    channel: stringEnum(UPDATE_CHANNELS),
  },
  { additionalProperties: false },
);
export type UpdateSettingsBody = Static<typeof updateSettingsBody>;

/** `POST {api}updates/apply`. */
export const applyUpdateBody = Type.Object(
  { version: Type.String({ maxLength: 20, pattern: VERSION_PATTERN }) },
  { additionalProperties: false },
);
export type ApplyUpdateBody = Static<typeof applyUpdateBody>;

/** `POST {api}updates/rollback`: nothing to say. */
export const rollbackBody = Type.Object({}, { additionalProperties: false });

/** `POST {api}updates/trusted-keys`: a signing key the appliance trusts. */
export const trustedKeyBody = Type.Object(
  {
    name: Type.String({ pattern: KEY_NAME_PATTERN }),
    pem: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: false },
);
export type TrustedKeyBody = Static<typeof trustedKeyBody>;

/** The largest update package file `POST {api}updates/packages` takes (413 beyond). */
export const PACKAGE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The answer of `POST {api}updates/packages`: the package, verified and kept until applied. */
export const uploadedPackage = Type.Object({
  version: Type.String(),
  channel: stringEnum(UPDATE_CHANNELS),
  security: Type.Boolean(),
  /** Markdown. */
  changelog: Type.String(),
});
export type UploadedPackage = Static<typeof uploadedPackage>;

export const getUpdates = endpoint({
  ...coreRoutes.getUpdates,
  response: updateStatus,
  summary:
    'The installed version, the channel, the last check, the available updates, the history and schedule',
});

export const checkUpdates = endpoint({
  ...coreRoutes.checkUpdates,
  response: updateStatus,
  summary: 'Read the update repository now (its error, if any, is in `last_check`)',
});

export const uploadUpdatePackage = endpoint({
  ...coreRoutes.uploadUpdatePackage,
  upload: {
    mediaTypes: ['application/octet-stream'],
    maxBytes: PACKAGE_FILE_MAX_BYTES,
    description: 'The signed package file as it is (at most 10 MiB); its own format says what it is.',
  },
  response: uploadedPackage,
  status: 201,
  summary: 'Upload an update package (verified, then kept until applied)',
});

export const applyUpdate = endpoint({
  ...coreRoutes.applyUpdate,
  body: applyUpdateBody,
  response: JobProgress,
  status: 202,
  summary: 'Apply an available update (a job; 409 while another runs)',
});

export const rollbackUpdate = endpoint({
  ...coreRoutes.rollbackUpdate,
  body: rollbackBody,
  response: JobProgress,
  status: 202,
  summary: 'Go back to the version before the last update (a job; 409 while another runs)',
});

export const putUpdateSettings = endpoint({
  ...coreRoutes.putUpdateSettings,
  body: updateSettingsBody,
  response: updateStatus,
  summary: 'Change the update repository and channel',
});

export const putUpdateSchedule = endpoint({
  ...coreRoutes.putUpdateSchedule,
  body: updateSchedule,
  response: updateStatus,
  summary: 'Change when the appliance applies updates by itself',
});

export const addTrustedKey = endpoint({
  ...coreRoutes.addTrustedKey,
  body: trustedKeyBody,
  response: updateStatus,
  status: 201,
  summary: 'Trust an Ed25519 public key for update packages (the admin role only)',
});

// ---------------------------------------------------------------------------------------------------------------
// Look and feel

export { IMAGE_SLOTS, type ImageSlot } from './values';
/** Longest custom title of the login screens. */
export const LOGIN_TITLE_MAX = 60;

/** `PUT {api}config/settings`: the colours, and the login title (absent keeps it; empty or null removes it). */
export const uiSettingsBody = Type.Object(
  {
    primary_color: Type.String({ maxLength: 9, format: 'hex-color' }),
    bar_color: Type.String({ maxLength: 9, format: 'hex-color' }),
    login_title: Type.Optional(
      nullable(Type.String({ maxLength: LOGIN_TITLE_MAX, pattern: '^[^\\u0000-\\u001f\\u007f]*$' })),
    ),
  },
  { additionalProperties: false },
);
export type UiSettingsBody = Static<typeof uiSettingsBody>;

/** The answer of `PUT {api}config/settings` (the title only when one was sent). */
export const savedUiSettings = Type.Object({
  primary_color: Type.String(),
  bar_color: Type.String(),
  login_title: Type.Optional(orNull(Type.String())),
});

/** `GET {api}config/settings` (public: the login page shows it) and the answer of its reset. */
export const publicSettings = Type.Object({
  primary_color: Type.String(),
  bar_color: Type.String(),
  login_title: orNull(Type.String()),
  /** Which custom images are set. */
  images: Type.Object(
    Object.fromEntries(IMAGE_SLOTS.map((s) => [s, Type.Boolean()])) as Record<
      ImageSlot,
      ReturnType<typeof Type.Boolean>
    >,
  ),
});
export type PublicSettings = Static<typeof publicSettings>;

export const getUiSettings = endpoint({
  ...routes.getUiSettings,
  response: publicSettings,
  summary: 'The look and feel: colours, login title and which custom images are set',
});

export const putUiSettings = endpoint({
  ...coreRoutes.putUiSettings,
  body: uiSettingsBody,
  response: savedUiSettings,
  summary: 'Change the colours and the login title',
});

export const resetUiSettings = endpoint({
  ...coreRoutes.resetUiSettings,
  response: publicSettings,
  summary: 'Put back the default look: default colours, no login title, no custom images',
});

export const imageSlotParams = Type.Object(
  { slot: stringEnum(IMAGE_SLOTS) },
  { additionalProperties: false },
);

/** The answer of `PUT {api}config/{slot}` (the image bytes are the body). */
export const savedImage = Type.Object({
  slot: stringEnum(IMAGE_SLOTS),
  mime: Type.String(),
  size: Type.Integer({ minimum: 1 }),
});

/** The largest custom image `PUT {api}config/{slot}` takes (413 beyond). */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** What the appliance recognises from an image's first bytes (SVG is refused: it can carry scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const getImage = endpoint({
  ...routes.getImage,
  params: imageSlotParams,
  download: {
    mediaTypes: IMAGE_TYPES,
    description: 'The image as uploaded (ETag; 304 for a matching If-None-Match).',
  },
  summary: 'A custom image of the look and feel (public: the login page shows it; 404 when none is set)',
});

export const putImage = endpoint({
  ...coreRoutes.putImage,
  params: imageSlotParams,
  upload: {
    // Any image type is taken as bytes; the bytes decide (PNG, JPEG, GIF or WebP, else 422).
    mediaTypes: ['image/*', 'application/octet-stream'],
    maxBytes: IMAGE_MAX_BYTES,
    description: 'The image file as it is: PNG, JPEG, GIF or WebP, recognised by its bytes (at most 2 MiB).',
  },
  response: savedImage,
  summary: 'Set a custom image: the login logo, the main bar logo or the login background',
});

export const deleteImage = endpoint({
  ...coreRoutes.deleteImage,
  params: imageSlotParams,
  status: 204,
  summary: 'Remove a custom image (404 when none is set)',
});

// ---------------------------------------------------------------------------------------------------------------
// Home page summary

/** The daemon behind a service card: what the service manager says runs (src/appliance/services). */
export const daemonSummary = Type.Object({
  status: stringEnum(['running', 'stopped', 'failed', 'not_installed'] as const),
  message: orNull(Type.String()),
});
export type DaemonSummary = Static<typeof daemonSummary>;

/** `GET {api}dashboard`: a part is absent when the account cannot read its area. */
export const dashboardSummary = Type.Object({
  host: Type.Object({ hostname: Type.String(), version: Type.String() }),
  network: Type.Optional(
    Type.Object({
      interfaces: Type.Array(
        Type.Object({ name: Type.String(), state: Type.String(), addresses: Type.Array(Type.String()) }),
      ),
      gateway: orNull(Type.String()),
      dns_servers: Type.Array(Type.String()),
    }),
  ),
  dns: Type.Optional(
    Type.Object({
      enabled: Type.Boolean(),
      port: Type.Integer(),
      dnssec: Type.Boolean(),
      daemon: Type.Optional(daemonSummary),
    }),
  ),
  ssh: Type.Optional(
    Type.Object({
      enabled: Type.Boolean(),
      port: Type.Integer(),
      password_authentication: Type.Boolean(),
      permit_root_login: Type.String(),
      daemon: Type.Optional(daemonSummary),
    }),
  ),
  updates: Type.Optional(
    Type.Object({
      current_version: Type.String(),
      available: Type.Integer({ minimum: 0 }),
      security: Type.Integer({ minimum: 0 }),
      newest: orNull(Type.String()),
      last_check_at: orNull(Type.Number()),
      last_check_error: orNull(Type.String()),
    }),
  ),
  certificates: Type.Optional(
    Type.Object({
      window_days: Type.Integer(),
      expiring: Type.Integer({ minimum: 0 }),
      expired: Type.Integer({ minimum: 0 }),
      soonest: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), not_after: Type.String() })),
    }),
  ),
  sign_ins: Type.Optional(
    Type.Object({
      window_hours: Type.Integer(),
      failed: Type.Integer({ minimum: 0 }),
      recent: Type.Array(
        Type.Object({ username: Type.String(), at: epochMs(), source: Type.String(), method: Type.String() }),
      ),
    }),
  ),
  /** The last backup run (src/appliance/backups), for admins. */
  backups: Type.Optional(
    Type.Object({
      targets: Type.Integer({ minimum: 0, description: 'Enabled backup targets.' }),
      last_at: orNull(Type.Number()),
      last_ok: orNull(Type.Boolean()),
      last_target: orNull(Type.String()),
      last_size: orNull(Type.Integer()),
      last_error: orNull(Type.String()),
      next_run_at: orNull(Type.Number()),
    }),
  ),
});
export type DashboardSummary = Static<typeof dashboardSummary>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints (registered from these by the appliance, called through them by the console)

export const getNetworkPreferences = endpoint({
  method: 'GET',
  path: 'network/preferences',
  response: preferencesAnswer,
  summary: 'The network preferences, whether they are applied, and the time zones',
});

export const putNetworkPreferences = endpoint({
  method: 'PUT',
  path: 'network/preferences',
  body: networkPreferences,
  response: preferencesAnswer,
  summary: 'Change the network preferences (applied with Apply)',
});

export const getNetworkPreferencesPreview = endpoint({
  method: 'GET',
  path: 'network/preferences/preview',
  response: ConfigPreview,
  summary: 'The files Apply would write for the network preferences, beside the running ones',
});

export const applyNetworkPreferences = endpoint({
  method: 'POST',
  path: 'network/preferences/apply',
  response: JobProgress,
  status: 202,
  summary: 'Apply the saved network preferences (a job)',
});

export const getDashboard = endpoint({
  ...coreRoutes.getDashboard,
  response: dashboardSummary,
  summary:
    'The home page’s summary: each part the account may read (services, certificates, updates, accounts)',
});
