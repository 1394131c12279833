/**
 * Break-glass console command, run on the appliance with the server stopped (it opens the data directory the server
 * would: RAMPART_DATA_DIR, default ./data, and refuses while a server holds it):
 *
 *   npm run admin -- list-admins
 *   npm run admin -- reset-password <name> [--reset-second-factor]
 *
 * reset-password prints a one-time password for <name> and makes it an admin who can sign in (enabled, no expiry,
 * no lockout; the password must be changed at first login). Audited under `auth` with the OS user. The work is in
 * src/appliance/users/breakGlass.ts; run it as the user that owns the database (sudo -u …). Exit status: 0 done,
 * 1 unexpected failure, 2 refused, 3 server running.
 */
import os from 'node:os';
import { ConfigError, loadConfig } from '../config';
import {
  BreakGlassError,
  listAdmins,
  resetAdminPassword,
  withDataDir,
} from '../src/appliance/users/breakGlass';
import { createLogStore } from '../src/appliance/logs/store';

const USAGE = `usage: npm run admin -- list-admins
       npm run admin -- reset-password <name> [--reset-second-factor]`;

/** Who ran the command: the OS account (sudo's caller when run through sudo). */
function osUser(): string {
  const sudo = process.env.SUDO_USER;
  let name = 'unknown';
  try {
    name = os.userInfo().username;
  } catch {
    // No passwd entry (a container's numeric uid): the uid below still says who.
  }
  return sudo ? `${sudo} (via sudo as ${name})` : `${name} (uid ${process.getuid?.() ?? '?'})`;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = rest.filter((a) => a.startsWith('--'));
  const args = rest.filter((a) => !a.startsWith('--'));
  const config = loadConfig(process.env);
  if (command === 'list-admins' && args.length === 0 && flags.length === 0) {
    const admins = await withDataDir(config, (db) => listAdmins(db));
    for (const a of admins)
      process.stdout.write(
        `${a.username}\t${a.enabled ? 'enabled' : 'disabled'}\texpires ${a.expires_at ?? 'never'}\t${
          a.usable ? 'can sign in' : 'CANNOT sign in after tomorrow'
        }\n`,
      );
    if (!admins.some((a) => a.usable))
      process.stdout.write('No admin can sign in after tomorrow: run reset-password <name>.\n');
    return 0;
  }
  const known = ['--reset-second-factor'];
  if (command === 'reset-password' && args.length === 1 && flags.every((f) => known.includes(f))) {
    const name = args[0];
    const password = await withDataDir(config, (db) =>
      resetAdminPassword(db, config, name, {
        actor: osUser(),
        openLog: (opened) =>
          createLogStore(opened, {
            retentionDays: config.logRetentionDays,
            retentionCount: config.logRetentionCount,
          }),
        resetSecondFactor: flags.includes('--reset-second-factor'),
      }),
    );
    process.stdout.write(
      `Admin "${name}" restored: one-time password ${password}\n` +
        'It is enabled, never expires, is not locked out and must change this password at its next login.\n',
    );
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (e: unknown) => {
    if (e instanceof BreakGlassError || e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(e instanceof BreakGlassError ? e.status : 2);
    }
    process.stderr.write(`admin command failed: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(1);
  },
);
