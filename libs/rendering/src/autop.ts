/**
 * wpautop(): paragraphs and line breaks for classic (non-block) text, through WordPress's own JavaScript port
 * in @wordpress/autop, with the one step that port leaves out of PHP's wpautop() put back.
 */
import { autop } from '@wordpress/autop';

// PHP's wpautop() sets aside <pre> blocks before this step; mirror that so an <hr> inside <pre> is left alone.
const PRE_BLOCK = /(<pre[\s\S]*?<\/pre>)/;

/**
 * PHP adds a blank line after a bare <hr> ("Add a double line break after hr tags, which are self closing");
 * without it, text on the line after an <hr> is glued to it and the paragraph comes out unbalanced.
 */
function breakAfterHr(text: string): string {
  if (!text.includes('<hr')) return text;
  return text
    .split(PRE_BLOCK)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/(<hr\s*?\/?>)/g, '$1\n\n')))
    .join('');
}

export function wpautop(text: string): string {
  return autop(breakAfterHr(text));
}
