/**
 * SMTP delivery with nodemailer, configured from one URL (SMTP_URL):
 *   smtp://user:pass@host:587   plain connection upgraded with STARTTLS when the server offers it
 *                               (`?requireTLS=true` refuses to send without it, `?ignoreTLS=true` never upgrades)
 *   smtps://user:pass@host:465  TLS from the first byte
 * User and password are URL-encoded in the URL; neither ever appears in a result or a log line.
 */
import nodemailer from 'nodemailer';
import { envInt } from '@loom/service-kit';
import type { ComposedMail, Mailbox } from './types';

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; empty: no SMTP (every send fails, mail stays queued). */
  smtpUrl: string;
  /** Verify the server's certificate (default true; `?rejectUnauthorized=false` in the URL also turns it off). */
  rejectUnauthorized?: boolean;
  /** Connection, greeting and socket timeouts (default 10000 ms). */
  timeoutMs?: number;
  /** The name this host gives in EHLO (default the machine's). */
  name?: string;
}

export type SendResult =
  | { ok: true; messageId: string; response: string }
  /** `permanent`: the server refused the message for good (5xx); the outbox stops retrying. `error` never holds credentials. */
  | { ok: false; error: string; permanent: boolean };

export interface Mailer {
  /** False when no SMTP server is configured: the outbox then keeps mail pending without spending attempts. */
  readonly configured: boolean;
  /** `messageId`: the Message-ID to use (the outbox keeps one per message, so a resend is recognisable). */
  send(mail: ComposedMail, opts?: { messageId?: string }): Promise<SendResult>;
  close(): void;
}

/** The mail settings of the environment (see docs/configuration.md). */
export interface MailSettings {
  smtpUrl: string;
  rejectUnauthorized: boolean;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  leaseMs: number;
  pollMs: number;
}

/** Reads SMTP_URL, LOOM_SMTP_* and LOOM_FORMS_MAIL_*; a malformed value stops the process at start. (`_secret` is unused.) */
export function loadMailSettings(env: NodeJS.ProcessEnv = process.env, _secret?: string): MailSettings {
  void _secret;
  const smtpUrl = (env.SMTP_URL ?? '').trim();
  if (smtpUrl) smtpOptions(smtpUrl); // validates
  const reject = (env.LOOM_SMTP_TLS_REJECT_UNAUTHORIZED ?? '').trim().toLowerCase();
  return {
    smtpUrl,
    rejectUnauthorized: !['0', 'false', 'no', 'off'].includes(reject),
    timeoutMs: envInt(env, 'LOOM_SMTP_TIMEOUT_MS', 10_000, 100),
    retryBaseMs: envInt(env, 'LOOM_FORMS_MAIL_RETRY_BASE_MS', 30_000, 1),
    retryMaxMs: envInt(env, 'LOOM_FORMS_MAIL_RETRY_MAX_MS', 3_600_000, 1),
    maxAttempts: envInt(env, 'LOOM_FORMS_MAIL_MAX_ATTEMPTS', 10, 1),
    leaseMs: envInt(env, 'LOOM_FORMS_MAIL_LEASE_MS', 120_000, 1000),
    pollMs: envInt(env, 'LOOM_FORMS_MAIL_POLL_MS', 5_000, 10),
  };
}

const flag = (v: string | null) => (v === null ? undefined : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));

/** The nodemailer options an SMTP URL stands for. Throws (without echoing the URL) when it is not one. */
function smtpOptions(smtpUrl: string, opts: Omit<MailerOptions, 'smtpUrl'> = {}) {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@host:587 or smtps://host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('SMTP_URL names no host');
  const secure = url.protocol === 'smtps:';
  const q = url.searchParams;
  const user = decodeURIComponent(url.username);
  const rejectUnauthorized = flag(q.get('rejectUnauthorized')) ?? opts.rejectUnauthorized ?? true;
  const timeout = opts.timeoutMs ?? 10_000;
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: flag(q.get('requireTLS')) ?? false,
    ignoreTLS: flag(q.get('ignoreTLS')) ?? false,
    auth: user ? { user, pass: decodeURIComponent(url.password) } : undefined,
    tls: { rejectUnauthorized, servername: url.hostname.replace(/^\[|\]$/g, '') },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
    name: opts.name,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

const toAddress = (m: Mailbox) => (m.name ? { name: m.name, address: m.address } : m.address);

/** An error's text for the outbox row: the server's answer or the socket error, with anything URL-like masked. */
function describe(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const text = e.response || e.message || String(err);
  return `${e.code ? `${e.code}: ` : ''}${text}`
    .replace(/\b(smtps?:\/\/)[^\s]*/gi, '$1…')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 500);
}

export const NOT_CONFIGURED = 'SMTP_URL is not set: mail stays queued';

export function createMailer(opts: MailerOptions): Mailer {
  if (!opts.smtpUrl) {
    return {
      configured: false,
      send: async () => ({ ok: false, error: NOT_CONFIGURED, permanent: false }),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpOptions(opts.smtpUrl, opts));
  return {
    configured: true,
    async send(mail, sendOpts = {}) {
      try {
        const info = await transport.sendMail({
          ...(sendOpts.messageId ? { messageId: sendOpts.messageId } : {}),
          from: toAddress(mail.from),
          to: mail.to.map(toAddress),
          cc: mail.cc.map(toAddress),
          bcc: mail.bcc.map(toAddress),
          replyTo: mail.replyTo.map(toAddress),
          subject: mail.subject,
          ...(mail.html !== undefined ? { html: mail.html } : { text: mail.text ?? '' }),
          headers: mail.headers.map(([key, value]) => ({ key, value })),
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: a.contentBase64,
            encoding: 'base64',
            contentType: a.contentType,
          })),
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        // Some recipients refused while others took it: the message went out; the refusals are in the response.
        return { ok: true, messageId: info.messageId, response: String(info.response ?? '') };
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode;
        const authFailure = (err as { code?: string }).code === 'EAUTH';
        // 5xx refuses the message itself for good; a refused login is configuration, worth retrying once fixed.
        return {
          ok: false,
          error: describe(err),
          permanent: typeof code === 'number' && code >= 500 && code < 600 && !authFailure,
        };
      }
    },
    close() {
      transport.close();
    },
  };
}
