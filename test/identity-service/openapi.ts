/**
 * ajv over the Ory Kratos OpenAPI spec (./contract/openapi.json), with the spec quirks handled; see contract.test.ts.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import spec from './contract/openapi.json';

type Json = Record<string, unknown>;

function adapt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(adapt);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    if (k === 'discriminator' || k === 'example' || k.startsWith('x-')) continue;
    out[k] = adapt(v);
  }
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
  }
  return out;
}

export function buildAjv(): { ajv: Ajv; schemas: Json } {
  const schemas = adapt(structuredClone(spec.components.schemas)) as Record<string, Json>;
  schemas.errorBrowserLocationChangeRequired = {
    ...schemas.errorBrowserLocationChangeRequired,
    properties: {
      ...(schemas.errorBrowserLocationChangeRequired.properties as Json),
      error: { $ref: '#/components/schemas/genericError' },
    },
  };
  const generic = schemas.genericError.properties as Json;
  generic.details = { type: 'object', additionalProperties: true };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // Formats of the spec that ajv-formats does not define.
  ajv.addFormat('uuid4', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
  ajv.addSchema({ $id: 'kratos', components: { schemas } });
  return { ajv, schemas };
}

export const { ajv } = buildAjv();
const compiled = new Map<string, ValidateFunction>();
export function validator(ref: string): ValidateFunction {
  let v = compiled.get(ref);
  if (!v) {
    v = ajv.getSchema(`kratos${ref}`)!;
    if (!v) throw new Error(`no schema ${ref}`);
    compiled.set(ref, v);
  }
  return v;
}
