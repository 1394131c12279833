/**
 * The updates service: receives packages (upload or repository check), answers the page's status, starts the
 * apply and rollback jobs, and keeps the repository, channel and schedule settings.
 */
import { AuditService, auditText } from '../audit';
import { inTransaction, type ApplianceContext } from '../context';
import { JobConflictError, type JobPlan, type JobProgress, type JobRunner } from '../jobs/runner';
import { keyFingerprint, parsePublicKey, readTrustedKeys, writeTrustedKey, type TrustedKey } from './keys';
import { compareVersions, PackageError, verifyPackage, type Channel, type Manifest } from './package';
import { applyPlan, rollbackPlan } from './plan';
import { defaultRepository, listRepository, RepositoryError } from './repository';
import {
  currentVersion,
  listPackages,
  readHistory,
  readPackage,
  readSettings,
  rollbackTarget,
  savePackage,
  type Schedule,
  writeUpdateSchedule,
  writeUpdateSource,
} from './store';
import type { AvailableUpdate, UpdateStatus } from '../../shared/contracts/system';

export type { AvailableUpdate, UpdateStatus };

/** A refusal the route turns into a 422 (or 404/409) item. */
export class UpdateRefused extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    readonly type: string,
    message: string,
    readonly loc: string[] = ['body'],
  ) {
    super(message);
  }
}

export class Updates {
  constructor(
    private readonly ctx: ApplianceContext,
    private readonly jobs: JobRunner,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  keys(): TrustedKey[] {
    return readTrustedKeys(this.ctx.config.dataDir);
  }

  repository(): string {
    return readSettings(this.db).repository ?? defaultRepository(this.ctx.config.dataDir);
  }

  status(): UpdateStatus {
    const s = readSettings(this.db);
    const current = currentVersion(this.db);
    const available = listPackages(this.db)
      .filter((p) => p.manifest.channel === s.channel && compareVersions(p.version, current) > 0)
      .sort((a, b) => compareVersions(b.version, a.version))
      .map((p) => ({
        version: p.version,
        channel: p.manifest.channel,
        security: p.manifest.security,
        changelog: p.manifest.changelog,
        released_at: p.manifest.released_at ?? null,
        size: p.manifest.payload.size,
        source: p.source,
        received_at: p.receivedAt,
      }));
    return {
      current_version: current,
      channel: s.channel,
      schema_version: s.schema_version,
      repository: this.repository(),
      repository_is_default: s.repository === null,
      last_check:
        s.last_check_at === null
          ? null
          : {
              at: s.last_check_at,
              error: s.last_check_error,
              rejected: s.last_check_rejected
                ? (JSON.parse(s.last_check_rejected) as Array<{ file: string; reason: string }>)
                : [],
            },
      available,
      history: readHistory(this.db),
      rollback_version: rollbackTarget(this.db)?.from_version ?? null,
      schedule: { enabled: s.schedule_enabled === 1, day: s.schedule_day, time: s.schedule_time },
      trusted_keys: this.keys().map((k) => ({ name: k.name, fingerprint: keyFingerprint(k.key) })),
    };
  }

  /**
   * Verifies a package file and keeps it for applying. Refused (nothing stored): not a package, unsigned, signed by
   * an untrusted key, bad manifest or checksum, another channel, or not newer than the installed version.
   */
  receive(file: Buffer, source: 'upload' | 'repository', username: string): Manifest {
    let manifest: Manifest;
    let fingerprint: string;
    try {
      const verified = verifyPackage(file, this.keys());
      manifest = verified.manifest;
      fingerprint = verified.keyFingerprint;
    } catch (e) {
      if (e instanceof PackageError) throw new UpdateRefused(422, e.type, e.message);
      throw e;
    }
    const { channel } = readSettings(this.db);
    if (manifest.channel !== channel)
      throw new UpdateRefused(
        422,
        'value_error.update.channel',
        `The package is for the ${manifest.channel} channel; this appliance follows ${channel}`,
      );
    const current = currentVersion(this.db);
    if (compareVersions(manifest.version, current) <= 0)
      throw new UpdateRefused(
        422,
        'value_error.update.downgrade',
        `Version ${manifest.version} is not newer than the installed ${current}; use rollback to return to the previous version`,
      );
    inTransaction(this.db, () =>
      savePackage(this.db, {
        manifest,
        envelope: file,
        source,
        keyFingerprint: fingerprint,
        now: this.ctx.now(),
      }),
    );
    this.ctx.audit.record(
      AuditService.jobs,
      `update package ${manifest.version} (${source}) accepted by "${auditText(username)}", signed by key ${fingerprint}`,
    );
    return manifest;
  }

  /** Reads the repository: every verified newer package is kept; refused files are reported with their reason. */
  async check(username: string): Promise<UpdateStatus> {
    const rejected: Array<{ file: string; reason: string }> = [];
    let error: string | null = null;
    const known = listPackages(this.db);
    try {
      for (const file of await listRepository(this.repository())) {
        try {
          const bytes = await file.read();
          // A file already received unchanged is not verified and recorded again at every check.
          if (known.some((p) => p.envelope.equals(bytes))) continue;
          this.receive(bytes, 'repository', username);
        } catch (e) {
          if (e instanceof UpdateRefused && e.type === 'value_error.update.downgrade') continue;
          if (e instanceof UpdateRefused || e instanceof RepositoryError)
            rejected.push({ file: file.name, reason: e.message });
          else throw e;
        }
      }
    } catch (e) {
      if (!(e instanceof RepositoryError)) throw e;
      error = e.message;
    }
    inTransaction(this.db, () =>
      this.db
        .prepare(
          'UPDATE update_settings SET last_check_at = ?, last_check_error = ?, last_check_rejected = ? WHERE id = 1',
        )
        .run(this.ctx.now(), error, JSON.stringify(rejected)),
    );
    return this.status();
  }

  private startJob<S>(plan: JobPlan<S>, username: string, payload: unknown): JobProgress {
    try {
      return this.jobs.start('upgrade', plan, username, payload);
    } catch (e) {
      if (e instanceof JobConflictError) throw new UpdateRefused(409, 'value_error.job_running', e.message);
      throw e;
    }
  }

  apply(version: string, username: string): JobProgress {
    const stored = readPackage(this.db, version);
    if (!stored)
      throw new UpdateRefused(404, 'value_error.update.unknown', `Package ${version} is not available`, [
        'body',
        'version',
      ]);
    const current = currentVersion(this.db);
    if (compareVersions(version, current) <= 0)
      throw new UpdateRefused(
        422,
        'value_error.update.downgrade',
        `Version ${version} is not newer than the installed ${current}`,
        ['body', 'version'],
      );
    return this.startJob(applyPlan(this.ctx, version, username), username, { action: 'update', version });
  }

  rollback(username: string): JobProgress {
    const target = rollbackTarget(this.db);
    if (!target)
      throw new UpdateRefused(
        422,
        'value_error.update.no_previous',
        'There is no previous version to roll back to',
      );
    return this.startJob(rollbackPlan(this.ctx, username), username, {
      action: 'rollback',
      version: target.from_version,
    });
  }

  saveSettings(repository: string | null, channel: Channel, username: string): void {
    inTransaction(this.db, () => writeUpdateSource(this.db, repository, channel));
    this.ctx.audit.record(
      AuditService.settings,
      `update repository set to ${auditText(repository ?? 'the default', 200)} (channel ${channel}) by "${auditText(username)}"`,
    );
  }

  saveSchedule(schedule: Schedule, username: string): void {
    inTransaction(this.db, () => writeUpdateSchedule(this.db, schedule, this.ctx.now()));
    this.ctx.audit.record(
      AuditService.settings,
      `security update schedule ${schedule.enabled ? `set to ${schedule.day} ${schedule.time}` : 'turned off'} by "${auditText(username)}"`,
    );
  }

  /**
   * Installs an Ed25519 public key as trusted (admin, audited with its fingerprint). Refused: not a public Ed25519
   * key, a private key, a name or a key already installed.
   */
  addTrustedKey(name: string, pem: string, username: string): { name: string; fingerprint: string } {
    const parsed = parsePublicKey(pem);
    if ('problem' in parsed)
      throw new UpdateRefused(422, 'value_error.update.key', parsed.problem, ['body', 'pem']);
    const fingerprint = keyFingerprint(parsed.key);
    const existing = this.keys();
    const same = existing.find((k) => k.fingerprint === fingerprint);
    if (same)
      throw new UpdateRefused(
        422,
        'value_error.update.key_duplicate',
        `this key is already trusted as "${same.name}"`,
        ['body', 'pem'],
      );
    if (existing.some((k) => k.name === name))
      throw new UpdateRefused(422, 'value_error.duplicate', 'a trusted key has this name', ['body', 'name']);
    try {
      writeTrustedKey(this.ctx.config.dataDir, name, parsed.key);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST')
        throw new UpdateRefused(422, 'value_error.duplicate', 'a file with this name exists', [
          'body',
          'name',
        ]);
      throw e;
    }
    this.ctx.audit.record(
      AuditService.settings,
      `trusted update key "${auditText(name)}" (${fingerprint}) installed by "${auditText(username)}"`,
    );
    return { name, fingerprint };
  }
}
