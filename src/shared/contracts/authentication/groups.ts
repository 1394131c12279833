/**
 * Groups (`{api}groups`): a group of accounts and the privileges (read or write per area) it grants.
 */
import { type Static, Type } from '@sinclair/typebox';
import { AREAS, type Privileges } from '../../privileges';
import { endpoint } from '../endpoint';
import * as routes from '../routes';
import { epochMs, stringEnum } from '../fields';
import { listPage, listQuery } from '../listing';
import { counted, idList, idParams } from './shared';

export const GROUP_NAME_MAX = 64;

/** Read or write per privilege area. */
export const privileges = Type.Unsafe<Privileges>(
  Type.Object(
    Object.fromEntries(AREAS.map((a) => [a, Type.Optional(stringEnum(['read', 'write'] as const))])),
    {
      additionalProperties: false,
    },
  ),
);

/** A group of accounts and the privileges it grants. */
export const group = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  created_at: epochMs(),
  members: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() })),
  privileges,
});

export type Group = Static<typeof group>;

const groupFields = {
  name: Type.String({ minLength: 1, maxLength: GROUP_NAME_MAX, format: 'safe-text' }),
  description: Type.String({ maxLength: 500, format: 'safe-text' }),
  members: idList(1000),
  privileges,
};

/** `POST {api}groups`: a name, the rest optional. */
export const newGroupBody = Type.Object(
  {
    name: groupFields.name,
    description: Type.Optional(groupFields.description),
    members: Type.Optional(groupFields.members),
    privileges: Type.Optional(groupFields.privileges),
  },
  { additionalProperties: false },
);

export type NewGroupBody = Static<typeof newGroupBody>;

/** `PUT {api}groups/{id}`: every field. */
export const groupBody = Type.Object(groupFields, { additionalProperties: false });

export type GroupBody = Static<typeof groupBody>;

/** `POST {api}groups/bulk`. */
export const groupsBulkBody = Type.Object(
  { action: stringEnum(['delete'] as const), ids: idList(1000, 1) },
  { additionalProperties: false },
);

export type GroupsBulkBody = Static<typeof groupsBulkBody>;

export const groupsBulkAnswer = counted('deleted');

export const groupsQuery = listQuery(['name', 'description', 'members', 'created_at']);

export const createGroup = endpoint({
  method: 'POST',
  path: 'groups',
  body: newGroupBody,
  response: group,
  status: 201,
  summary: 'Add a group',
});

export const listGroups = endpoint({
  ...routes.listGroups,
  query: groupsQuery,
  response: listPage(group),
  summary: 'The groups, one page, with their members and privileges',
});

export const getGroup = endpoint({
  method: 'GET',
  path: 'groups/:id',
  params: idParams,
  response: group,
  summary: 'A group: its members and the privileges it grants',
});

export const putGroup = endpoint({
  method: 'PUT',
  path: 'groups/:id',
  params: idParams,
  body: groupBody,
  response: group,
  summary: 'Change a group: its name, members and privileges',
});

export const deleteGroup = endpoint({
  method: 'DELETE',
  path: 'groups/:id',
  params: idParams,
  status: 204,
  summary: 'Delete a group (its members lose what it granted)',
});

export const groupsBulk = endpoint({
  method: 'POST',
  path: 'groups/bulk',
  body: groupsBulkBody,
  response: groupsBulkAnswer,
  summary: 'Delete many groups in one request',
});
