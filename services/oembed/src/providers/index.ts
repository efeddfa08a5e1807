/**
 * The sanctioned providers: WordPress's list (wordpress.json, WP_oEmbed::__construct), then any a deployment adds
 * (LOOM_OEMBED_PROVIDERS_FILE, in the same format: wp_oembed_add_provider). The first whose pattern matches a URL is
 * its provider (WP_oEmbed::get_provider without discovery). Their answers are trusted as WordPress trusts them:
 * their HTML is not filtered (wp_filter_oembed_result skips them); discovered providers' HTML is.
 */
import { z } from 'zod';
import wordpress from './wordpress.json';

export interface Provider {
  provider: string;
  regex: RegExp;
  /** The provider URL, `{format}` and `{home}` still to fill in (endpointUrl). */
  endpoint: string;
}

const fileSchema = z.object({
  providers: z.array(
    z.object({
      provider: z.string().min(1),
      pattern: z.string().min(1),
      endpoint: z.string().url(),
      caseSensitive: z.boolean().optional(),
    }),
  ),
});

/** A providers file's entries; a malformed file or pattern is an error at start. */
export function parseProviders(doc: unknown, source: string): Provider[] {
  const parsed = fileSchema.safeParse(doc);
  if (!parsed.success)
    throw new Error(`${source}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return parsed.data.providers.map((p) => {
    let regex: RegExp;
    try {
      // Anchored at the start: WordPress's patterns begin with the scheme but PHP does not anchor them, so that a URL
      // merely containing a provider's address (`https://evil.example/?https://youtu.be/x`) would count as that provider.
      regex = new RegExp(`^(?:${p.pattern})`, p.caseSensitive ? '' : 'i');
    } catch (e) {
      throw new Error(`${source}: pattern of ${p.provider} is not a regular expression (${(e as Error).message})`);
    }
    return { provider: p.provider, regex, endpoint: p.endpoint };
  });
}

export const WORDPRESS_PROVIDERS: readonly Provider[] = parseProviders(wordpress, 'wordpress.json');

export function findProvider(url: string, providers: readonly Provider[]): Provider | undefined {
  return providers.find((p) => p.regex.test(url));
}

/** The provider URL to ask: JSON rather than XML where the endpoint lets us choose, the site's home where it asks. */
export function endpointUrl(p: Provider, homeUrl: string): string {
  return p.endpoint.replace('{format}', 'json').replace('{home}', encodeURIComponent(homeUrl));
}
