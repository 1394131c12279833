/**
 * `{api}pki/acme/accounts…` and `{api}pki/acme/orders…` (admin), the order state stream
 * `/eos/pki/acme/orders/:id/stream` (SSE: `state` events, then `end` once the order is valid or invalid), and the
 * HTTP-01 answers at `/.well-known/acme-challenge/:token` (public: the ACME server asks them).
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/guards';
import { notFound } from '../../http/errors';
import { applyApiConventions } from '../../http/scope';
import { followSnapshots, lastEventId, startEventStream } from '../../http/sse';
import { accountView, createAccount, deleteAccount, getAccountRow, listAccounts } from '../acme/accounts';
import {
  ACTIVE_STATUSES,
  challengeAnswer,
  getOrderRow,
  listOrders,
  orderView,
  type AcmeOrders,
  type OrderState,
} from '../acme/orders';
import type { PkiContext } from '../context';
import { runBulk } from '../bulk';
import { pkiAction } from './http';
import { pageOf } from '../../http/listing';
import { area } from '../../http/routeAccess';
import { contractRoute } from '../../http/contractRoute';
import { streamRoute } from '../../http/streamRoute';
import * as pki from '../../../shared/contracts/pki';

const tokenParams = {
  type: 'object',
  additionalProperties: false,
  required: ['token'],
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,256}$' } },
} as const;

export function registerAcmeRoutes(scope: FastifyInstance, p: PkiContext, orders: AcmeOrders): void {
  // Every route of the PKI area; its changes (issuing, importing, exporting keys, revoking, deleting) need a recent
  // sign-in or re-authentication.
  const pkiArea = { config: { access: area('pki'), reauth: true } };

  contractRoute(scope, pki.listAcmeAccounts, pkiArea.config, async () => ({ data: listAccounts(p) }));
  contractRoute(scope, pki.getAcmeAccount, pkiArea.config, async (req) =>
    accountView(p, getAccountRow(p, req.params.id)),
  );
  contractRoute(
    scope,
    pki.createAcmeAccount,
    pkiArea.config,
    async (req, reply) =>
      reply
        .code(201)
        .send(await pkiAction(() => createAccount(p, req.body, currentUser(req).username, orders.timing))),
    { bodyLimit: pki.PKI_UPLOAD_LIMIT },
  );
  contractRoute(scope, pki.deleteAcmeAccount, pkiArea.config, async (req, reply) => {
    deleteAccount(p, req.params.id, currentUser(req).username);
    return reply.code(204).send();
  });

  contractRoute(scope, pki.listAcmeOrders, pkiArea.config, async (req) =>
    pageOf(listOrders(p), req.query ?? {}, {
      sort: {
        names: (o) => o.names.join(', '),
        account_name: (o) => o.account_name,
        status: (o) => o.status,
        not_after: (o) => o.not_after,
        created_at: (o) => o.created_at,
      },
      defaultSort: '-created_at',
      text: (o) => [...o.names, o.account_name, o.detail],
      filters: { account_id: (o, v) => o.account_id === v, status: (o, v) => o.status === v },
    }),
  );
  contractRoute(scope, pki.getAcmeOrder, pkiArea.config, async (req) =>
    orderView(p, getOrderRow(p, req.params.id)),
  );
  contractRoute(scope, pki.patchAcmeOrder, pkiArea.config, async (req) =>
    orderView(p, orders.update(req.params.id, req.body, currentUser(req).username)),
  );
  // One request for many: orders still in progress are kept (named with why).
  contractRoute(scope, pki.acmeOrdersBulk, pkiArea.config, async (req) => {
    const user = currentUser(req).username;
    const nameOf = (id: string) => {
      const row = p.app.db.prepare('SELECT names FROM pki_acme_orders WHERE id = ?').get(id) as
        { names: string } | undefined;
      return row ? (JSON.parse(row.names) as string[]).join(', ') : null;
    };
    return runBulk(p, req.body.ids, nameOf, (id) => orders.delete(id, user));
  });

  contractRoute(scope, pki.deleteAcmeOrder, pkiArea.config, async (req, reply) => {
    orders.delete(req.params.id, currentUser(req).username);
    return reply.code(204).send();
  });
  // 202: the order proceeds in the background; follow it on the stream or by polling the detail.
  contractRoute(scope, pki.createAcmeOrder, pkiArea.config, async (req, reply) =>
    reply.code(202).send(orderView(p, orders.create(req.body, currentUser(req).username))),
  );
}

/** The routes outside the API base: the order stream under `/eos` and the HTTP-01 answers at the site root. */
export async function registerAcmeRootRoutes(
  app: FastifyInstance,
  p: PkiContext,
  orders: AcmeOrders,
  streams: Set<() => void>,
): Promise<void> {
  app.get<{ Params: { token: string } }>(
    '/.well-known/acme-challenge/:token',
    { schema: { params: tokenParams } },
    async (req, reply) => {
      const answer = challengeAnswer(p, req.params.token);
      if (!answer) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return reply.header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(answer);
    },
  );

  await app.register(
    async (eos) => {
      applyApiConventions(eos);
      registerOrderStream(eos, p, orders, streams);
    },
    { prefix: '/eos' },
  );
}

function registerOrderStream(
  eos: FastifyInstance,
  p: PkiContext,
  orders: AcmeOrders,
  streams: Set<() => void>,
): void {
  streamRoute(
    eos,
    pki.acmeOrderStream,
    { access: area('pki') },
    async (req, reply) => {
      const first = getOrderRow(p, req.params.id);
      if (!first) throw notFound('ACME order does not exist');
      const stream = startEventStream(req, reply);
      const close = () => stream.close();
      streams.add(close);
      stream.onClose(() => streams.delete(close));
      followSnapshots<OrderState>(
        stream,
        {
          event: 'state',
          subscribe: (listener) => orders.subscribe(first.id, listener),
          current: () => orders.state(getOrderRow(p, first.id)),
          isFinal: (s) => !ACTIVE_STATUSES.includes(s.status),
          endData: (s) => ({ id: s.id, status: s.status }),
        },
        lastEventId(req),
      );
    },
    { exposeHeadRoute: false },
  );
}
