import { editedFileName, sanitizeFileName, uniqueFileName, uploadSubdir } from '../src';

describe('sanitizeFileName (sanitize_file_name)', () => {
  it.each([
    ['My Holiday Photo.jpg', 'My-Holiday-Photo.jpg'],
    ['  spaced   out  .png', 'spaced-out-.png'],
    ['a?b[c]d/e\\f=g<h>i:j;k,l\'m"n&o$p#q*r(s)t|u~v`w!x{y}z%+.gif', 'abcdefghijklmnopqrstuvwxyz.gif'],
    ['Crème brûlée.jpg', 'Creme-brulee.jpg'],
    ['Straße Æble.png', 'Strasse-AEble.png'],
    ['multi...dots.jpg', 'multi.dots_.jpg'],
    ['two..dots.png', 'two.dots_.png'],
    ['--._trim me_.-', 'trim-me'],
    ['shell.php.jpg', 'shell.php_.jpg'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['page.html.txt', 'page.html_.txt'],
    ['report.v2.pdf', 'report.v2.pdf'],
    ['jpg', 'unnamed-file.jpg'],
    ['', 'unnamed-file'],
    ['tab\tnew\nline.txt', 'tab-new-line.txt'],
    ['nbsp\u00a0name.txt', 'nbsp-name.txt'],
    ['smart\u2019quote\u201c.txt', 'smartquote.txt'],
    ['../../etc/passwd.txt', 'etcpasswd.txt'],
    ['..\\..\\boot.ini.txt', 'boot.ini_.txt'],
    // Every script's letters are kept, as WordPress keeps them; accents still go.
    ['照片.jpg', '照片.jpg'],
    ['ééé.jpg', 'eee.jpg'],
    ['Фото отпуск.png', 'Фото-отпуск.png'],
    ['صورة.jpg', 'صورة.jpg'],
    ['می‌خواهم.jpg', 'می‌خواهم.jpg'],
    // Look-alikes of `.` and `/` become what they imitate first (NFKC), and go as those do.
    ['a．．／b.jpg', 'a.b.jpg'],
    ['ｅｔｃ／ｐａｓｓｗｄ.txt', 'etcpasswd.txt'],
    ['ﬁle①.png', 'file1.png'],
    // Controls, bidirectional overrides and lone surrogates never reach a name.
    ['x\u0001y\u007f\u0085.jpg', 'xy.jpg'],
    ['photo\u202Egpj.exe.jpg', 'photogpj.exe_.jpg'],
    ['a\uD800b.jpg', 'ab.jpg'],
    // Every kind of space is one; what a removed character stood between is composed (NFC).
    ['line\u2028sep\u3000wide.jpg', 'line-sep-wide.jpg'],
    ['\u1100?\u1161.jpg', '\uAC00.jpg'],
  ])('%j → %j', (input, output) => {
    expect(sanitizeFileName(input)).toBe(output);
  });

  it('keeps html as an intermediate extension when the user may upload html', () => {
    expect(sanitizeFileName('page.html.txt', { unfilteredHtml: true })).toBe('page.html.txt');
  });
});

describe('uniqueFileName (wp_unique_filename)', () => {
  const store = (...paths: string[]): ((p: string) => Promise<boolean>) => {
    const set = new Set(paths);
    return async (p) => set.has(p);
  };

  it('keeps a free name, lower-casing the extension', async () => {
    expect(await uniqueFileName('2024/01', 'Photo.JPG', store())).toBe('Photo.jpg');
  });

  it('adds -1, -2 while the name is taken (either extension case)', async () => {
    expect(await uniqueFileName('2024/01', 'photo.jpg', store('2024/01/photo.jpg'))).toBe('photo-1.jpg');
    expect(await uniqueFileName('2024/01', 'photo.jpg', store('2024/01/photo.jpg', '2024/01/photo-1.jpg'))).toBe(
      'photo-2.jpg',
    );
    expect(await uniqueFileName('2024/01', 'photo.JPG', store('2024/01/photo.JPG'))).toBe('photo-1.jpg');
    expect(await uniqueFileName('2024/02', 'photo.jpg', store('2024/01/photo.jpg'))).toBe('photo.jpg');
  });

  it('always numbers names that look like derived files', async () => {
    expect(await uniqueFileName('2024/01', 'photo-150x150.jpg', store())).toBe('photo-150x150-1.jpg');
    expect(await uniqueFileName('2024/01', 'photo-scaled.jpg', store('2024/01/photo-scaled-1.jpg'))).toBe(
      'photo-scaled-2.jpg',
    );
    expect(await uniqueFileName('2024/01', 'photo-rotated.png', store())).toBe('photo-rotated-1.png');
  });

  it('avoids names whose sub-sizes or WebP copies would clash with stored files', async () => {
    const files = ['photo-300x200.jpg', 'photo-1-jpg.webp', 'other.jpg'];
    const list = async (_dir: string, prefix: string): Promise<string[]> => files.filter((f) => f.startsWith(prefix));
    expect(await uniqueFileName('2024/01', 'photo.jpg', store(), list)).toBe('photo-2.jpg');
    expect(await uniqueFileName('2024/01', 'fresh.jpg', store(), list)).toBe('fresh.jpg');
  });

  it('stops on a store that says everything is taken', async () => {
    const name = await uniqueFileName('d', 'x.txt', async () => true);
    expect(name).toMatch(/^x-\d+\.txt$/);
  });

  it('shortens very long names so derived files still fit a disk’s 255-byte limit', async () => {
    const name = await uniqueFileName('2024/01', `${'中'.repeat(100)}.jpeg`, store());
    expect(name.endsWith('.jpeg')).toBe(true);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(185);
  });

  it('sanitises before making unique', async () => {
    expect(await uniqueFileName('2024/01', 'my file?.png', store('2024/01/my-file.png'))).toBe('my-file-1.png');
  });
});

describe('editedFileName and uploadSubdir', () => {
  it('appends -edited once', () => {
    expect(editedFileName('2024/01/photo.jpg')).toBe('photo-edited.jpg');
    expect(editedFileName('photo-edited.jpg')).toBe('photo-edited.jpg');
    expect(editedFileName('2024/01/photo-edited-3.png')).toBe('photo-edited.png');
  });

  it('answers YYYY/MM in UTC', () => {
    expect(uploadSubdir(new Date('2024-03-31T23:30:00Z'))).toBe('2024/03');
  });
});
