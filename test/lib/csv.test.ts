import { csvExportFileName, neutraliseFormula, quoteCsvValue, toCsv } from '../../src/lib/csv';

describe('quoteCsvValue', () => {
  it.each([
    ['plain text', 'hello', '"hello"'],
    ['a comma', 'a,b', '"a,b"'],
    ['a semicolon', 'a;b', '"a;b"'],
    ['quotes', 'say "hi"', '"say ""hi"""'],
    ['a newline', 'line1\nline2', '"line1\nline2"'],
    ['unicode', 'ünïcødé ✓ 日本語 🚀', '"ünïcødé ✓ 日本語 🚀"'],
    ['a number', 42, '"42"'],
    ['nothing', undefined, '""'],
    ['a formula', '=SUM(A1:A2)', `"'=SUM(A1:A2)"`],
    ['a formula with quotes', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('quotes %s', (_name, input, expected) => {
    expect(quoteCsvValue(input)).toBe(expected);
  });
});

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['a=1', 'a=1'],
    ['', ''],
  ])('%p → %p', (input, expected) => expect(neutraliseFormula(input)).toBe(expected));
});

describe('toCsv', () => {
  it('joins values with semicolons and rows with newlines', () => {
    expect(
      toCsv([
        ['service', 'when', 'message'],
        ['dns', '2026-11-22', 'a;b, "c"\nd'],
      ]),
    ).toBe('"service";"when";"message"\n"dns";"2026-11-22";"a;b, ""c""\nd"');
  });
});

describe('csvExportFileName', () => {
  it.each([
    ['overview', 1700000000000, 'log_export_overview_1700000000000.csv'],
    ['../etc/passwd', 5, 'log_export_etc-passwd_5.csv'],
    ['', 5, 'log_export_report_5.csv'],
  ])('names %p', (name, ts, expected) => expect(csvExportFileName(name, ts)).toBe(expected));
});
