/** The posts controller's text object arguments (title, content, excerpt; the attachments controller's caption and description). */
import { z } from 'zod';
import { sanitizedOnly, wp, type WpSchema } from '@loom/contracts';

/** What a text object argument (title, content, excerpt) carries: the raw value when one was given. */
export interface TextInput {
  raw?: string;
}

/**
 * title / content / excerpt: a string, or an object with `raw` (WordPress validates neither; the index shows the
 * object). A title only counts when `raw` is non-empty; content and excerpt when `raw` is set.
 */
export function textArg(description: string, properties: Record<string, WpSchema>, kind: 'title' | 'text') {
  return sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v): TextInput => {
          if (typeof v === 'string') return { raw: v };
          if (v && typeof v === 'object' && !Array.isArray(v)) {
            const raw = (v as Record<string, unknown>).raw;
            if (
              kind === 'title'
                ? raw !== undefined && raw !== null && raw !== '' && raw !== false && raw !== 0 && raw !== '0'
                : raw !== undefined && raw !== null
            ) {
              return { raw: typeof raw === 'string' ? raw : String(raw) };
            }
          }
          return {};
        })
        .optional(),
      { description, type: 'object', properties },
    ),
  );
}
