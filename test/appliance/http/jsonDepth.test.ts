/** JSON bodies of the appliance API are scanned for nesting before they are parsed: 400, never a 500. */
import { Agent, startServer, type Harness } from '../support/harness';

describe('deeply nested JSON bodies', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer();
  });
  afterAll(() => h.close());

  it.each([
    ['5,000 levels of arrays', '['.repeat(5000) + ']'.repeat(5000)],
    ['5,000 levels of objects', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
    [
      '33 levels inside a valid login body',
      `{"username":"a","password":"b","otp":${'['.repeat(33)}${']'.repeat(33)}}`,
    ],
  ])('refuses %s with a pydantic-style 400', async (_name, payload) => {
    const agent = new Agent(h.app);
    await agent.visit();
    const res = await agent.request({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: [
        { loc: ['body'], msg: 'JSON body is nested deeper than 32 levels', type: 'value_error.jsondecode' },
      ],
    });
  });

  it('reads a body with brackets inside strings (it reaches validation)', async () => {
    const agent = new Agent(h.app);
    await agent.visit();
    const res = await agent.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: JSON.stringify({ username: '['.repeat(200), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'username'],
      type: 'value_error.any_str.max_length',
    });
  });
});
