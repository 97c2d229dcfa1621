/**
 * The reader of the topics a reviews page carries (`topics=true`), in a module of its own: only the list that
 * shows them loads it (read-answer.ts is shared by every element).
 */
import type { TopicView } from './protocol.ts';
import { isFields, text, whole } from './read-answer.ts';

/** The most topics a list shows: the proxy sends 12 by default, and a row of chips is read whole. */
export const MAX_TOPICS = 20;

/**
 * The topics an answer carries (its `topics`, asked for with `topics=true`), each with a label, a key and a
 * count of at least one; `undefined` when it carries none (a proxy whose index is not ready leaves them out).
 */
export function readTopics(given: unknown): TopicView[] | undefined {
  if (!Array.isArray(given)) return undefined;
  const topics: TopicView[] = [];
  for (const raw of given) {
    if (!isFields(raw)) continue;
    const label = text(raw.label);
    const key = text(raw.key);
    const count = whole(raw.count, 1);
    if (label && key && count && !topics.some((topic) => topic.key === key))
      topics.push({ label, key, count });
    if (topics.length === MAX_TOPICS) break;
  }
  return topics;
}
