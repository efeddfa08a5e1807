/**
 * GET /oembed/1.0/embed (public): this site's own items only (WP_oEmbed_Controller::get_item). `format=xml`
 * answers `text/xml`, errors too, as _oembed_rest_pre_serve_request does; any other format is JSON.
 */
import * as oembed from './contracts';
import { bind, type Binding, type RequestOf, type ResponseFormat } from '@loom/service-kit';
import { invalidUrl, type OembedContext } from './context';
import { localEmbed } from './local';
import { toOembedXml } from './xml';

const read = oembed.embedRoute.endpoints.read;

/** The raw `format` argument decides, as WordPress reads it from the request before any validation. */
export const oembedXml: ResponseFormat = (query, body) =>
  query.format === 'xml' ? { type: 'text/xml; charset=UTF-8', text: toOembedXml(body) } : null;

export function embedBindings(ctx: OembedContext): Binding[] {
  const handler = async (req: RequestOf<typeof read>) => {
    const data = await localEmbed(ctx.local, req.params.url, req.params.maxwidth);
    if (!data) throw invalidUrl();
    return { body: data };
  };
  return [bind(read, null, handler, { format: oembedXml })];
}
