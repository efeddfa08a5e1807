/** `additional_settings`: one `name: value` per line (contact-form.php additional_setting(), rest-api.php). */
import { phpTrim } from './text';
import type { AdditionalSetting } from './types';

/** The plugin's `/^([a-zA-Z0-9_]+)[\t ]*:(.*)$/`, whose `.` takes a CR (PCRE's stops at LF only): a line of CRLF
 * text ("demo_mode: on\r") is a setting, its value trimmed. JS's `.` would stop at the CR and lose the line. */
const LINE = /^([a-zA-Z0-9_]+)[\t ]*:([^\n]*)$/;

/** Lines `name: value` → pairs, as the REST answer's `settings`: on/true → true, off/false → false. */
export function parseAdditionalSettings(content: string): AdditionalSetting[] {
  if (typeof content !== 'string') return [];
  const out: AdditionalSetting[] = [];
  for (const line of content.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const value = phpTrim(m[2]);
    out.push([
      phpTrim(m[1]),
      value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : value,
    ]);
  }
  return out;
}

/** Every value of `name`, in order. */
export function settingValues(settings: AdditionalSetting[], name: string): (string | boolean)[] {
  return settings.filter(([n]) => n === name).map(([, v]) => v);
}

/** The plugin's is_true(): the first value of `name` is on/true/1 (`demo_mode: on`, `subscribers_only: true`). */
export function settingFlag(settings: AdditionalSetting[], name: string): boolean {
  const first = settingValues(settings, name)[0];
  return first === true || first === '1';
}
