/** Spec 1.1: the namespaces the index advertises, in the order it shows them, and who serves each. */
export const NAMESPACES = ['oembed/1.0', 'formsA/v1', 'events/v1', 'formsB/v1', 'core/v2', 'site-health/v1', 'block-editor/v1'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type ServiceName = 'core-content' | 'events' | 'forms' | 'oembed';

/** Which service owns which namespace. site-health/v1 and block-editor/v1 are advertised only (spec 4.6). */
export const NAMESPACE_OWNERS: Partial<Record<Namespace, ServiceName>> = {
  'oembed/1.0': 'oembed',
  'formsA/v1': 'forms',
  'events/v1': 'events',
  'formsB/v1': 'forms',
  'core/v2': 'core-content',
};

/** Advertised namespaces no service implements yet; the gateway answers their roots itself. */
export const ADVERTISED_ONLY: Namespace[] = ['site-health/v1', 'block-editor/v1'];
