/**
 * `attachment` (spec 2.5, core/v2/media): WP_REST_Attachments_Controller over the posts controller. Its schema drops
 * `password` and adds alt_text, caption, description and the read-only media_type, mime_type, media_details, post,
 * source_url and (edit) missing_image_sizes; its collection lists `inherit` by default (status enum inherit,
 * private, trash) and filters by media_type, mime_type and parent; no trash (DELETE needs force), no revisions, no
 * autosaves, never batchable; creating needs upload_files. Its own routes (post-process, edit) are in core/media.ts.
 */
import { z, type ZodTypeAny } from 'zod';
import { field, type FieldDef, type VerbDocs, wp, sanitizeTextField } from '@loom/contracts';
import { mediaRoutes } from './routes';
import { textArg } from '../../engine/contract/text-arg';
import { postTypeCaps } from '../../engine/contract/capabilities';
import { insertAfter, definePostType, POSTS_CONTROLLER, type ArgsMap } from '../../engine/contract/post-type';
import { FORUM_META_DEFAULTS } from '../../engine/contract/meta';

const ALL = ['view', 'edit', 'embed'] as const;
const VE = ['view', 'edit'] as const;
const ro = { readonly: true };

/** The media_type filter's values (WordPress's get_allowed_mime_types families). */
export const MEDIA_TYPE_FILTERS = ['image', 'video', 'text', 'application', 'audio'] as const;
export const MEDIA_STATUSES = ['inherit', 'private', 'trash'] as const;

const textObject = (
  description: string,
  rawDescription: string,
  renderedDescription: string,
  context: readonly ('view' | 'edit' | 'embed')[],
) =>
  field(z.object({ raw: z.string().optional(), rendered: z.string().optional() }).describe(description), [...context], {
    properties: {
      raw: field(z.string().describe(rawDescription), ['edit']),
      rendered: field(z.string().describe(renderedDescription), [...context], ro),
    },
  });

function attachmentFields(fields: Record<string, FieldDef>): Record<string, FieldDef> {
  const { password: _password, ...rest } = fields;
  void _password;
  return insertAfter(rest, 'template', {
    alt_text: field(z.string().describe('Alternative text to display when attachment is not displayed.'), [...ALL]),
    caption: textObject(
      'The attachment caption.',
      'Caption for the attachment, as it exists in the database.',
      'HTML caption for the attachment, transformed for display.',
      ALL,
    ),
    description: textObject(
      'The attachment description.',
      'Description for the attachment, as it exists in the database.',
      'HTML description for the attachment, transformed for display.',
      VE,
    ),
    media_type: field(z.enum(['image', 'file']).describe('Attachment type.'), [...ALL], ro),
    mime_type: field(z.string().describe('The attachment MIME type.'), [...ALL], ro),
    media_details: field(z.object({}).describe('Details about the media file, specific to its type.'), [...ALL], ro),
    post: field(z.number().int().describe('The ID for the associated post of the attachment.'), [...VE]),
    source_url: field(wp(z.string().describe('URL to the original attachment file.'), { format: 'uri' }), [...ALL], ro),
    missing_image_sizes: field(
      z.array(z.string()).describe('List of the missing image sizes of the attachment.'),
      ['edit'],
      ro,
    ),
  });
}

const textProps = (what: string, context: string[]) => ({
  raw: {
    description: `${what} for the attachment, as it exists in the database.`,
    type: 'string' as const,
    context: ['edit' as const],
  },
  rendered: {
    description: `HTML ${what.toLowerCase()} for the attachment, transformed for display.`,
    type: 'string' as const,
    context: context as ('view' | 'edit' | 'embed')[],
    readonly: true,
  },
});

function attachmentWriteArgs(args: ArgsMap): ArgsMap {
  const { password: _password, ...rest } = args;
  void _password;
  return insertAfter<ZodTypeAny>(rest, 'template', {
    alt_text: z
      .string()
      .transform(sanitizeTextField)
      .optional()
      .describe('Alternative text to display when attachment is not displayed.'),
    caption: textArg('The attachment caption.', textProps('Caption', ['view', 'edit', 'embed']), 'text'),
    description: textArg('The attachment description.', textProps('Description', ['view', 'edit']), 'text'),
    post: z.number().int().optional().describe('The ID for the associated post of the attachment.'),
  });
}

function attachmentCollectionArgs(args: ArgsMap): ArgsMap {
  const withParent = insertAfter<ZodTypeAny>(args, 'orderby', {
    parent: z.array(z.number().int()).default([]).describe('Limit result set to items with particular parent IDs.'),
    parent_exclude: z
      .array(z.number().int())
      .default([])
      .describe('Limit result set to all items except those of a particular parent ID.'),
  });
  return {
    ...withParent,
    status: wp(
      z
        .array(z.enum(MEDIA_STATUSES))
        .default(['inherit'])
        .describe('Limit result set to posts assigned one or more statuses.'),
      { default: 'inherit' },
    ),
    media_type: z
      .enum(MEDIA_TYPE_FILTERS)
      .optional()
      .describe('Limit result set to attachments of a particular media type.'),
    mime_type: z.string().optional().describe('Limit result set to attachments of a particular MIME type.'),
  };
}

/**
 * Creating uploads a file (WP_REST_Attachments_Controller::create_item): a multipart form's `file` part beside the
 * attachment's fields, or the raw bytes as the body, named by `Content-Disposition` (the fields then in the query).
 * No JSON or urlencoded body: without a file WordPress answers rest_upload_no_data.
 */
const UPLOAD_DOCS: VerbDocs = {
  create: {
    summary: 'Upload a media item',
    body: {
      forms: ['multipart/form-data'],
      fields: {
        file: {
          type: 'string',
          format: 'binary',
          required: true,
          description: 'The file (its name and type come with the part).',
        },
      },
      // Any Content-Type will do (the type comes from the bytes): the file's own, or this one.
      raw: ['application/octet-stream'],
      headers: {
        'Content-Disposition': {
          type: 'string',
          description: "A raw body's file name (required with one; a multipart part carries its own).",
          example: 'attachment; filename="photo.jpg"',
        },
      },
      description:
        "A multipart form with the file as its `file` part beside the attachment's fields, or the file itself as the body with `Content-Type` and `Content-Disposition` (the fields then in the query string).",
    },
  },
};

export const attachmentType = definePostType({
  name: 'attachment',
  restBase: 'media',
  labels: {
    name: 'Media',
    name_admin_bar: 'Media',
    add_new: 'Add New',
    edit_item: 'Edit Media',
    view_item: 'View Attachment Page',
    attributes: 'Attachment Attributes',
  },
  menuIcon: 'dashicons-admin-media',
  showUi: true,
  viewable: true,
  public: true,
  supports: ['title', 'author', 'comments'],
  slugScope: 'everywhere',
  cap: postTypeCaps('post', 'posts', { create_posts: 'upload_files' }),
  meta: FORUM_META_DEFAULTS,
  rest: {
    ...POSTS_CONTROLLER,
    allowBatch: false,
    trash: false,
    autosaves: false,
    // The posts controller always shows `meta` (WP_REST_Post_Meta_Fields), whatever the type supports.
    schemaFeatures: ['title', 'author', 'comments', 'custom-fields'],
    fields: attachmentFields,
    collectionArgs: attachmentCollectionArgs,
    writeArgs: attachmentWriteArgs,
    extraRoutes: () => [mediaRoutes.postProcess, mediaRoutes.edit],
    noun: { one: 'media item', many: 'media items' },
    docs: UPLOAD_DOCS,
  },
});
