/**
 * The business's profile as this process holds it (the info answer in the cache, fresh or stale), read
 * without an upstream call: the data route takes its address (a page's items need not repeat it), the
 * review index its name (kept out of the topics) and its address (its pages drop it as the API's do).
 */
import type { BusinessAnswer } from '../../api/protocol.ts';
import { dataQueryOf } from './admission.ts';
import type { AnswerCache } from './cache.ts';

const INFO_KEY = dataQueryOf('info', {}).key;

export type HeldBusiness = Partial<Pick<BusinessAnswer['business'], 'name' | 'location'>>;

/** The profile held or being loaded; `undefined` when none is at hand or it cannot be read. */
export async function heldBusiness(cache: AnswerCache): Promise<HeldBusiness | undefined> {
  const answer = await cache.held(INFO_KEY);
  if (!answer) return undefined;
  try {
    return (JSON.parse(new TextDecoder().decode(answer.body)) as BusinessAnswer).business;
  } catch {
    return undefined;
  }
}
