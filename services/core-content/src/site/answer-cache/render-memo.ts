/**
 * Render once: content, excerpt and title HTML kept per post until its raw text changes. Rendering is a pure
 * function of the raw text (the default shortcodes, the renderer of this process), so an entry is reused only
 * when the raw strings it was made from are the same strings; any other rendering context (blocks linking to
 * posts, whose status may change) is rendered per request as before. Password-required text is never rendered
 * at all (the presenter answers '' first), so nothing here depends on the caller.
 */
import type { KitConfig } from '@loom/service-kit';

interface Entry {
  raw: string;
  raw2: string;
  html: string;
}

/** Most posts kept per field; past it the oldest entries go first. */
const MAX_ENTRIES = 50_000;

export class RenderMemo {
  private readonly fields = new Map<string, Map<string, Entry>>();

  /** `compute()` for this post's field, or the HTML computed before from the same raw text. */
  get(field: string, key: string, raw: string, raw2: string, compute: () => string): string {
    let entries = this.fields.get(field);
    if (!entries) this.fields.set(field, (entries = new Map()));
    const hit = entries.get(key);
    if (hit && hit.raw === raw && hit.raw2 === raw2) return hit.html;
    const html = compute();
    if (hit) entries.delete(key);
    else if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, { raw, raw2, html });
    return html;
  }
}

/**
 * The memo of each app, found by its config object (one per app: apps built side by side in a test, on one store,
 * one optimised and one not, never share one).
 */
const memos = new WeakMap<KitConfig, RenderMemo>();

export function enableRenderMemo(config: KitConfig): void {
  memos.set(config, new RenderMemo());
}

/** The app's memo, or undefined when LOOM_ANSWER_CACHE=off (every field rendered per request). */
export const renderMemoOf = (config: KitConfig): RenderMemo | undefined => memos.get(config);
