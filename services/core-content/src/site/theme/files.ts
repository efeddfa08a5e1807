/**
 * The active theme's public files at `${LOOM_BASE_URL}/wp-content/themes/<stylesheet>/...` (get_stylesheet_directory_uri(),
 * the themes resource's stylesheet_uri and screenshot): its stylesheet, screenshot, fonts and images, for clients
 * that show the theme. Only those kinds of file, never its templates, patterns or JSON (served through the API as
 * WordPress serves them) nor dotfiles; the path stays inside the theme's folder (sendFile's root).
 */
import type { Express } from 'express';
import type { KitConfig } from '@loom/service-kit';
import { themeOf } from './index';

export const THEME_FILES_PATH = '/wp-content/themes/';

/** The file kinds a browser asks a theme for, and what they are. */
const TYPES: Readonly<Record<string, string>> = {
  css: 'text/css; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
};

/** get_stylesheet_directory_uri(). */
export const themeDirectoryUri = (config: Pick<KitConfig, 'baseUrl'>, stylesheet: string): string =>
  `${config.baseUrl}${THEME_FILES_PATH}${encodeURIComponent(stylesheet)}`;

/** WP_Theme::get_screenshot(): the theme's screenshot.{png,gif,jpg,jpeg,webp}, if it has one. */
export const SCREENSHOTS = ['png', 'gif', 'jpg', 'jpeg', 'webp'].map((ext) => `screenshot.${ext}`);

export function mountThemeFiles(app: Express, config: KitConfig): void {
  app.get(/^\/wp-content\/themes\/[^/]+\/.+/, (req, res, next) => {
    const theme = themeOf({ config });
    let rest: string;
    try {
      rest = decodeURIComponent(req.path.slice(THEME_FILES_PATH.length));
    } catch {
      return void res.status(404).type('text/plain').send('Not Found\n');
    }
    const slash = rest.indexOf('/');
    const file = rest.slice(slash + 1);
    const ext = file.includes('.') ? file.slice(file.lastIndexOf('.') + 1).toLowerCase() : '';
    const type = TYPES[ext];
    if (rest.slice(0, slash) !== theme.name || !type || file.split('/').some((s) => s === '' || s.startsWith('.')))
      return void res.status(404).type('text/plain').send('Not Found\n');
    res.sendFile(
      file,
      {
        root: theme.dir,
        dotfiles: 'deny',
        headers: {
          'Content-Type': type,
          'Cache-Control': 'public, no-cache',
          'X-Content-Type-Options': 'nosniff',
          'Cross-Origin-Resource-Policy': 'cross-origin',
        },
      },
      (err?: Error & { status?: number }) => {
        if (!err) return;
        if (res.headersSent) return next(err);
        res
          .status(err.status === 404 || err.status === 403 ? 404 : 500)
          .type('text/plain')
          .send('Not Found\n');
      },
    );
  });
}
