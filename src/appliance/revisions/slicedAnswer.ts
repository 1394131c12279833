/**
 * A large plan's answer written in slices. Serialising a plan of tens of thousands of changes takes tens of
 * milliseconds at once; the answer around the changes is serialised by the route's own serializer, and the changes
 * a few at a time by the serializer of their schema, yielding between slices: the same bytes, while every other
 * request keeps its answer time. A small plan is answered as usual.
 */
import type { FastifyReply } from 'fastify';
import { configPlan, type PlanChange } from '../../shared/contracts/revisions';
import { Slices } from '../../service-kit/slices';

/** Plans of more changes than this are answered in slices. */
export const SLICED_ANSWER_CHANGES = 1000;

const changeSchema = configPlan.properties.changes.items;
const EMPTY = '"changes":[]';

/**
 * Answers `answer`, whose plan holds `changes` (the answer's `changes` field is replaced, wherever the plan sits in
 * it): as it is when there are few, otherwise serialised here in slices.
 */
export async function answerWithPlan<T>(
  reply: FastifyReply,
  answer: T,
  changes: readonly PlanChange[],
  withoutChanges: (answer: T) => T,
  threshold = SLICED_ANSWER_CHANGES,
): Promise<T | FastifyReply> {
  if (changes.length <= threshold) return answer;
  const outer = reply.serializeInput(
    withoutChanges(answer) as Record<string, unknown>,
    String(reply.statusCode),
  ) as string;
  // The plan's key comes first as written: a string value cannot hold `"changes":[]` (its quotes are escaped).
  const at = outer.indexOf(EMPTY);
  if (at === -1) return answer;
  const slices = new Slices();
  const parts: string[] = [];
  for (const change of changes) {
    parts.push(
      reply.serializeInput(
        change as unknown as Record<string, unknown>,
        changeSchema as unknown as Record<string, unknown>,
      ),
    );
    await slices.tick();
  }
  const text = `${outer.slice(0, at)}"changes":[${parts.join(',')}]${outer.slice(at + EMPTY.length)}`;
  return reply.type('application/json; charset=utf-8').send(text);
}
