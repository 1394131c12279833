/** @jest-environment ./test/support/jsdom-environment.js */
import { resetFeatureSagas, setFeatureSagaRunner, startFeatureSaga } from '../../sagas/featureSagas';

function* saga() {}

describe('page sagas started with their chunk', () => {
  afterEach(() => resetFeatureSagas());

  test('a saga requested before the store exists starts once the runner is set, and only once', () => {
    startFeatureSaga('logs', saga);
    startFeatureSaga('logs', saga);
    const run = jest.fn();
    setFeatureSagaRunner(run);
    expect(run).toHaveBeenCalledTimes(1);
    startFeatureSaga('logs', saga);
    expect(run).toHaveBeenCalledTimes(1);
  });

  test('with a runner set, a new feature starts at once', () => {
    const run = jest.fn();
    setFeatureSagaRunner(run);
    startFeatureSaga('other', saga);
    expect(run).toHaveBeenCalledWith(saga);
  });
});
