/**
 * The appliance's OpenAPI document (`GET {api}openapi.json`, src/appliance/http/openapi.ts): generated from the
 * routes' own schemas. Its answer is stated as an OpenAPI 3.1 document whose operations and components are open
 * objects (every field the generator writes is sent; the document's own shape is OpenAPI's).
 */
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';

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
  method: 'GET',
  path: 'openapi.json',
  response: openApiDocument,
  summary: 'This OpenAPI document',
});
