/**
 * oembed: the oembed/1.0 namespace (embed lookup and embed proxy). The namespace root is served now; the
 * embed routes arrive with the oEmbed issue.
 */
import { oembed } from '@loom/contracts';
import { createServiceApp, type KitConfig, type Logger, type ServiceDefinition } from '@loom/service-kit';
import type { Store } from '@loom/store';

export const oembedService: ServiceDefinition = {
  name: 'oembed',
  namespaces: [oembed.OEMBED],
  routes: oembed.oembedRoutes,
  bindings: [],
};

export async function buildApp(deps: { config: KitConfig; store: Store; log: Logger }) {
  return createServiceApp(oembedService, deps);
}
