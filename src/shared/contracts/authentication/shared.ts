/**
 * What the authentication area's topics share: an id in the path, a list of ids, a bulk action's count.
 */
import { type Static, Type } from '@sinclair/typebox';

/** A numeric id in the path (`/users/{id}`). */
export const idParams = Type.Object(
  { id: Type.String({ pattern: '^[0-9]{1,12}$', description: 'The numeric id.' }) },
  { additionalProperties: false },
);

export type IdParams = Static<typeof idParams>;

/** A list of distinct numeric ids (members, groups). */
export const idList = (maxItems: number, minItems?: number) =>
  Type.Array(Type.Integer({ minimum: 1 }), {
    maxItems,
    uniqueItems: true,
    ...(minItems === undefined ? {} : { minItems }),
  });

/** A bulk action's count: `{ deleted: 3 }`, `{ enabled: 2 }`. */

export const counted = (key: string) => Type.Record(Type.Literal(key), Type.Integer({ minimum: 0 }));
