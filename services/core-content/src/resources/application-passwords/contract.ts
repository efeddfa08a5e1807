/**
 * core/v2 application passwords: WP_REST_Application_Passwords_Controller's item schema, arguments and routes
 * (`users/<user_id>/application-passwords`, `.../introspect`, `.../<uuid>`). `<user_id>` is digits or `me`;
 * neither it nor `<uuid>` is a declared argument, as in WordPress (handlers read them from the path).
 */
import { z } from 'zod';
import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  READABLE,
  endpoint,
  field,
  resource,
  route,
  type ResourceDef,
  wp,
  contextParam,
} from '@loom/contracts';
import { CORE } from '../../engine/terms/contract';

/** WP_Application_Passwords::PW_LENGTH. */
export const APP_PASSWORD_LENGTH = 24;

/** A uuid provided by the application, or '' (WordPress: oneOf a uuid string or the empty string). */
const appId = () =>
  wp(
    z
      .union([z.string().uuid(), z.literal('')])
      .describe(
        'A uuid provided by the application to uniquely identify it. It is recommended to use an UUID v5 with the URL or DNS namespace.',
      ),
    {
      type: undefined,
    },
  );

const name = () => wp(z.string().min(1).describe('The name of the application password.'), { pattern: '.*\\S.*' });

const gmtDate = (description: string, nullable: boolean) =>
  wp((nullable ? z.string().nullable() : z.string()).describe(description), { format: 'date-time' });

export const applicationPasswordResource: ResourceDef = resource('application-password', {
  uuid: field(
    wp(z.string().describe('The unique identifier for the application password.'), { format: 'uuid' }),
    ['view', 'edit', 'embed'],
    { readonly: true },
  ),
  app_id: field(appId(), ['view', 'edit', 'embed']),
  name: field(name(), ['view', 'edit', 'embed']),
  password: field(
    z.string().describe('The generated password. Only available after adding an application.'),
    ['edit'],
    { readonly: true },
  ),
  created: field(gmtDate('The GMT date the application password was created.', false), ['view', 'edit'], {
    readonly: true,
  }),
  last_used: field(gmtDate('The GMT date the application password was last used.', true), ['view', 'edit'], {
    readonly: true,
  }),
  last_ip: field(
    wp(z.string().nullable().describe('The IP address the application password was last used by.'), { format: 'ip' }),
    ['view', 'edit'],
    { readonly: true },
  ),
});

/** Create: `name` required, `app_id` optional. Update: both optional (WordPress ignores app_id on update). */
export function applicationPasswordWriteArgs(creating: boolean) {
  return { app_id: appId().optional(), name: creating ? name() : name().optional() };
}

const base = `/${CORE}/users/<user_id>/application-passwords`;

export const applicationPasswords = {
  collection: route(
    CORE,
    base,
    {
      list: endpoint(READABLE, { context: contextParam('view') }),
      create: endpoint(CREATABLE, applicationPasswordWriteArgs(true)),
      deleteAll: endpoint(DELETABLE, {}, { docs: { summary: "Delete all of a user's application passwords" } }),
    },
    applicationPasswordResource,
  ),
  // Registered before the item route: `introspect` would otherwise match `<uuid>`.
  introspect: route(
    CORE,
    `${base}/introspect`,
    {
      read: endpoint(
        READABLE,
        { context: contextParam('view') },
        { docs: { summary: 'Retrieve the application password of the request' } },
      ),
    },
    applicationPasswordResource,
  ),
  item: route(
    CORE,
    `${base}/<uuid>`,
    {
      read: endpoint(READABLE, { context: contextParam('view') }),
      update: endpoint(EDITABLE, applicationPasswordWriteArgs(false)),
      delete: endpoint(DELETABLE, {}),
    },
    applicationPasswordResource,
  ),
};
