/**
 * A typed client of Loom's REST API: `paths` is generated from the running site's OpenAPI document (loom-api.d.ts,
 * by generate.js), and openapi-fetch sends the requests. Every path, parameter, body and answer below is checked by
 * TypeScript against that document: a renamed parameter or a list read as an object does not compile.
 *
 *   LOOM_URL=http://localhost:8080 [LOOM_USER=admin LOOM_APP_PASSWORD='abcd efgh ...'] node dist/main.js
 */
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './loom-api';

export type Loom = Client<paths>;
type RestError = components['schemas']['Error'];

/** A client of the site at `siteUrl` (its REST root is `/rest`), signed in with an application password if given. */
export function loomClient(siteUrl: string, login?: { user: string; appPassword: string }): Loom {
  const headers: Record<string, string> = login
    ? { Authorization: `Basic ${Buffer.from(`${login.user}:${login.appPassword}`).toString('base64')}` }
    : {};
  return createClient<paths>({ baseUrl: `${siteUrl}/rest`, headers });
}

/** WordPress's error answer (`{code, message, data: {status}}`) as an exception. */
function fail(error: RestError): never {
  throw new Error(`${error.code}: ${error.message}`);
}

/** The titles of the latest published posts (a list: an array of posts). */
export async function latestTitles(loom: Loom, count: number): Promise<string[]> {
  const { data, error } = await loom.GET('/core/v2/posts', {
    params: { query: { per_page: count, orderby: 'date', _fields: 'id,title' } },
  });
  if (error) fail(error);
  return data.map((post) => post.title?.rendered ?? '');
}

/** The upcoming events' titles (The Events Calendar's archive: the list is under `events`, with the total beside it). */
export async function upcomingEvents(loom: Loom): Promise<{ titles: string[]; total: number }> {
  const { data, error } = await loom.GET('/events/v1/events', { params: { query: { per_page: 5 } } });
  if (error) fail(error);
  return { titles: data.events.map((event) => event.title ?? ''), total: data.total };
}

/** Creates a category (an editor's or administrator's right) and answers its id. */
export async function createCategory(loom: Loom, name: string): Promise<number> {
  const { data, error } = await loom.POST('/core/v2/categories', { body: { name } });
  if (error) fail(error);
  return data.id!;
}

/** The fields of a multipart body: strings as they are, files as their parts. */
function formData(fields: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) form.append(name, value instanceof Blob ? value : String(value));
  return form;
}

/** Uploads a file as the document's multipart body (the `file` part beside the attachment's fields); answers its URL. */
export async function uploadFile(loom: Loom, file: File, altText: string): Promise<string> {
  const { data, error } = await loom.POST('/core/v2/media', {
    body: { file, alt_text: altText },
    bodySerializer: formData,
  });
  if (error) fail(error);
  return data.source_url!;
}

/** Submits a contact form as its page would (multipart: the plugin's unit tag beside the form's own fields). */
export async function submitContactForm(loom: Loom, formId: number, fields: Record<string, string>): Promise<unknown> {
  const body = { _wpcf7: String(formId), _wpcf7_unit_tag: `wpcf7-f${formId}-o1`, ...fields };
  const { data, error } = await loom.POST('/formsA/v1/contact-forms/{id}/feedback', {
    params: { path: { id: formId } },
    body,
    bodySerializer: formData,
  });
  if (error) fail(error);
  return data; // `{status, message, invalid_fields...}`: the plugin's answer, which the document leaves untyped
}

async function main(): Promise<void> {
  const siteUrl = process.env.LOOM_URL ?? 'http://localhost:8080';
  const user = process.env.LOOM_USER;
  const appPassword = process.env.LOOM_APP_PASSWORD;
  const loom = loomClient(siteUrl, user && appPassword ? { user, appPassword } : undefined);
  console.log('latest posts:', await latestTitles(loom, 5));
  console.log('upcoming events:', await upcomingEvents(loom));
  if (!user || !appPassword)
    return console.log('(set LOOM_USER and LOOM_APP_PASSWORD to create a category and upload a file)');
  console.log('new category:', await createCategory(loom, `Typed client ${Date.now()}`));
  console.log(
    'uploaded:',
    await uploadFile(
      loom,
      new File(['Hello from a typed client.\n'], 'hello.txt', { type: 'text/plain' }),
      'A greeting',
    ),
  );
}

if (require.main === module) {
  main().catch((err: Error) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
