/**
 * A real SMTP listener for tests (smtp-server), recording each accepted message (envelope + raw data) and
 * parsing it with mailparser. Options: auth credentials, TLS from the first byte, STARTTLS or not, and hooks that
 * refuse recipients or data (to play an outage, a temporary or a permanent refusal). `startSmtp()` is one that can
 * go down and come back on the same port, keeping what it received (the forms world's).
 */
import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { closedAtEnd } from './cleanup';
import { freePort } from './net';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  user?: string;
}

export interface SinkOptions {
  port?: number;
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** Return an SMTP error (e.g. `{code: 451, message}`) to refuse this DATA, or nothing to accept. */
  onData?: (n: number) => { code: number; message: string } | undefined;
  onRcpt?: (address: string) => { code: number; message: string } | undefined;
  /** Milliseconds to wait before answering DATA. */
  delayMs?: number;
  /** Offer STARTTLS (smtp-server's own certificate); true by default. */
  startTls?: boolean;
  /** Where accepted messages go (to keep them across a restart on the same port); a new list by default. */
  received?: Received[];
}

export interface Sink {
  port: number;
  received: Received[];
  authAttempts: { user: string; ok: boolean }[];
  url(userinfo?: string): string;
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

const smtpError = (e: { code: number; message: string }) =>
  Object.assign(new Error(e.message), { responseCode: e.code });

export async function startSink(opts: SinkOptions = {}): Promise<Sink> {
  const received: Received[] = opts.received ?? [];
  const authAttempts: { user: string; ok: boolean }[] = [];
  let dataCount = 0;
  const serverOpts: SMTPServerOptions = {
    secure: !!opts.secure,
    logger: false,
    disabledCommands: [...(opts.auth ? [] : ['AUTH']), ...(opts.startTls === false ? ['STARTTLS'] : [])],
    authOptional: !opts.auth,
    allowInsecureAuth: false,
    onAuth(auth, _session, cb) {
      const ok = !!opts.auth && auth.username === opts.auth.user && auth.password === opts.auth.pass;
      authAttempts.push({ user: auth.username ?? '', ok });
      if (!ok) return cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      const refusal = opts.onRcpt?.(address.address);
      cb(refusal ? smtpError(refusal) : undefined);
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const n = ++dataCount;
        if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
        const refusal = opts.onData?.(n);
        if (refusal) return cb(smtpError(refusal));
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await simpleParser(raw),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        cb();
      });
    },
  };
  const server = new SMTPServer(serverOpts);
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', () => undefined);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve((server.server.address() as net.AddressInfo).port));
    server.server.once('error', reject);
  });
  return {
    port,
    received,
    authAttempts,
    url: (userinfo?: string) =>
      `${opts.secure ? 'smtps' : 'smtp'}://${userinfo ? `${userinfo}@` : ''}127.0.0.1:${port}`,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    close: closedAtEnd(() => new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: Received[];
  up(): Promise<void>;
  down(): Promise<void>;
}

/** An SMTP listener (no STARTTLS) on a fixed free port; `down()` closes it (connections refused), `up()` listens again. */
export async function startSmtp(): Promise<SmtpSink> {
  const port = await freePort();
  const messages: Received[] = [];
  let sink: Sink | null = null;
  const smtp: SmtpSink = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async up() {
      if (!sink) sink = await startSink({ port, startTls: false, received: messages });
    },
    async down() {
      const s = sink;
      sink = null;
      await s?.close();
    },
  };
  await smtp.up();
  return smtp;
}
