/** Spec 1.1: the namespaces the index advertises, in the order it shows them, and who serves each. */
export const NAMESPACES = [
  'oembed/1.0',
  'formsA/v1',
  'events/v1',
  'formsB/v1',
  'core/v2',
  'site-health/v1',
  'block-editor/v1',
] as const;
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

/** What each namespace serves, in a sentence (the API reference's sections). */
export const NAMESPACE_DESCRIPTIONS: Record<Namespace, string> = {
  'oembed/1.0':
    "oEmbed (WordPress's `oembed/1.0`): the embed data of this site's pages, and of other sites' through the proxy.",
  'formsA/v1':
    "Contact forms (Contact Form 7's `contact-form-7/v1`): the forms, their submissions' feedback, and Loom's stored submissions.",
  'events/v1':
    "Events (The Events Calendar's `tribe/events/v1`): events, venues, organizers, and their categories and tags.",
  'formsB/v1': "Forms (WPForms Lite's `wpforms/v1`): the block editor's form list, and Loom's form import.",
  'core/v2':
    "WordPress's core routes (`wp/v2`): posts, pages, media, terms, menus, templates, users and the site's descriptors.",
  'site-health/v1': "Advertised as WordPress's index advertises `wp-site-health/v1`; only its root is served.",
  'block-editor/v1': "Advertised as WordPress's index advertises `wp-block-editor/v1`; only its root is served.",
};
