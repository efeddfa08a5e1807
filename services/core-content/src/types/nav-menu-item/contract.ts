/**
 * `nav_menu_item` (spec 2.6, core/v2/menu-items): every capability is edit_theme_options. Its controller
 * (WP_REST_Menu_Items_Controller) has its own schema and write arguments, in WordPress's order, with the create
 * defaults of spec 2.6; 100 items per page by menu_order ascending (spec 4.6 column I); no trash (DELETE needs
 * force); autosaves but no revisions. The posts controller's `meta` is kept (schema feature custom-fields).
 */
import { z, type ZodTypeAny } from 'zod';
import { field, type FieldDef, sanitizedOnly, wp, sanitizeKey, sanitizeTextField, sanitizeUrl } from '@loom/contracts';
import { themeOptionsCaps } from '../../engine/contract/capabilities';
import { definePostType, POSTS_CONTROLLER, type ArgsMap } from '../../engine/contract/post-type';
import { FORUM_META_DEFAULTS } from '../../engine/contract/meta';
import { WRITE_STATUSES } from '../../engine/contract/statuses';

const ALL = ['view', 'edit', 'embed'] as const;
const ro = { readonly: true };

export const MENU_ITEM_TYPES = ['taxonomy', 'post_type', 'post_type_archive', 'custom'] as const;

/** The posts controller's orderby values plus menu_order (WP_REST_Menu_Items_Controller::get_collection_params). */
const MENU_ITEM_ORDERBY = [
  'author',
  'date',
  'id',
  'include',
  'modified',
  'parent',
  'relevance',
  'slug',
  'include_slugs',
  'title',
  'menu_order',
] as const;

/** sanitize_html_class() without a fallback, as the classes and xfn arguments apply it to each value. */
const htmlClass = (s: string) => s.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');

const d = {
  title: 'The title for the object.',
  type: 'The family of objects originally represented, such as "post_type" or "taxonomy".',
  status: 'A named status for the object.',
  parent: 'The ID for the parent of the object.',
  attrTitle: 'Text for the title attribute of the link element for this menu item.',
  classes: 'Class names for the link element of this menu item.',
  description: 'The description of this menu item.',
  menuOrder: "The DB ID of the nav_menu_item that is this item's menu parent, if any, otherwise 0.",
  object: 'The type of object originally represented, such as "category", "post", or "attachment".',
  objectId:
    'The database ID of the original object this menu item represents, for example the ID for posts or the term_id for categories.',
  target: 'The target attribute of the link element for this menu item.',
  url: 'The URL to which this menu item points.',
  xfn: 'The XFN relationship expressed in the link of this menu item.',
  menus: 'The terms assigned to the object in the nav_menu taxonomy.',
};

const titleProperties = {
  raw: field(z.string().describe('Title for the object, as it exists in the database.'), ['edit']),
  rendered: field(z.string().describe('HTML title for the object, transformed for display.'), [...ALL], ro),
};

/** get_item_schema(), in WordPress's order (`type_label` keeps the place of its first definition). */
function menuItemFields(posts: Record<string, FieldDef>): Record<string, FieldDef> {
  return {
    title: field(wp(z.unknown().describe(d.title), { type: ['string', 'object'] }), [...ALL], {
      properties: titleProperties,
    }),
    id: field(z.number().int().min(0).describe('Unique identifier for the object.'), [...ALL], ro),
    type_label: field(z.string().describe('The singular label used to describe this type of menu item.'), [...ALL], ro),
    type: field(z.enum(MENU_ITEM_TYPES).describe(d.type), [...ALL]),
    status: field(z.enum(WRITE_STATUSES).describe(d.status), [...ALL]),
    parent: field(z.number().int().min(0).describe(d.parent), [...ALL]),
    attr_title: field(z.string().describe(d.attrTitle), [...ALL]),
    classes: field(z.array(z.string()).describe(d.classes), [...ALL]),
    description: field(z.string().describe(d.description), [...ALL]),
    menu_order: field(z.number().int().min(1).describe(d.menuOrder), [...ALL]),
    object: field(z.string().describe(d.object), [...ALL]),
    object_id: field(z.number().int().min(0).describe(d.objectId), [...ALL]),
    target: field(z.enum(['_blank', '']).describe(d.target), [...ALL]),
    url: field(wp(z.string().describe(d.url), { format: 'uri' }), [...ALL]),
    xfn: field(z.array(z.string()).describe(d.xfn), [...ALL]),
    invalid: field(
      z.boolean().describe('Whether the menu item represents an object that no longer exists.'),
      [...ALL],
      ro,
    ),
    menus: field(z.number().int().describe(d.menus), ['view', 'edit']),
    ...(posts.meta ? { meta: posts.meta } : {}),
  };
}

/** What a menu item's title argument carries: a string, or an object whose non-empty `raw` counts. */
export interface MenuItemTitleInput {
  raw?: string;
}

const titleArg = () =>
  wp(
    z
      .unknown()
      .transform((v): MenuItemTitleInput => {
        if (typeof v === 'string') return { raw: v };
        const raw = v && typeof v === 'object' ? (v as Record<string, unknown>).raw : undefined;
        return typeof raw === 'string' && raw !== '' && raw !== '0' ? { raw } : {};
      })
      .optional(),
    {
      description: d.title,
      type: ['string', 'object'],
      properties: {
        raw: { description: 'Title for the object, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: {
          description: 'HTML title for the object, transformed for display.',
          type: 'string',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
    },
  );

/** The url argument's own validate callback: '' or anything sanitize_url keeps, else rest_invalid_url (no status). */
const urlArg = () =>
  sanitizedOnly(
    wp(
      z
        .unknown()
        .transform((v, ctx) => {
          const s = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
          if (s === '') return '';
          const url = s === null ? '' : sanitizeUrl(s);
          if (url) return url;
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: 'Invalid URL.',
            params: { wp: { code: 'rest_invalid_url', message: 'Invalid URL.', data: null } },
          });
          return z.NEVER;
        })
        .optional(),
      { description: d.url, type: 'string', format: 'uri' },
    ),
  );

const classList = (description: string) =>
  z
    .array(z.string())
    .transform((list) => list.map(htmlClass))
    .optional()
    .describe(description);

/** get_endpoint_args_for_item_schema(): the schema's writable properties, with their defaults on create only. */
function menuItemWriteArgs(posts: ArgsMap, updating: boolean): ArgsMap {
  const dflt = <T extends ZodTypeAny>(schema: T, value: z.input<T>) =>
    updating ? schema.optional() : schema.default(value);
  return {
    title: titleArg(),
    type: dflt(z.enum(MENU_ITEM_TYPES), 'custom').describe(d.type),
    status: dflt(z.enum(WRITE_STATUSES), 'publish').describe(d.status),
    parent: dflt(z.number().int().min(0), 0).describe(d.parent),
    attr_title: z.string().transform(sanitizeTextField).optional().describe(d.attrTitle),
    classes: classList(d.classes),
    description: z.string().transform(sanitizeTextField).optional().describe(d.description),
    menu_order: dflt(z.number().int().min(1), 1).describe(d.menuOrder),
    object: z.string().transform(sanitizeKey).optional().describe(d.object),
    object_id: dflt(z.number().int().min(0), 0).describe(d.objectId),
    target: z.enum(['_blank', '']).optional().describe(d.target),
    url: urlArg(),
    xfn: classList(d.xfn),
    menus: z.number().int().optional().describe(d.menus),
    ...(posts.meta ? { meta: posts.meta } : {}),
  };
}

export const navMenuItemType = definePostType({
  name: 'nav_menu_item',
  restBase: 'menu-items',
  labels: { name: 'Navigation Menu Items', singular_name: 'Navigation Menu Item' },
  cap: themeOptionsCaps(),
  meta: FORUM_META_DEFAULTS,
  rest: {
    ...POSTS_CONTROLLER,
    trash: false,
    perPage: 100,
    orderby: 'menu_order',
    order: 'asc',
    schemaFeatures: ['custom-fields'],
    fields: menuItemFields,
    collectionArgs: (args) => ({
      ...args,
      orderby: z.enum(MENU_ITEM_ORDERBY).default('menu_order').describe('Sort collection by object attribute.'),
      menu_order: z.number().int().optional().describe('Limit result set to posts with a specific menu_order value.'),
    }),
    writeArgs: menuItemWriteArgs,
  },
});
