/**
 * The local mail catcher `npm start` runs when SMTP_URL is unset: an SMTP server on a free loopback port that takes
 * every message (the forms service's SMTP_URL points at it, so forms answer `mail_sent` as with a real relay), and a
 * page on another free loopback port listing what it caught, newest first. Local runs only: it lives in scripts/,
 * which no image contains, and uses smtp-server and mailparser from the dev dependencies.
 *
 * Messages are kept in memory for this run (the last MAX_KEPT).
 */
'use strict';
const http = require('node:http');

const MAX_KEPT = 200;
/** A message larger than this is refused (552): contact-form mail with attachments stays well under it. */
const MAX_BYTES = 25 * 1024 * 1024;

const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const addresses = (field) => (field ? (Array.isArray(field) ? field : [field]).map((a) => a.text).join(', ') : '');

function listen(server, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(server.address().port));
  });
}

function page(mails) {
  const items = mails
    .map(
      (m) => `<article>
<h2>${esc(m.subject || '(no subject)')}</h2>
<dl><dt>Date</dt><dd>${esc(m.date.toISOString())}</dd><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to)}</dd>${m.replyTo ? `<dt>Reply-To</dt><dd>${esc(m.replyTo)}</dd>` : ''}${
        m.attachments.length ? `<dt>Attachments</dt><dd>${esc(m.attachments.join(', '))}</dd>` : ''
      }</dl>
<pre>${esc(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail caught by Loom</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d2327}article{border-top:1px solid #ccc;padding:.5rem 0}dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem}dt{font-weight:600}pre{white-space:pre-wrap;background:#f6f7f7;padding:.5rem}</style>
</head>
<body>
<h1>Mail caught by Loom</h1>
<p>SMTP_URL is unset, so <code>npm start</code> keeps the site's mail here instead of sending it (this run only, the last ${MAX_KEPT}).</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}

/**
 * Starts both servers on 127.0.0.1. `onMail({ to, subject })` is called once per message taken. Resolves to the
 * SMTP URL for SMTP_URL, the page's URL and close().
 */
async function startMailCatcher({ onMail } = {}) {
  const { SMTPServer } = require('smtp-server');
  const { simpleParser } = require('mailparser');
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((parsed) => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        const mail = {
          date: new Date(),
          from: addresses(parsed.from),
          to: [addresses(parsed.to), addresses(parsed.cc)].filter(Boolean).join(', '),
          replyTo: addresses(parsed.replyTo),
          subject: parsed.subject ?? '',
          body: parsed.text ?? parsed.html ?? '',
          attachments: parsed.attachments.map((a) => a.filename ?? a.contentType),
        };
        mails.unshift(mail);
        mails.length = Math.min(mails.length, MAX_KEPT);
        onMail?.(mail);
        callback();
      }, callback);
    },
  });
  smtp.on('error', () => undefined); // a client's broken connection is its own affair
  const web = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    if (req.url !== '/')
      return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.end(req.method === 'HEAD' ? undefined : page(mails));
  });
  const smtpPort = await listen(smtp.server, '127.0.0.1');
  const webPort = await listen(web, '127.0.0.1');
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    pageUrl: `http://127.0.0.1:${webPort}/`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(r))]),
  };
}

module.exports = { startMailCatcher };
