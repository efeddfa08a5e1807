/**
 * oEmbed's XML both ways: the `/embed` answer as WordPress writes it (_oembed_create_xml: `<oembed>` with one
 * element per key, nested for arrays and objects, numeric keys as `<oembed>`, values through esc_html, then as
 * SimpleXML serialises them: ASCII with character references), and a provider's XML answer read as
 * WP_oEmbed::_parse_xml_body reads it (each child of the root as a string; a DOCTYPE refuses the whole answer, so
 * no entity can be declared, expanded or fetched).
 */

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character and XML's five named references decoded; other `&` stay as they are. */
function decodeReferences(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));/g,
    (whole, dec?: string, hex?: string, name?: string) => {
      if (name) return XML_ENTITIES[name]!;
      const code = dec ? Number(dec) : parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    },
  );
}

/** A text node as libxml writes it without a declared encoding: markup escaped, non-ASCII as `&#xHEX;`. */
function xmlText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '\r') out += '&#13;';
    else if (code > 0x7e) out += `&#x${code.toString(16).toUpperCase()};`;
    else if (code < 0x20 && ch !== '\n' && ch !== '\t')
      continue; // not allowed in XML 1.0
    else out += ch;
  }
  return out;
}

/** PHP's string form of a scalar (true "1", false and null ""). */
const phpString = (v: unknown) => (v === true ? '1' : v === false || v === null || v === undefined ? '' : String(v));

/** An element name for a key: numeric keys are `oembed`, as _oembed_create_xml names them. */
const elementName = (key: string) => (/^\d+$/.test(key) ? 'oembed' : /^[A-Za-z_][\w.-]*$/.test(key) ? key : 'oembed');

function children(data: Record<string, unknown> | unknown[]): string {
  let out = '';
  for (const [key, value] of Object.entries(data)) {
    const name = elementName(key);
    if (value !== null && typeof value === 'object') {
      const inner = children(value as Record<string, unknown>);
      out += inner === '' ? `<${name}/>` : `<${name}>${inner}</${name}>`;
    } else {
      // esc_html() then addChild(): the references esc_html leaves (and writes) are read back as characters.
      const text = xmlText(decodeReferences(phpString(value)));
      out += text === '' ? `<${name}/>` : `<${name}>${text}</${name}>`;
    }
  }
  return out;
}

/** The `/embed` answer (or error) as `text/xml`. */
export function toOembedXml(data: unknown): string {
  const body = data !== null && typeof data === 'object' ? children(data as Record<string, unknown>) : '';
  return `<?xml version="1.0"?>\n<oembed>${body}</oembed>\n`;
}

/** A provider's XML answer: each child element of the root as a string; null when it is not one (or declares a DOCTYPE). */
export function parseOembedXml(xml: string): Record<string, string> | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  const body = xml
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  const root = /^<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?>([\s\S]*)<\/\1\s*>$/.exec(body);
  if (!root) return null;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const child = /<([A-Za-z_][\w.:-]*)(?:\s[^<>]*?)?(?:\/>|>([\s\S]*?)<\/\1\s*>)/g;
  for (let m = child.exec(root[2]!); m; m = child.exec(root[2]!)) {
    const inner = m[2] ?? '';
    // CDATA is kept as written; other text has its references decoded and nested elements' tags dropped.
    out[m[1]!] = inner
      .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
      .map((part) =>
        part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeReferences(part.replace(/<[^>]*>/g, '')),
      )
      .join('');
  }
  return out;
}
