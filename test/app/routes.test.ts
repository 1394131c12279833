/**
 * An area's sagas start when the route table loads the area's chunk (sagas/areas/), not from the area's page
 * modules (views import no sagas): opening the log report starts its stream and the log-tail windows' saga, the
 * signed-in layout starts the shell's sagas and the job windows', the PKI pages the file downloads and the ACME
 * order follow.
 */
import type { RouteObject } from 'react-router';
import type { Saga } from 'redux-saga';
import { acmeOrderStreamSaga } from '../../sagas/acmeOrderStream.saga';
import { coreLayoutSaga } from '../../sagas/core';
import { resetFeatureSagas, setFeatureSagaRunner } from '../../sagas/featureSagas';
import { fileDownloadSaga } from '../../sagas/fileDownload.saga';
import { jobWindowsSaga } from '../../sagas/jobWindows.saga';
import { logStreamSaga } from '../../sagas/logStream.saga';
import { logTailSaga } from '../../sagas/logTail.saga';
import { networkLiveSaga } from '../../sagas/networkLive.saga';
import { routes } from '../../src/app/routes';

function findRoute(list: RouteObject[], id: string): RouteObject | undefined {
  for (const route of list) {
    if (route.id === id) return route;
    const inner = route.children && findRoute(route.children, id);
    if (inner) return inner;
  }
  return undefined;
}

async function load(id: string) {
  const route = findRoute(routes, id);
  if (typeof route?.lazy !== 'function') throw new Error(`no lazy route ${id}`);
  return route.lazy();
}

let started: Saga[] = [];
beforeEach(() => {
  resetFeatureSagas();
  started = [];
  setFeatureSagaRunner((saga) => started.push(saga));
});
afterAll(() => resetFeatureSagas());

it("starts the log report's stream and the log-tail windows' saga with the logs chunk", async () => {
  const loaded = await load('logs/overview');
  expect(loaded.Component).toBeDefined();
  expect(started).toEqual(expect.arrayContaining([logStreamSaga, logTailSaga]));
});

it("starts the signed-in shell's sagas and the job windows' with the core layout", async () => {
  await load('core');
  expect(started).toEqual(expect.arrayContaining([coreLayoutSaga, jobWindowsSaga]));
});

it('starts the file downloads and the ACME order follow with the PKI pages, the live throughput with network', async () => {
  await load('system/certificates');
  expect(started).toEqual(expect.arrayContaining([fileDownloadSaga, acmeOrderStreamSaga]));
  await load('network/analytics');
  expect(started).toContain(networkLiveSaga);
});
