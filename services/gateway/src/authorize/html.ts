/**
 * The authorize page's HTML (and the layout wp-login.php's pages share, login/html.ts): plain server-rendered forms,
 * no script and no external asset, with WordPress's wording (authorize-application.php, wp-login.php). Every value that came from the request
 * or from core-content is HTML-escaped where it is written; messages from core-content lose their markup.
 */
import { createHash } from 'node:crypto';
import type { Authenticated } from '@loom/contracts';
import { addQueryArgs, rejectRedirect, type AuthorizeParams } from './params';

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#039;': "'",
  '&#39;': "'",
  '&amp;': '&',
};

/**
 * A WordPress message as text: `<strong>Error</strong>: …` loses its tags and the entities WordPress
 * escaped inside it (esc_html of a login) are decoded, once, so that esc() below shows them as typed.
 */
export function plainMessage(message: string): string {
  return message.replace(/<[^>]*>/g, '').replace(/&(?:lt|gt|quot|#0?39|amp);/g, (e) => ENTITIES[e] ?? e);
}

const CSS = `
body{font:16px/1.5 system-ui,sans-serif;background:#f0f0f1;color:#1d2327;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #c3c4c7;padding:1.5rem 2rem}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=text],input[type=password]{box-sizing:border-box;width:100%;padding:.5rem;font:inherit;border:1px solid #8c8f94}
button{font:inherit;padding:.5rem 1rem;margin-top:1rem;cursor:pointer;border:1px solid #2271b1;border-radius:3px}
.primary{background:#2271b1;color:#fff}.secondary{background:#f6f7f7;color:#2271b1}
button:focus,input:focus{outline:2px solid #2271b1;outline-offset:2px}
.notice{border-left:4px solid #d63638;background:#fcf0f1;padding:.5rem 1rem;margin:1rem 0}
.success{border-left-color:#00a32a;background:#edfaef}
.desc{display:block;font-size:.9rem;color:#50575e;word-break:break-all}
code,kbd{font-family:ui-monospace,monospace;word-break:break-all}
`;

/** The only style the CSP lets through is this one, by its hash; no script may run at all. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * Headers for every page. No form-action directive: Chromium applies it to the redirect that follows
 * approval, and success_url may be any https origin or an app's own scheme.
 *
 * Referrer-Policy is same-origin, not no-referrer: under no-referrer browsers send `Origin: null` with the
 * page's own form posts, which would make the Origin check useless (or refuse everyone). same-origin sends
 * nothing to any other origin either; the redirects out of the page are no-referrer (page.ts).
 */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

/** A page of the gateway's: the title, then `body` (HTML the caller escaped) in the one layout and style. */
export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function notice(message: string | undefined): string {
  return message ? `<div class="notice" role="alert"><p>${esc(plainMessage(message))}</p></div>` : '';
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

function requestFields(p: AuthorizeParams, withName: boolean): string {
  return [
    withName ? hidden('app_name', p.appName) : '',
    hidden('app_id', p.appId),
    hidden('success_url', p.successUrl),
    hidden('reject_url', p.rejectUrl),
  ].join('\n');
}

export interface FormPage {
  /** Absolute URL of the page, where the forms post. */
  action: string;
  token: string;
  params: AuthorizeParams;
  error?: string;
}

export function signInPage(f: FormPage & { siteName: string; login?: string }): string {
  return layout(
    'Log In',
    `<h1>Authorize Application</h1>
${notice(f.error)}
<p>Log in to <strong>${esc(f.siteName)}</strong> to decide whether <strong>${esc(f.params.appName)}</strong> may connect to your account.</p>
<form method="post" action="${esc(f.action)}">
${hidden('action', 'log_in')}
${hidden('_csrf', f.token)}
${requestFields(f.params, true)}
<label for="user_login">Username or Email Address</label>
<input type="text" id="user_login" name="log" value="${esc(f.login ?? '')}" autocomplete="username" autocapitalize="off" spellcheck="false" required>
<label for="user_pass">Password</label>
<input type="password" id="user_pass" name="pwd" autocomplete="current-password" spellcheck="false" required>
<button type="submit" class="primary">Log In</button>
</form>`,
  );
}

export function approvePage(f: FormPage & { user: Authenticated; siteUrl: string }): string {
  const { params: p, user } = f;
  const approveTarget = p.successUrl
    ? `You will be sent to <strong><code>${esc(addQueryArgs(p.successUrl, { site_url: f.siteUrl, user_login: user.login, password: '[------]' }))}</code></strong>`
    : 'You will be given a password to manually enter into the application in question.';
  const rejectUrl = rejectRedirect(p);
  const rejectTarget = rejectUrl
    ? `You will be sent to <strong><code>${esc(rejectUrl)}</code></strong>`
    : 'No changes will be made.';
  return layout(
    'Authorize Application',
    `<h1>Authorize Application</h1>
${notice(f.error)}
<h2>An application would like to connect to your account.</h2>
<p>Would you like to give the application identifying itself as <strong>${esc(p.appName)}</strong> access to your account? You should only do this if you trust the application in question.</p>
<p>Logged in as <strong>${esc(user.login)}</strong>.</p>
<form method="post" action="${esc(f.action)}">
${hidden('action', 'authorize_application_password')}
${hidden('_csrf', f.token)}
${requestFields(p, false)}
<label for="app_name">New Application Password Name</label>
<input type="text" id="app_name" name="app_name" value="${esc(p.appName)}" required>
<p><button type="submit" name="approve" value="1" class="primary" aria-describedby="description-approve">Yes, I approve of this connection</button>
<span class="desc" id="description-approve">${approveTarget}</span></p>
<p><button type="submit" name="reject" value="1" class="secondary" aria-describedby="description-reject" formnovalidate>No, I do not approve of this connection</button>
<span class="desc" id="description-reject">${rejectTarget}</span></p>
</form>`,
  );
}

/** WP_Application_Passwords::chunk_password: groups of four separated by spaces. */
export function chunkPassword(password: string): string {
  return (password.replace(/[^a-z\d]/gi, '').match(/.{1,4}/g) ?? []).join(' ');
}

export function passwordPage(appName: string, password: string): string {
  const chunked = chunkPassword(password);
  return layout(
    'Application Password Created',
    `<h1>Authorize Application</h1>
<div class="notice success" role="status">
<p>Your new password for <strong>${esc(appName)}</strong> is:</p>
<p><kbd>${esc(chunked)}</kbd></p>
</div>
<label for="new-password">Select the password to copy it</label>
<input type="text" id="new-password" value="${esc(chunked)}" readonly>
<p>Be sure to save this in a safe location. You will not be able to retrieve it.</p>`,
  );
}

export function rejectedPage(appName: string): string {
  return layout(
    'Authorize Application',
    `<h1>Authorize Application</h1>
<p role="status">You did not approve the connection of <strong>${esc(appName)}</strong>. No changes were made.</p>`,
  );
}

/** wp_die()'s page: a title and one message. */
export function errorPage(title: string, message: string, link?: { href: string; text: string }): string {
  const back = link ? `\n<p><a href="${esc(link.href)}">${esc(link.text)}</a></p>` : '';
  return layout(title, `<h1>${esc(title)}</h1>\n<p role="alert">${esc(plainMessage(message))}</p>${back}`);
}
