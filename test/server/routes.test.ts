/** The security corpus covers every state-changing route: its list must match what the server registers. */
import { MUTATING_ROUTES, parsePrintedRoutes } from '../security/support/routes';
import { startServer, type Harness } from '../appliance/support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startServer();
});
afterAll(() => h.close());

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

it('lists every state-changing route of the appliance and the identity service', () => {
  const registered = parsePrintedRoutes(h.app.printRoutes({ commonPrefix: false }))
    .filter((r) => MUTATING.has(r.method))
    .map((r) => `${r.method} ${r.route}`)
    .sort();
  const listed = MUTATING_ROUTES.filter((r) => MUTATING.has(r.method))
    .map((r) => `${r.method} ${r.route}`)
    .sort();
  expect(registered.length).toBeGreaterThan(10);
  expect(listed).toEqual(registered);
});
