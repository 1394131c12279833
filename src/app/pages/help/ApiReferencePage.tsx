/**
 * `/help/api`: the appliance's API reference, generated from its OpenAPI document (`GET {api}/openapi.json`, built
 * from the routes the appliance registered): the operations by area, each with who may call it, whether it needs a
 * recent sign-in, its parameters and body fields; how browsers and programs authenticate; the error shapes.
 */
import { useState } from 'react';
import { keyOf, urlOf } from '../../../shared/contracts/endpoint';
import { getOpenApiDocument } from '../../../shared/contracts/shell';
import { useAppSelector } from '../../../store/createStore';
import { useResource } from '../../../store/useResource';
import { Loader } from '../../../widgets/Loader';
import { PageHeader } from '../../../widgets/PageHeader';
import './help.css';

export const API_REFERENCE_TITLE = 'API reference';
export const OPENAPI_KEY = keyOf(getOpenApiDocument);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  description?: string;
  format?: string;
};
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema?: Schema;
  description?: string;
}
export interface Operation {
  operationId: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  'x-rampart-access': { who: string; reauth: boolean; cookieless: boolean };
}
export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { name?: string }> };
}

/** A schema in a few words: its type, or the values it allows. */
export function typeOf(s: Schema | undefined): string {
  if (!s) return 'any';
  const choices = s.enum ?? (s.anyOf?.every((a) => 'const' in a) ? s.anyOf.map((a) => a.const) : undefined);
  if (choices)
    return choices.length > 6 ? `one of ${choices.length} values` : choices.map(String).join(' | ');
  if ('const' in s) return String(s.const);
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (t === 'array') return `list of ${typeOf(s.items)}`;
  return s.format ? `${t} (${s.format})` : t;
}

function Fields({ label, rows }: { label: string; rows: Array<[string, string, string | undefined]> }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <ul className="api-ref__fields">
          {rows.map(([name, type, more]) => (
            <li key={name}>
              <code>{name}</code> <span className="api-ref__type">{type}</span>
              {more ? ` — ${more}` : ''}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}

function OperationEntry({ method, path, op }: { method: string; path: string; op: Operation }) {
  const access = op['x-rampart-access'];
  const params = op.parameters ?? [];
  const body = op.requestBody?.content['application/json']?.schema;
  const raw = op.requestBody && !body ? Object.keys(op.requestBody.content).join(', ') : null;
  const required = new Set(body?.required ?? []);
  const name = `${method.toUpperCase()} ${path}`;
  return (
    <article className="api-ref__op" aria-label={name}>
      <h3 className="api-ref__op-title">
        <span className={`api-ref__method api-ref__method--${method}`}>{method.toUpperCase()}</span>{' '}
        <code>{path}</code>
      </h3>
      <dl className="api-ref__facts">
        <dt>Who may call it</dt>
        <dd>{access.who}</dd>
        {access.reauth && (
          <>
            <dt>Re-authentication</dt>
            <dd>Needs a recent sign-in (403 reauth_required otherwise)</dd>
          </>
        )}
        {access.cookieless && (
          <>
            <dt>Cookies</dt>
            <dd>Sets and reads none: no XSRF header needed</dd>
          </>
        )}
        {params.length > 0 && (
          <Fields
            label="Parameters"
            rows={params.map((p) => [
              p.name,
              `${p.in}${p.required ? ', required' : ''}, ${typeOf(p.schema)}`,
              p.description ?? p.schema?.description,
            ])}
          />
        )}
        {body?.properties && Object.keys(body.properties).length > 0 && (
          <Fields
            label="Body fields"
            rows={Object.entries(body.properties).map(([field, s]) => [
              field,
              `${required.has(field) ? 'required, ' : ''}${typeOf(s)}`,
              s.description,
            ])}
          />
        )}
        {raw && (
          <>
            <dt>Body</dt>
            <dd>Raw bytes ({raw})</dd>
          </>
        )}
      </dl>
    </article>
  );
}

/** The operations grouped by tag, in path order; only those whose method or path contains the query. */
export function groupOperations(doc: OpenApiDocument, query = '') {
  const q = query.trim().toLowerCase();
  const groups = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops)) {
      if (q && !`${method} ${path}`.toLowerCase().includes(q)) continue;
      const tag = op.tags?.[0] ?? 'other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)?.push({ method, path, op });
    }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

export function ApiReferenceScreen() {
  const { data, status } = useResource<OpenApiDocument>(OPENAPI_KEY);
  const apiBase = useAppSelector((s) => s.config.apiBase);
  const [query, setQuery] = useState('');
  const groups = data ? groupOperations(data, query) : [];
  const shown = groups.reduce((n, [, ops]) => n + ops.length, 0);
  const authBase = useAppSelector((s) => s.config.authBase);
  return (
    <section className="page help api-ref" aria-label={API_REFERENCE_TITLE}>
      <PageHeader
        title={API_REFERENCE_TITLE}
        help={{ to: '/help', label: 'All help pages' }}
        search={{
          label: 'Filter endpoints',
          value: query,
          onChange: setQuery,
          placeholder: 'Method or path',
        }}
        statusNotice={query && data ? { text: `${shown} endpoints match.`, level: 'info' } : undefined}
      />
      <section className="api-ref__intro" aria-labelledby="api-ref-signing-in">
        <h2 id="api-ref-signing-in">Signing in and errors</h2>
        <p>
          The console signs in with <code>POST {authBase}/login</code>: a session cookie, and every change
          sends the <code>XSRF-TOKEN</code> cookie’s value back in the <code>X-XSRF-TOKEN</code> header.
          Programs ask <code>POST {authBase}/token</code> (<code>username</code>, <code>password</code>,{' '}
          <code>otp</code> when the account has a second factor) for a token and send{' '}
          <code>Authorization: Bearer &lt;token&gt;</code> with no cookie and no XSRF header.
        </p>
        <p>
          Errors are JSON: <code>{'{"detail": "Not authenticated"}'}</code> for 401, 403 and 404, and a list
          of items{' '}
          <code>
            {
              '{"detail": [{"loc": ["body", "name"], "msg": "field required", "type": "value_error.missing"}]}'
            }
          </code>{' '}
          when a request does not fit (400, 409, 422).
        </p>
        <p>
          <a href={urlOf(getOpenApiDocument, undefined, apiBase)} download="rampart-openapi.json">
            Download the OpenAPI document
          </a>{' '}
          (OpenAPI 3.1{data ? `, version ${data.info.version}` : ''}).
        </p>
      </section>
      {!data ? (
        status === 'failed' ? (
          <p role="alert">The API reference could not be read.</p>
        ) : (
          <Loader />
        )
      ) : shown === 0 ? (
        <p className="page__notice" role="note">
          No endpoint matches “{query}”.
        </p>
      ) : (
        groups.map(([tag, ops]) => (
          <section key={tag} className="api-ref__group" aria-labelledby={`api-ref-tag-${tag}`}>
            <h2 id={`api-ref-tag-${tag}`}>{tag}</h2>
            {ops.map((o) => (
              <OperationEntry key={`${o.method} ${o.path}`} {...o} />
            ))}
          </section>
        ))
      )}
    </section>
  );
}
