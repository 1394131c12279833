/**
 * What the configuration document's tests share: export, change and PUT a document, revert a revision, and check that
 * a refused document or revert wrote nothing (no revision, the same export).
 */
import type { JobProgress } from '../../../src/appliance/jobs/runner';
import { count, type Agent, type Harness } from '../support/harness';

export type Entity = Record<string, unknown>;
export type Doc = { format: string; exported_at?: string; sections: Record<string, Record<string, Entity>> };

export const withoutDate = ({ exported_at: _e, ...doc }: Doc) => doc;

export async function until(check: () => Promise<boolean> | boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

/** The helpers, on the server and admin agent the test file's `beforeAll` started (read when called). */
export function documentHelpers(server: () => { h: Harness; admin: Agent }) {
  const admin = () => server().admin;
  const exportDoc = async (): Promise<Doc> => (await admin().get('/api/config')).json() as Doc;
  const finished = async (job: JobProgress | null) => {
    if (!job) return;
    await until(async () => (await admin().get(`/api/jobs/${job.id}`)).json().status !== 'running');
  };
  const latest = async () =>
    (await admin().get('/api/revisions?per_page=1')).json().data[0] as { id: number; summary: string };

  /** Export, change, PUT: answers the revision recorded (after its job, if any, finished). */
  async function applyChange(change: (doc: Doc) => void): Promise<number> {
    const doc = await exportDoc();
    change(doc);
    const res = await admin().put('/api/config', doc);
    expect(res.json()).toMatchObject({ revision: expect.any(Number) });
    expect(res.statusCode).toBe(200);
    await finished(res.json().job);
    expect((await latest()).id).toBe(res.json().revision);
    return res.json().revision as number;
  }

  async function revert(revision: number) {
    const res = await admin().post(`/api/revisions/${revision}/revert`);
    expect(res.json()).toMatchObject({ revision: expect.any(Number) });
    expect(res.statusCode).toBe(200);
    await finished(res.json().job);
    return res.json() as { plan: { changes: Array<Entity> }; revision: number };
  }

  async function plansNothing(): Promise<void> {
    const plan = await admin().post('/api/config/plan', await exportDoc());
    expect(plan.statusCode).toBe(200);
    expect(plan.json().changes).toEqual([]);
  }

  /** Nothing written by `act`: no revision, the same export. Answers its answer's first error item. */
  async function writesNothing(
    act: () => Promise<{ statusCode: number; json(): unknown }>,
    status: number,
  ): Promise<{ loc: unknown[]; type: string; msg: string }> {
    const { h } = server();
    const revisions = count(h, 'revisions');
    const before = withoutDate(await exportDoc());
    const res = await act();
    expect(res.statusCode).toBe(status);
    expect(count(h, 'revisions')).toBe(revisions);
    expect(withoutDate(await exportDoc())).toEqual(before);
    return (res.json() as { detail: Array<{ loc: unknown[]; type: string; msg: string }> }).detail[0];
  }

  /** A document the change makes bad is refused at `loc`, with nothing written. */
  async function refused(change: (doc: Doc) => void, loc: unknown[], type?: string | RegExp, status = 422) {
    const doc = structuredClone(await exportDoc());
    change(doc);
    const detail = await writesNothing(() => admin().put('/api/config', doc), status);
    expect(detail.loc).toEqual(loc);
    if (type) expect(detail.type).toMatch(type);
    return detail;
  }

  /** A revert refused whole, with nothing written. */
  const revertRefused = (revision: number, status = 422) =>
    writesNothing(() => admin().post(`/api/revisions/${revision}/revert`), status);

  return { exportDoc, finished, latest, applyChange, revert, plansNothing, refused, revertRefused };
}
