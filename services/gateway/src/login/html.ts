/**
 * wp-login.php's pages, in the authorize page's layout (no script, no external asset): the sign-in form with
 * WordPress's wording and fields (`log`, `pwd`, `rememberme`, `redirect_to`), and wp_nonce_ays( 'log-out' )'s
 * question. Every value from the request is escaped where it is written.
 */
import { esc, hidden, layout, notice } from '../authorize/html';

export interface LoginForm {
  siteName: string;
  /** Absolute URL of wp-login.php, where the form posts. */
  action: string;
  token: string;
  redirectTo: string;
  login?: string;
  error?: string;
  /** A message that is not an error ("You are now logged out."). */
  message?: string;
}

export function loginPage(f: LoginForm): string {
  const message = f.message ? `<div class="notice success" role="status"><p>${esc(f.message)}</p></div>` : '';
  return layout(
    'Log In',
    `<h1>${esc(f.siteName)}</h1>
${notice(f.error)}${message}
<form method="post" action="${esc(f.action)}">
${hidden('_csrf', f.token)}
${f.redirectTo ? hidden('redirect_to', f.redirectTo) : ''}
<label for="user_login">Username or Email Address</label>
<input type="text" id="user_login" name="log" value="${esc(f.login ?? '')}" autocomplete="username" autocapitalize="off" spellcheck="false" required>
<label for="user_pass">Password</label>
<input type="password" id="user_pass" name="pwd" autocomplete="current-password" spellcheck="false" required>
<label><input type="checkbox" name="rememberme" id="rememberme" value="forever"> Remember Me</label>
<button type="submit" class="primary">Log In</button>
</form>`,
  );
}

/** wp_nonce_ays( 'log-out' ): a sign-out link without its nonce asks first (403, as wp_die answers it). */
export function logoutQuestionPage(siteName: string, logoutUrl: string): string {
  const title = `You are attempting to log out of ${siteName}`;
  return layout(
    title,
    `<h1>${esc(title)}</h1>
<p>Do you really want to <a href="${esc(logoutUrl)}">log out</a>?</p>`,
  );
}
