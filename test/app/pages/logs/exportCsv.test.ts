import { logRowsToCsv } from '../../../../src/app/pages/logs/exportCsv';

describe('logRowsToCsv', () => {
  it('writes a header and one quoted, semicolon-separated row per entry', () => {
    const ts = Date.UTC(2026, 10, 22, 10, 0, 0) / 1000;
    const csv = logRowsToCsv([
      { id: 1, service: 'dns', timestamp: ts, message: 'a, b; "c"\nnext line ünïcødé 🚀' },
      { id: 2, service: 'auth', timestamp: ts, message: '=cmd|calc', severity: 'warning' },
    ]);
    expect(csv.split('\n')[0]).toBe('"service";"when";"severity";"message"');
    expect(csv).toBe(
      '"service";"when";"severity";"message"\n' +
        '"dns";"2026-11-22T10:00:00.000Z";"info";"a, b; ""c""\nnext line ünïcødé 🚀"\n' +
        `"auth";"2026-11-22T10:00:00.000Z";"warning";"'=cmd|calc"`,
    );
  });
});
