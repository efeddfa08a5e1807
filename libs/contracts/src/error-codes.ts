/**
 * Every error code Loom answers, in one table: the code, the status it is answered with and what it says.
 * WordPress's own codes (`rest_*` and the few core functions' codes REST passes on), the plugins' (The Events
 * Calendar's hyphenated codes, Contact Form 7's `wpcf7_*`, oEmbed's) and Loom's own (`loom_*`).
 *
 * `ErrorCode` (the table's keys) is what the error helpers take (service-kit's wpError, forbidden and WpError,
 * errorBody here, media's mediaError), so a code that is not here does not compile; the table's test also
 * checks every code literal in the sources. A helper takes the status and message from here: a call site gives
 * a message only where the table says the code has several (`messageAtCallSite`), and a status only where it
 * answers the code with another than the one here (or, for a permission code, where it does not use forbidden()).
 */

export interface ErrorCodeInfo {
  /**
   * The status the code is answered with, unless the call site gives another. A permission code (`auth`) has 401,
   * what rest_authorization_required_code() gives an anonymous caller.
   */
  readonly status: number;
  /**
   * What it says. With `messageAtCallSite: 'always'`, only the pattern of what the call sites say (WordPress's
   * sprintf form), never sent as it is.
   */
  readonly message: string;
  /**
   * The code is answered with several messages. 'sometimes': the message above unless the call site gives another;
   * 'always': every call site gives its own (it names the request's parameter, value or item). Absent, the code has
   * one message and a call site cannot give another.
   */
  readonly messageAtCallSite?: 'sometimes' | 'always';
  /**
   * A permission code: forbidden(user, code) answers it 401 to an anonymous caller and 403 to a signed-in one
   * (rest_authorization_required_code); any other call site says its status.
   */
  readonly auth?: true;
}

const NO_ROUTE = 'No route was found matching the URL and request method.';
const CRITICAL = 'There has been a critical error on this website.';

export const ERROR_CODES = {
  // The REST server and the kit: routing, bodies, parameters (WP_REST_Server, WP_REST_Request), pages.
  rest_no_route: { status: 404, message: NO_ROUTE },
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_invalid_body: { status: 400, message: 'The request body could not be read.' },
  rest_request_too_large: { status: 413, message: 'The request body is too large.' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): %s', messageAtCallSite: 'always' },
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): %s', messageAtCallSite: 'always' },
  rest_search_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_post_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  rest_batch_too_large: { status: 413, message: 'The batch request body is too large.' },
  rest_batch_not_allowed: { status: 400, message: 'The requested route does not support batch requests.' },
  parse_path_failed: { status: 400, message: 'Could not parse the path.' },
  internal_server_error: { status: 500, message: CRITICAL },

  // rest_validate_value_from_schema's codes: under `details` of rest_invalid_param (400), some answered alone.
  rest_invalid_type: { status: 400, message: '%s is not of type %s.', messageAtCallSite: 'always' },
  rest_invalid_date: { status: 400, message: 'Invalid date.' },
  rest_invalid_email: { status: 400, message: 'Invalid email address.' },
  rest_invalid_uuid: { status: 400, message: '%s is not a valid UUID.', messageAtCallSite: 'always' },
  rest_invalid_hex_color: { status: 400, message: '%s is not a valid hex color.', messageAtCallSite: 'always' },
  rest_invalid_ip: { status: 400, message: '%s is not a valid IP address.', messageAtCallSite: 'always' },
  rest_invalid_url: { status: 400, message: 'Invalid URL.' },
  rest_out_of_bounds: {
    status: 400,
    message: '%s must be between %d (inclusive) and %d (inclusive)',
    messageAtCallSite: 'always',
  },
  rest_not_in_enum: { status: 400, message: '%s is not one of %l.', messageAtCallSite: 'always' },
  rest_no_matching_schema: {
    status: 400,
    message: '%s does not match any of the expected formats.',
    messageAtCallSite: 'always',
  },
  rest_one_of_no_matches: {
    status: 400,
    message: '%s does not match any of the expected formats.',
    messageAtCallSite: 'always',
  },
  rest_too_short: { status: 400, message: '%s must be at least %s long.', messageAtCallSite: 'always' },
  rest_too_long: { status: 400, message: '%s must be at most %s long.', messageAtCallSite: 'always' },
  rest_invalid_pattern: { status: 400, message: '%s does not match pattern %s.', messageAtCallSite: 'always' },
  rest_too_few_items: { status: 400, message: '%s must contain at least %s.', messageAtCallSite: 'always' },
  rest_too_many_items: { status: 400, message: '%s must contain at most %s.', messageAtCallSite: 'always' },
  rest_duplicate_items: { status: 400, message: '%s has duplicate items.', messageAtCallSite: 'always' },
  rest_additional_properties_forbidden: {
    status: 400,
    message: '%s is not a valid property of Object.',
    messageAtCallSite: 'always',
  },
  rest_property_required: { status: 400, message: '%s is a required property of %s.', messageAtCallSite: 'always' },

  // Permissions (rest_authorization_required_code: 401 anonymous, 403 signed in).
  rest_forbidden: {
    status: 401,
    message: 'Sorry, you are not allowed to do that.',
    messageAtCallSite: 'sometimes',
    auth: true,
  },
  rest_forbidden_context: {
    status: 401,
    message: 'Sorry, you are not allowed to edit this post.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_forbidden_status: { status: 401, message: 'Status is forbidden.', auth: true },
  rest_cannot_view: {
    status: 401,
    message: 'Sorry, you are not allowed to manage terms in this taxonomy.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_read: {
    status: 401,
    message: 'Sorry, you are not allowed to view revisions of this post.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_create: {
    status: 401,
    message: 'Sorry, you are not allowed to create posts as this user.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_edit: {
    status: 401,
    message: 'Sorry, you are not allowed to edit this post.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_update: { status: 401, message: 'Sorry, you are not allowed to edit this term.', auth: true },
  rest_cannot_delete: {
    status: 401,
    message: 'Sorry, you are not allowed to delete this post.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_edit_others: {
    status: 401,
    message: 'Sorry, you are not allowed to update posts as this user.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_publish: {
    status: 401,
    message: 'Sorry, you are not allowed to publish posts in this post type.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_cannot_assign_term: {
    status: 401,
    message: 'Sorry, you are not allowed to assign the provided terms.',
    auth: true,
  },
  rest_cannot_assign_sticky: { status: 401, message: 'Sorry, you are not allowed to make posts sticky.', auth: true },

  // Posts, pages and every post type (WP_REST_Posts_Controller and its kin).
  rest_post_invalid_id: { status: 404, message: 'Invalid post ID.', messageAtCallSite: 'sometimes' },
  rest_post_invalid_parent: { status: 404, message: 'Invalid post parent ID.', messageAtCallSite: 'sometimes' },
  rest_post_invalid_type: { status: 400, message: 'Invalid post type.' },
  rest_post_exists: { status: 400, message: 'Cannot create existing post.' },
  rest_post_incorrect_password: { status: 403, message: 'Incorrect post password.' },
  rest_invalid_author: { status: 400, message: 'Invalid author ID.' },
  rest_invalid_field: {
    status: 400,
    message: 'A post can not be sticky and have a password.',
    messageAtCallSite: 'always',
  },
  rest_invalid_featured_media: { status: 400, message: 'Invalid featured media ID.' },
  rest_no_search_term_defined: { status: 400, message: 'You need to define a search term to order by relevance.' },
  rest_orderby_include_missing_include: {
    status: 400,
    message: 'You need to define an include parameter to order by include.',
  },
  rest_trash_not_supported: {
    status: 501,
    message: "The post does not support trashing. Set 'force=true' to delete.",
    messageAtCallSite: 'always',
  },
  rest_already_trashed: {
    status: 410,
    message: 'The post has already been deleted.',
    messageAtCallSite: 'sometimes',
  },
  empty_content: { status: 400, message: 'Content, title, and excerpt are empty.' },

  // Revisions and autosaves.
  rest_post_no_autosave: {
    status: 404,
    message: 'There is no autosave revision for this post.',
    messageAtCallSite: 'sometimes',
  },
  rest_revision_parent_id_mismatch: {
    status: 404,
    message: 'The revision does not belong to the specified parent with id of "%d"',
    messageAtCallSite: 'always',
  },
  rest_revision_invalid_offset_number: {
    status: 400,
    message: 'The offset number requested is larger than or equal to the number of available revisions.',
  },
  rest_revision_invalid_page_number: {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },

  // Templates and template parts.
  rest_cannot_manage_templates: {
    status: 401,
    message: 'Sorry, you are not allowed to access the templates on this site.',
    auth: true,
  },
  rest_template_not_found: { status: 404, message: 'No templates exist with that id.' },
  rest_invalid_template: {
    status: 400,
    message: 'There is no theme file to revert this template to.',
    messageAtCallSite: 'always',
  },
  rest_template_already_trashed: { status: 410, message: 'The template has already been deleted.' },

  // Terms (WP_REST_Terms_Controller, wp_insert_term, wp_update_term) and menus.
  rest_term_invalid: { status: 404, message: 'Term does not exist.', messageAtCallSite: 'sometimes' },
  rest_term_invalid_id: { status: 400, message: 'Invalid term ID.' },
  rest_taxonomy_not_hierarchical: { status: 400, message: 'Cannot set parent term, taxonomy is not hierarchical.' },
  term_exists: {
    status: 400,
    message: 'A term with the name provided already exists in this taxonomy.',
    messageAtCallSite: 'always',
  },
  empty_term_name: { status: 400, message: 'A name is required for this term.' },
  duplicate_term_slug: {
    status: 500,
    message: 'The slug “%s” is already in use by another term.',
    messageAtCallSite: 'always',
  },
  menu_exists: {
    status: 400,
    message: 'The menu name <strong>%s</strong> conflicts with another menu name. Please try another.',
    messageAtCallSite: 'always',
  },
  invalid_menu_id: { status: 400, message: 'Invalid menu ID.' },
  rest_invalid_menu_location: { status: 400, message: 'Invalid menu location.' },
  rest_menu_location_invalid: { status: 404, message: 'Invalid menu location.' },
  rest_title_required: { status: 400, message: 'The title is required when using a custom menu item type.' },
  rest_url_required: { status: 400, message: 'The url is required when using a custom menu item type.' },

  // Block types and the block renderer (WP_REST_Block_Types_Controller, WP_REST_Block_Renderer_Controller).
  rest_block_type_invalid: { status: 404, message: 'Invalid block type.' },
  rest_block_type_cannot_view: {
    status: 401,
    message: 'Sorry, you are not allowed to manage block types.',
    auth: true,
  },
  block_cannot_read: {
    status: 401,
    message: 'Sorry, you are not allowed to read blocks as this user.',
    messageAtCallSite: 'sometimes',
    auth: true,
  },
  block_invalid: { status: 404, message: 'Invalid block.' },
  // Themes, global styles and block patterns (the editor's endpoints).
  rest_cannot_view_themes: { status: 401, message: 'Sorry, you are not allowed to view themes.', auth: true },
  rest_cannot_view_active_theme: {
    status: 401,
    message: 'Sorry, you are not allowed to view the active theme.',
    auth: true,
  },
  rest_theme_not_found: { status: 404, message: 'Theme not found.' },
  rest_cannot_manage_global_styles: {
    status: 401,
    message: 'Sorry, you are not allowed to access the global styles on this site.',
    auth: true,
  },
  rest_global_styles_not_found: {
    status: 404,
    message: 'No global styles config exist with that id.',
    messageAtCallSite: 'sometimes',
  },
  rest_custom_css_illegal_markup: { status: 400, message: 'Markup is not allowed in CSS.' },

  // Descriptors: types, taxonomies, statuses.
  rest_type_invalid: { status: 404, message: 'Invalid post type.' },
  rest_cannot_read_type: { status: 401, message: 'Cannot view post type.', auth: true },
  rest_taxonomy_invalid: { status: 404, message: 'Invalid taxonomy.' },
  rest_status_invalid: { status: 404, message: 'Invalid status.' },
  rest_cannot_read_status: { status: 401, message: 'Cannot view status.', auth: true },

  // Users (WP_REST_Users_Controller, wp_insert_user) and signing in (wp_authenticate and its filters).
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  rest_user_cannot_view: {
    status: 401,
    message: 'Sorry, you are not allowed to list users.',
    messageAtCallSite: 'sometimes',
    auth: true,
  },
  rest_user_cannot_delete: { status: 401, message: 'Sorry, you are not allowed to delete this user.', auth: true },
  rest_cannot_create_user: { status: 401, message: 'Sorry, you are not allowed to create new users.', auth: true },
  rest_cannot_edit_roles: {
    status: 401,
    message: 'Sorry, you are not allowed to edit roles of this user.',
    auth: true,
  },
  rest_forbidden_orderby: {
    status: 401,
    message: 'Sorry, you are not allowed to order users by this parameter.',
    auth: true,
  },
  rest_forbidden_who: {
    status: 401,
    message: 'Sorry, you are not allowed to query users by this parameter.',
    auth: true,
  },
  rest_user_invalid_role: {
    status: 401,
    message: 'The role %s does not exist.',
    messageAtCallSite: 'always',
    auth: true,
  },
  rest_user_invalid_reassign: { status: 400, message: 'Invalid user ID for reassignment.' },
  rest_user_invalid_password: { status: 400, message: 'Passwords cannot be empty.', messageAtCallSite: 'always' },
  rest_user_invalid_username: {
    status: 400,
    message: 'This username is invalid because it uses illegal characters. Please enter a valid username.',
  },
  rest_user_invalid_argument: { status: 400, message: "Username isn't editable." },
  rest_user_invalid_email: { status: 400, message: 'Invalid email address.' },
  rest_user_invalid_slug: { status: 400, message: 'Invalid slug.' },
  rest_not_logged_in: { status: 401, message: 'You are not currently logged in.' },
  existing_user_login: { status: 500, message: 'Sorry, that username already exists!' },
  existing_user_email: { status: 500, message: 'Sorry, that email address is already used!' },
  empty_user_login: { status: 500, message: 'Cannot create a user with an empty login name.' },
  user_login_too_long: { status: 500, message: 'Username may not be longer than 60 characters.' },
  user_nicename_too_long: { status: 500, message: 'Nicename may not be longer than 50 characters.' },
  user_url_too_long: { status: 500, message: 'The user URL may not be longer than 100 characters.' },
  invalid_username: {
    status: 401,
    message: '<strong>Error</strong>: Unknown username. Check again or try your email address.',
    messageAtCallSite: 'sometimes',
  },
  invalid_email: {
    status: 401,
    message: '<strong>Error</strong>: Unknown email address. Check again or try your username.',
    messageAtCallSite: 'sometimes',
  },
  incorrect_password: {
    status: 401,
    message: 'The provided password is an invalid application password.',
    messageAtCallSite: 'sometimes',
  },
  empty_username: { status: 401, message: '<strong>Error</strong>: The username field is empty.' },
  empty_password: { status: 401, message: '<strong>Error</strong>: The password field is empty.' },
  // rest_cookie_check_errors: a signed-in browser's request whose nonce (X-WP-Nonce, _wpnonce) is not valid.
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed' },

  // Application passwords.
  rest_application_password_not_found: { status: 404, message: 'Application password not found.' },
  rest_no_authenticated_app_password: { status: 404, message: 'Cannot introspect Application Password.' },
  rest_cannot_introspect_app_password_for_non_authenticated_user: {
    status: 401,
    message: 'The authenticated Application Password can only be introspected for the current user.',
    auth: true,
  },
  rest_cannot_list_application_passwords: {
    status: 401,
    message: 'Sorry, you are not allowed to list application passwords for this user.',
    auth: true,
  },
  rest_cannot_create_application_passwords: {
    status: 401,
    message: 'Sorry, you are not allowed to create application passwords for this user.',
    auth: true,
  },
  rest_cannot_read_application_password: {
    status: 401,
    message: 'Sorry, you are not allowed to read this application password.',
    auth: true,
  },
  rest_cannot_edit_application_password: {
    status: 401,
    message: 'Sorry, you are not allowed to edit this application password.',
    auth: true,
  },
  rest_cannot_delete_application_password: {
    status: 401,
    message: 'Sorry, you are not allowed to delete this application password.',
    auth: true,
  },
  rest_cannot_delete_application_passwords: {
    status: 401,
    message: 'Sorry, you are not allowed to delete application passwords for this user.',
    auth: true,
  },
  application_password_empty_name: {
    status: 400,
    message: 'An application name is required to create an application password.',
  },
  application_password_duplicate_name: { status: 409, message: 'Each application name should be unique.' },

  // Comments (WP_REST_Comments_Controller; wp_allow_comment, wp_check_comment_data_max_lengths, wp_handle_comment_submission).
  rest_comment_invalid_id: { status: 404, message: 'Invalid comment ID.' },
  rest_comment_login_required: { status: 401, message: 'Sorry, you must be logged in to comment.' },
  rest_comment_invalid_author: {
    status: 401,
    message: "Sorry, you are not allowed to edit 'author' for comments.",
    auth: true,
  },
  rest_comment_invalid_author_ip: {
    status: 401,
    message: "Sorry, you are not allowed to edit 'author_ip' for comments.",
    auth: true,
  },
  rest_comment_invalid_status: {
    status: 401,
    message: "Sorry, you are not allowed to edit 'status' for comments.",
    auth: true,
  },
  rest_comment_invalid_post_id: {
    status: 403,
    message: 'Sorry, you are not allowed to create this comment without a post.',
    messageAtCallSite: 'sometimes',
  },
  rest_comment_draft_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_comment_trash_post: { status: 403, message: 'Sorry, you are not allowed to create a comment on this post.' },
  rest_cannot_read_post: {
    status: 401,
    message: 'Sorry, you are not allowed to read the post for this comment.',
    auth: true,
  },
  rest_comment_closed: { status: 403, message: 'Sorry, comments are closed for this item.' },
  rest_comment_exists: { status: 400, message: 'Cannot create existing comment.' },
  rest_invalid_comment_type: { status: 400, message: 'Cannot create a comment with that type.' },
  rest_comment_invalid_type: { status: 404, message: 'Sorry, you are not allowed to change the comment type.' },
  rest_comment_content_invalid: { status: 400, message: 'Invalid comment content.' },
  rest_comment_author_data_required: {
    status: 400,
    message: 'Creating a comment requires valid author name and email values.',
  },
  rest_comment_author_invalid: { status: 400, message: 'Invalid comment author ID.' },
  rest_comment_failed_create: { status: 500, message: 'Creating comment failed.' },
  rest_comment_failed_edit: { status: 500, message: 'Updating comment failed.' },
  rest_forbidden_param: {
    status: 401,
    message: 'Query parameter not permitted: %s',
    messageAtCallSite: 'always',
    auth: true,
  },
  comment_author_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_author_email_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_author_url_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_content_column_length: { status: 400, message: 'Comment field exceeds maximum length allowed.' },
  comment_duplicate: {
    status: 409,
    message: 'Duplicate comment detected; it looks as though you&#8217;ve already said that!',
  },
  comment_flood: { status: 400, message: 'You are posting comments too quickly. Slow down.' },
  comment_reply_to_unapproved_comment: {
    status: 403,
    message: 'Sorry, replies to unapproved comments are not allowed.',
  },

  // Media: uploads (wp_handle_upload, wp_handle_sideload) and image edits.
  rest_upload_no_data: { status: 400, message: 'No data supplied.' },
  rest_upload_no_content_type: { status: 400, message: 'No Content-Type supplied.' },
  rest_upload_no_content_disposition: { status: 400, message: 'No Content-Disposition supplied.' },
  rest_upload_invalid_disposition: {
    status: 400,
    message:
      'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
  },
  rest_upload_hash_mismatch: { status: 412, message: 'Content hash did not match expected.' },
  rest_upload_file_too_big: {
    status: 413,
    message: 'This file is too big. Files must be less than %s KB in size.',
    messageAtCallSite: 'always',
  },
  rest_upload_unknown_error: {
    status: 500,
    message: 'Sorry, you are not allowed to upload this file type.',
    messageAtCallSite: 'always',
  },
  rest_upload_sideload_error: {
    status: 500,
    message: 'Sorry, you are not allowed to upload this file type.',
    messageAtCallSite: 'always',
  },
  rest_upload_image_too_large: {
    status: 400,
    message: 'The image is too large to process: it may have at most %d pixels.',
    messageAtCallSite: 'always',
  },
  rest_unknown_image_file_type: { status: 500, message: 'Unable to edit this image.' },
  rest_image_rotation_failed: { status: 500, message: 'Unable to rotate this image.', messageAtCallSite: 'sometimes' },
  rest_image_crop_failed: { status: 500, message: 'Unable to crop this image.' },
  rest_image_not_edited: {
    status: 400,
    message: 'The image was not edited. Edit the image before applying the changes.',
  },
  rest_unknown_attachment: { status: 404, message: 'Unable to get meta information for file.' },
  rest_cannot_edit_file_type: { status: 400, message: 'This type of file cannot be edited.' },
  rest_cannot_edit_image: {
    status: 401,
    message: 'Sorry, you are not allowed to upload media on this site.',
    auth: true,
  },
  invalid_image: { status: 400, message: 'File is not an image.' },
  image_save_error: { status: 500, message: 'Image Editor Save Failed' },

  // oEmbed (WP_oEmbed_Controller).
  oembed_invalid_url: { status: 404, message: 'Not Found' },

  // The Events Calendar (Tribe__Events__REST__V1__Messages and its endpoints).
  'event-not-found': { status: 404, message: 'The requested post ID does not exist or is not an event' },
  'event-not-accessible': { status: 403, message: 'The requested event is not accessible' },
  'event-is-in-trash': { status: 410, message: 'The event is already trashed' },
  'event-archive-page-not-found': { status: 404, message: 'The requested event archive page does not exist' },
  'could-not-update-event': { status: 400, message: 'The event could not be updated' },
  'venue-not-accessible': { status: 403, message: 'The requested venue is not accessible' },
  'venue-is-in-trash': { status: 410, message: 'The venue is already trashed' },
  'venue-archive-page-not-found': { status: 404, message: 'The requested venue archive page does not exist' },
  'could-not-create-venue': { status: 400, message: 'The venue could not be created from the provided data' },
  'could-not-update-venue': { status: 400, message: 'The venue could not be updated' },
  'organizer-not-accessible': { status: 403, message: 'The requested organizer is not accessible' },
  'organizer-is-in-trash': { status: 410, message: 'The organizer is already trashed' },
  'organizer-archive-page-not-found': { status: 404, message: 'The requested organizer archive page does not exist' },
  'could-not-create-organizer': { status: 400, message: 'The organizer could not be created from the provided data' },
  'could-not-update-organizer': { status: 400, message: 'The organizer could not be updated' },
  'archive-bad-search-string': { status: 400, message: "The 'search' parameter must be a string" },
  'event-tickets-not-active': { status: 400, message: 'Event Tickets plugin is not activated.' },
  'could-not-update': { status: 500, message: 'The trashed post could not be renamed.' },

  // Contact Form 7.
  wpcf7_not_found: { status: 404, message: 'The requested contact form was not found.' },
  wpcf7_forbidden: {
    status: 403,
    message: 'You are not allowed to access the requested contact form.',
    messageAtCallSite: 'always',
  },
  wpcf7_post_exists: { status: 400, message: 'Cannot create existing contact form.' },
  wpcf7_unsupported_media_type: { status: 415, message: 'The request payload format is not supported.' },
  wpcf7_unit_tag_not_found: { status: 400, message: 'There is no valid unit tag.' },

  // Loom's own.
  loom_invalid_identity: { status: 401, message: 'The identity header could not be verified.' },
  loom_internal_only: {
    status: 403,
    message: 'This endpoint is for Loom services only.',
    messageAtCallSite: 'sometimes',
  },
  loom_bad_request: { status: 400, message: 'The request could not be read.' },
  loom_request_timeout: { status: 408, message: 'The request was not received in time.' },
  loom_headers_too_large: { status: 431, message: 'The request headers are too large.' },
  loom_ambiguous_request: {
    status: 400,
    message: 'The request can be read in more than one way: %s.',
    messageAtCallSite: 'always',
  },
  loom_malformed_authorization: {
    status: 401,
    message:
      'The Authorization header is not valid: Basic credentials must be the base64 encoding of "login:password".',
  },
  loom_too_many_attempts: { status: 429, message: 'Too many failed login attempts. Please try again later.' },
  loom_service_unavailable: {
    status: 503,
    message: 'The %s service is not available right now.',
    messageAtCallSite: 'always',
  },
  loom_oembed_rate_limited: { status: 429, message: 'Too many oEmbed requests. Please try again later.' },
  loom_submission_not_found: { status: 404, message: 'The requested submission was not found.' },
  loom_comment_parent_other_post: { status: 400, message: 'The comment replied to is on another post.' },
  loom_comment_thread_too_deep: {
    status: 400,
    message: 'Replies may be nested at most %d levels deep.',
    messageAtCallSite: 'always',
  },
  loom_cli_other_store: {
    status: 409,
    message: 'This core-content is process %d, not %d: it does not hold that data directory.',
    messageAtCallSite: 'always',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

/** Every code Loom answers. */
export type ErrorCode = keyof typeof ERROR_CODES;

type Info<C extends ErrorCode> = (typeof ERROR_CODES)[C];

/** The permission codes: forbidden(user, code) takes these. */
export type AuthErrorCode = { [C in ErrorCode]: Info<C> extends { auth: true } ? C : never }[ErrorCode];

/**
 * How a call site words `code`: 'table' (the code has one message: the call site gives none), 'optional' (the table's
 * message unless the call site gives another), 'required' (every call site gives its own).
 */
export type MessageRule<C extends ErrorCode> =
  Info<C> extends { messageAtCallSite: 'always' }
    ? 'required'
    : Info<C> extends { messageAtCallSite: 'sometimes' }
      ? 'optional'
      : 'table';

/** What a call site may give for `code`, as its table entry allows: a status is required for a permission code. */
export type ErrorOverrides<C extends ErrorCode> = C extends ErrorCode
  ? (MessageRule<C> extends 'required'
      ? { message: string }
      : MessageRule<C> extends 'optional'
        ? { message?: string }
        : { message?: undefined }) &
      (Info<C> extends { auth: true } ? { status: number } : { status?: number }) & {
        /** The rest of `data`, after `status` (params, details...). */
        data?: Record<string, unknown>;
      }
  : never;

/** The optional (or, where the table requires a message or status, required) overrides argument of a helper. */
export type ErrorOverridesArg<C extends ErrorCode, Extra = unknown> =
  object extends ErrorOverrides<C> ? [overrides?: ErrorOverrides<C> & Extra] : [overrides: ErrorOverrides<C> & Extra];

/** A WordPress error body, `{code, message, data: {status, ...}}` (reference §1.1). */
export interface WpErrorBody<C extends string = ErrorCode> {
  code: C;
  message: string;
  data: { status: number } & Record<string, unknown>;
}

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** The body of `code`'s error: the table's status and message unless the call site gives its own. */
export function errorBody<C extends ErrorCode>(code: C, ...[overrides]: ErrorOverridesArg<C>): WpErrorBody<C> {
  const info: ErrorCodeInfo = ERROR_CODES[code];
  const o = (overrides ?? {}) as { message?: string; status?: number; data?: Record<string, unknown> };
  return { code, message: o.message ?? info.message, data: { status: o.status ?? info.status, ...o.data } };
}
