/**
 * The forms suites' world: the real core-content (users, application passwords), the real forms app on its own
 * embedded store, the gateway in front, and a real SMTP listener (smtp-server) that keeps every message it
 * receives, raw and parsed. The SMTP listener can go down and come back on the same port (an outage); the forms
 * service can be restarted on the same store and port (a deploy), so a test can watch queued mail go out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { testConfig } from '@loom/service-kit';
import type { Gateway, GatewayDeps } from '@loom/gateway';
import { basicForAll, roleUsers } from './accounts';
import { freePort } from './net';
import { startSmtp, type SmtpSink } from './smtp';
import { startCore, startForms, startGateway, type RunningService } from './services';

export type FormsCaller = 'anonymous' | 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

export type FormsService = RunningService;

export interface FormsWorld {
  gw: Gateway;
  core: RunningService;
  forms: FormsService;
  smtp: SmtpSink;
  auth: Record<FormsCaller, Record<string, string>>;
  /** Stops forms (outbox, server, store) and starts it again on the same store and port. */
  restartForms(env?: NodeJS.ProcessEnv): Promise<void>;
  close(): Promise<void>;
}

/** Mail retried quickly in tests; every other setting as the service's defaults unless `env` says otherwise. */
export const FAST_MAIL_ENV: NodeJS.ProcessEnv = {
  LOOM_FORMS_MAIL_RETRY_BASE_MS: '200',
  LOOM_FORMS_MAIL_RETRY_MAX_MS: '400',
  LOOM_FORMS_MAIL_POLL_MS: '100',
  LOOM_SMTP_TIMEOUT_MS: '2000',
  LOOM_SITE_NAME: 'Loom Reference',
  LOOM_ADMIN_EMAIL: 'admin@example.com',
  LOOM_FORMS_RATE_MAX: '1000',
};

export async function startFormsWorld(
  env: NodeJS.ProcessEnv = {},
  gatewayDeps: Partial<GatewayDeps> = {},
  gatewayEnv: NodeJS.ProcessEnv = {},
): Promise<FormsWorld> {
  const smtp = await startSmtp();
  const formsEnv = { ...FAST_MAIL_ENV, SMTP_URL: smtp.url, ...env };
  const core = await startCore();
  const dataDir = mkdtempSync(join(tmpdir(), 'loom-forms-'));
  const port = await freePort();
  let forms = await startForms(formsEnv, { dataDir, port });
  const gw = await startGateway(
    { upstreams: { 'core-content': core.url, forms: forms.url }, config: testConfig('gateway'), ...gatewayDeps },
    { LOOM_AUTH_MAX_FAILURES: '1000', LOOM_AUTH_MAX_USER_FAILURES: '1000', ...gatewayEnv },
  );
  const auth = await basicForAll(core.url, roleUsers());
  const world: FormsWorld = {
    gw,
    core,
    forms,
    smtp,
    auth,
    async restartForms(more: NodeJS.ProcessEnv = {}) {
      await forms.close();
      forms = await startForms({ ...formsEnv, ...more }, { dataDir, port });
      world.forms = forms;
    },
    async close() {
      gw.close();
      await Promise.all([core.close(), forms.close(), smtp.down()]);
    },
  };
  return world;
}

/** supertest requests through the gateway as `caller`, under /rest/formsA/v1 (or another prefix). */
export function formsClient(world: FormsWorld, caller: FormsCaller, prefix = '/rest/formsA/v1') {
  const h = world.auth[caller];
  const url = (p: string) => `${prefix}${p}`;
  return {
    get: (p: string) => request(world.gw.app).get(url(p)).set(h),
    post: (p: string, body: object = {}) => request(world.gw.app).post(url(p)).set(h).send(body),
    put: (p: string, body: object = {}) => request(world.gw.app).put(url(p)).set(h).send(body),
    patch: (p: string, body: object = {}) => request(world.gw.app).patch(url(p)).set(h).send(body),
    delete: (p: string) => request(world.gw.app).delete(url(p)).set(h),
    /** A multipart/form-data submission: fields in order (`name[]` repeated for lists), then files. */
    feedback: (
      id: number,
      fields: Array<[string, string]>,
      files: Array<{ field: string; name: string; type: string; content: Buffer }> = [],
      headers: Record<string, string> = {},
    ) => {
      let r = request(world.gw.app)
        .post(url(`/contact-forms/${id}/feedback`))
        .set(h)
        .set(headers);
      for (const [k, v] of fields) r = r.field(k, v);
      for (const f of files) r = r.attach(f.field, f.content, { filename: f.name, contentType: f.type });
      return r;
    },
  };
}

/** The hidden fields Contact Form 7's front end sends with every submission. */
export const hiddenFields = (id: number): Array<[string, string]> => [
  ['_wpcf7', String(id)],
  ['_wpcf7_version', '5.9.8'],
  ['_wpcf7_locale', 'en_US'],
  ['_wpcf7_unit_tag', `wpcf7-f${id}-o1`],
  ['_wpcf7_container_post', '0'],
  ['_wpcf7_posted_data_hash', ''],
];
