/** The quiz form-tag: `"question|answer"` pairs; the answer travels only as a keyed hash. */
import { createHmac } from 'node:crypto';
import { canonicalize } from './text';
import type { FormTag } from './types';

/** `{ <name>: [question, answerHash] }` for refill and feedback answers. */
export type QuizRefill = Record<string, [string, string]>;

/** The plugin's canonical form of an answer: entities decoded, NFKC, lower case, whitespace removed. */
export function canonicalizeQuizAnswer(answer: string): string {
  return canonicalize(typeof answer === 'string' ? answer : '', { stripSeparators: true });
}

/**
 * The hash of an answer (canonicalised first), as the plugin's wp_hash($answer, 'wpcf7_quiz'): an HMAC keyed
 * with a server secret, so the hidden field does not give the answer away; 32 hex characters like the plugin's.
 */
export function quizAnswerHash(answer: string, secret: string): string {
  return createHmac('sha256', `wpcf7_quiz|${secret}`).update(canonicalizeQuizAnswer(answer)).digest('hex').slice(0, 32);
}

/**
 * One question per quiz tag, chosen with `random` (default Math.random), with its answer hash; null when the
 * form has no quiz (refill then answers `[]`). A quiz without pairs asks the plugin's `1+1=?` / `2`.
 */
export function refillQuiz(tags: FormTag[], secret: string, random: () => number = Math.random): QuizRefill | null {
  const out = Object.create(null) as QuizRefill;
  let any = false;
  for (const tag of tags) {
    if (tag.type !== 'quiz' || !tag.name) continue;
    let question = '1+1=?';
    let answer = '2';
    if (tag.pipes.length) {
      const i = Math.min(tag.pipes.length - 1, Math.max(0, Math.floor(random() * tag.pipes.length)));
      [question, answer] = tag.pipes[i];
    }
    out[tag.name] = [question, quizAnswerHash(answer, secret)];
    any = true;
  }
  return any ? out : null;
}
