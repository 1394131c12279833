/**
 * What the console shell reads after sign-in (src/appliance/console/routes.ts): the context-bar menu, who-am-I with
 * the panel flags and privileges, and the messaging center (the messages you have not acknowledged, and
 * acknowledging one).
 */
import { Type, type Static } from '@sinclair/typebox';
import { privileges, role } from './authentication';
import { endpoint } from './endpoint';
import { stringEnum } from './fields';
import * as routes from './routes';

const menuEntry = { id: Type.String(), name: Type.String(), path: Type.String() };

export const getMenu = endpoint({
  ...routes.getMenu,
  response: Type.Array(Type.Object({ ...menuEntry, children: Type.Array(Type.Object(menuEntry)) }), {
    description: 'The menu groups, without the entries of areas you may not read.',
  }),
  summary: 'The context-bar menu of what you may read',
});

export const getMe = endpoint({
  ...routes.getMe,
  response: Type.Object({
    username: Type.String(),
    role,
    panels: Type.Object({
      admin: Type.Boolean(),
      network: Type.Boolean(),
      custom: Type.Boolean(),
      customLabel: Type.String(),
    }),
    must_change_password: Type.Boolean(),
    privileges,
  }),
  summary: 'Who you are: name, role, the panel flags and your privileges per area',
});

export const MESSAGE_TYPES = ['agreement', 'banner', 'notification'] as const;

export const serverMessage = Type.Object({
  id: Type.String(),
  version_id: Type.String(),
  text: Type.String(),
  name: Type.String(),
  level: Type.String(),
  type: stringEnum(MESSAGE_TYPES),
});

export const getMyMessages = endpoint({
  ...routes.getMyMessages,
  response: Type.Object({ data: Type.Array(serverMessage) }),
  summary: 'The active messages you have not acknowledged (the newest version of each)',
});

const messageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

export const ackMessage = endpoint({
  ...routes.ackMessage,
  body: Type.Object({ message_id: messageId, version_id: messageId }, { additionalProperties: false }),
  response: Type.Object({
    data: Type.Object({
      message_id: Type.String(),
      version_id: Type.String(),
      accepted_at: Type.String({ description: 'ISO 8601 date and time.' }),
    }),
  }),
  summary: 'Acknowledge a version of a message (again: the first time is kept)',
});

/** One account's acknowledgement of one version of a message (the admin's export). */
export const messageAcceptance = Type.Object({
  username: Type.String(),
  message_id: Type.String(),
  version_id: Type.String(),
  message_name: Type.String(),
  accepted_at: Type.String({ description: 'ISO 8601 date and time.' }),
});

export const getMessageAcceptances = endpoint({
  method: 'GET',
  path: 'messages/acceptances',
  query: Type.Object(
    {
      format: Type.Optional(
        stringEnum(['json', 'csv'], { description: '`csv`: the same rows as a CSV file (§9: semicolons).' }),
      ),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ data: Type.Array(messageAcceptance) }),
  alsoAnswers: {
    mediaTypes: ['text/csv'],
    description:
      'With `format=csv`: the rows as a CSV file (a header line, semicolons, quoted values), as an attachment.',
  },
  summary: 'Who acknowledged which version of each message, and when (JSON, or CSV to download)',
});

/**
 * The OpenAPI document of the appliance's API (src/appliance/http/openapi.ts builds it from the registered routes);
 * the API reference (`/help/api`) reads it and links to it. Its answer is stated as an OpenAPI 3.1 document whose
 * operations and components are open objects (every field the generator writes is sent; their shape is OpenAPI's).
 */
const open = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const openApiDocument = Type.Object(
  {
    openapi: Type.String({ description: 'The OpenAPI version (3.1.0).' }),
    info: Type.Object({
      title: Type.String(),
      version: Type.String({ description: 'The appliance’s version.' }),
      description: Type.String(),
      license: Type.Object({ name: Type.String(), identifier: Type.String() }),
    }),
    servers: Type.Array(Type.Object({ url: Type.String() })),
    security: Type.Array(open('A security requirement.')),
    tags: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })),
    paths: Type.Object(
      {},
      {
        additionalProperties: Type.Object(
          {},
          { additionalProperties: open('An operation (OpenAPI’s Operation Object).') },
        ),
        description: 'Each path’s operations by method.',
      },
    ),
    components: Type.Object({
      securitySchemes: open('The session cookie, the XSRF header and the bearer token.'),
      schemas: open('Shared schemas (error items, a list’s page).'),
      responses: open('Shared error answers.'),
    }),
  },
  { description: 'An OpenAPI 3.1 document of every route the appliance registered.' },
);

export type OpenApiDocument = Static<typeof openApiDocument>;

export const getOpenApiDocument = endpoint({
  ...routes.getOpenApiDocument,
  response: openApiDocument,
  summary: 'This document: the OpenAPI 3.1 description of the appliance’s API, generated from its routes',
});
