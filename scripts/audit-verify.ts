/**
 * Offline check of the audit trail: `bin/rampart-audit-verify <data dir>` opens `<data dir>/appliance.db` read-only
 * (a running server may keep writing) and walks the hash chain, comparing its end with `<data dir>/audit-head.json`.
 * Prints `OK: …` and exits 0 when intact; prints the first broken record and exits 1 otherwise; 2 for a wrong call.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readAuditHead, verifyAuditChain } from '../src/appliance/auditChain';

function main(argv: string[]): number {
  const dir = argv[0];
  if (!dir || argv.length > 1 || dir === '-h' || dir === '--help') {
    process.stderr.write('usage: rampart-audit-verify <data dir>\n');
    return 2;
  }
  const file = path.join(dir, 'appliance.db');
  if (!fs.existsSync(file)) {
    process.stderr.write(`no appliance database in ${path.resolve(dir)}\n`);
    return 2;
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = verifyAuditChain(db, readAuditHead(dir));
    if (result.ok) {
      process.stdout.write(`OK: ${result.detail}\n`);
      return 0;
    }
    process.stdout.write(
      `BROKEN at record ${result.seq ?? '?'}: ${result.detail} (${result.records} records intact before it)\n`,
    );
    return 1;
  } finally {
    db.close();
  }
}

process.exitCode = main(process.argv.slice(2));
