/**
 * The `loom` CLI's commands (user and application-password administration), written once against a store: the
 * CLI process runs them on the store it opens itself (../cli.ts), the running core-content on its own store when
 * the CLI forwards them (route.ts). Exit codes: 0 done, 1 failed, 2 usage.
 */
import { parseArgs } from 'node:util';
import { own, roles as ROLES } from '@loom/contracts';
import { wpError, WpError } from '@loom/service-kit';
import type { Store } from '@loom/store';
import { AppPasswordRepository } from '../../resources/application-passwords/repository';
import { generatePassword } from '../../resources/users/passwords';
import { DEFAULT_ROLE, UserRepository, type UserDoc } from '../../resources/users/repository';

const USAGE = `Usage: npm run loom -- <command> [options]

  users list [--json]
  users create --login <login> --email <email> [--role <role>] [--name <display name>]
               [--password <password> | --password-stdin]      (generated and printed when not given)
  users set-password --login <login> [--password <password> | --password-stdin]
  users delete --login <login> (--reassign <login, email or id> | --delete-content)
               (WordPress's wp_delete_user: the user's posts, pages and other content go to --reassign,
               or are deleted with the user; their application passwords are deleted)
  app-passwords create --login <login> --name <application name>   (prints the password once)
  app-passwords list --login <login> [--json]
  app-passwords revoke --login <login> (--uuid <uuid> | --name <application name> | --all)

Roles: ${ROLES.join(', ')} (default ${DEFAULT_ROLE}). --login also accepts an email address.
The store is the one core-content uses: DATA_DIR (default: data/ at the repository root) or MONGO_URL. While
core-content runs on that DATA_DIR, commands are sent to it (CORE_CONTENT_URL, signed with LOOM_INTERNAL_SECRET
or the key the running service leaves in its data directory).`;

class UsageError extends Error {}

export type Options = Record<string, string | boolean | undefined>;
export interface Io {
  out: (line: string) => void;
  readStdin: () => Promise<string>;
}

const OPTIONS = {
  login: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  json: { type: 'boolean' },
  reassign: { type: 'string' },
  'delete-content': { type: 'boolean' },
  uuid: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function need(opts: Options, name: string): string {
  const v = opts[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

/** The password from --password, --password-stdin (first line), or undefined when neither was given. */
async function givenPassword(opts: Options, io: Io): Promise<string | undefined> {
  if (opts['password-stdin']) return (await io.readStdin()).split(/\r?\n/)[0];
  return typeof opts.password === 'string' ? opts.password : undefined;
}

async function findUser(users: UserRepository, login: string): Promise<UserDoc> {
  const user = await users.byLoginOrEmail(login);
  if (!user) throw wpError('invalid_username', { message: `No user with login or email "${login}".` });
  return user;
}

/** Fixed-width columns, for the list commands. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const gmt = (ms: number | null) => (ms ? new Date(ms).toISOString().slice(0, 19) : '-');

export type Command = (store: Store, opts: Options, io: Io) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  async 'users list'(store, opts, io) {
    const { items } = await new UserRepository(store).query({
      searchAllColumns: true,
      include: [],
      exclude: [],
      authorsOnly: false,
      orderby: 'id',
      order: 'asc',
      perPage: 0,
      offset: 0,
    });
    if (opts.json) {
      io.out(
        JSON.stringify(
          items.map((u) => ({
            id: u.id,
            login: u.login,
            email: u.email,
            name: u.name,
            roles: u.roles,
            registered: u.registered,
          })),
        ),
      );
      return;
    }
    io.out(
      table([
        ['ID', 'LOGIN', 'EMAIL', 'ROLES', 'NAME', 'REGISTERED'],
        ...items.map((u) => [
          String(u.id),
          u.login,
          u.email,
          u.roles.join(',') || '-',
          u.name,
          u.registered.slice(0, 19),
        ]),
      ]),
    );
  },

  async 'users create'(store, opts, io) {
    const login = need(opts, 'login');
    const email = need(opts, 'email');
    const role = typeof opts.role === 'string' ? opts.role : DEFAULT_ROLE;
    if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    const given = await givenPassword(opts, io);
    const password = given ?? generatePassword();
    const user = await new UserRepository(store).create({
      login,
      email,
      password,
      roles: [role],
      name: typeof opts.name === 'string' ? opts.name : undefined,
    });
    io.out(`Created user ${user.id} "${user.login}" (${user.roles.join(', ')}).`);
    if (given === undefined) io.out(`Password: ${password}\n(shown only this once)`);
  },

  async 'users set-password'(store, opts, io) {
    const users = new UserRepository(store);
    const user = await findUser(users, need(opts, 'login'));
    const given = await givenPassword(opts, io);
    const password = given ?? generatePassword();
    await users.setPassword(user.id, password);
    io.out(`Password of "${user.login}" changed.`);
    if (given === undefined) io.out(`Password: ${password}\n(shown only this once)`);
  },

  async 'users delete'(store, opts, io) {
    const users = new UserRepository(store);
    const user = await findUser(users, need(opts, 'login'));
    const reassignTo = typeof opts.reassign === 'string' ? opts.reassign : undefined;
    // Deleting someone's content is never the default: one of the two must be said (the REST route requires `reassign` too).
    if ((reassignTo === undefined) === !opts['delete-content'])
      throw new UsageError('give either --reassign <user> or --delete-content');
    let heir: UserDoc | null = null;
    if (reassignTo !== undefined) {
      heir = /^\d+$/.test(reassignTo) ? await users.get(Number(reassignTo)) : await users.byLoginOrEmail(reassignTo);
      if (!heir || heir.id === user.id) throw wpError('rest_user_invalid_reassign');
    }
    await users.delete(user.id, heir?.id ?? null);
    io.out(
      `Deleted user ${user.id} "${user.login}"; ${heir ? `their content now belongs to ${heir.id} "${heir.login}"` : 'their content was deleted'}.`,
    );
  },

  async 'app-passwords create'(store, opts, io) {
    const user = await findUser(new UserRepository(store), need(opts, 'login'));
    const { password, item } = await new AppPasswordRepository(store).create(user.id, { name: need(opts, 'name') });
    io.out(`Created application password "${item.name}" (${item.uuid}) for "${user.login}".`);
    io.out(`Password: ${password}\n(shown only this once; use it with HTTP Basic auth as ${user.login}:<password>)`);
  },

  async 'app-passwords list'(store, opts, io) {
    const user = await findUser(new UserRepository(store), need(opts, 'login'));
    const items = await new AppPasswordRepository(store).list(user.id);
    if (opts.json) {
      io.out(
        JSON.stringify(
          items.map((i) => ({
            uuid: i.uuid,
            app_id: i.app_id,
            name: i.name,
            created: gmt(i.created),
            last_used: i.last_used ? gmt(i.last_used) : null,
            last_ip: i.last_ip,
          })),
        ),
      );
      return;
    }
    io.out(
      table([
        ['UUID', 'NAME', 'CREATED', 'LAST USED', 'LAST IP'],
        ...items.map((i) => [i.uuid, i.name, gmt(i.created), gmt(i.last_used), i.last_ip ?? '-']),
      ]),
    );
  },

  async 'app-passwords revoke'(store, opts, io) {
    const user = await findUser(new UserRepository(store), need(opts, 'login'));
    const passwords = new AppPasswordRepository(store);
    const by = [opts.uuid, opts.name, opts.all].filter((v) => v !== undefined);
    if (by.length !== 1) throw new UsageError('give one of --uuid, --name or --all');
    if (opts.all) {
      const count = await passwords.deleteAll(user.id);
      io.out(`Revoked ${count} application password${count === 1 ? '' : 's'} of "${user.login}".`);
      return;
    }
    // Names are unique per user (case-insensitively, as application_password_duplicate_name enforces).
    const name = typeof opts.name === 'string' ? opts.name.toLowerCase() : undefined;
    const item =
      name !== undefined
        ? (await passwords.list(user.id)).find((i) => i.name.toLowerCase() === name)
        : await passwords.get(user.id, need(opts, 'uuid'));
    if (!item || !(await passwords.delete(user.id, item.uuid))) throw wpError('rest_application_password_not_found');
    io.out(`Revoked application password "${item.name}" (${item.uuid}) of "${user.login}".`);
  },
};

/**
 * Where a command runs once parsed: against a store (`runOn`), or elsewhere (the CLI forwards it to the running
 * service); returns the exit code.
 */
export type Runner = (command: Command, opts: Options, name: string) => Promise<number>;

/** Runs `command` on `store` (exit code 0; failures throw, and runCommandLine() reports them). */
export const runOn = (store: Store, io: Io) => async (command: Command, opts: Options) => {
  await command(store, opts, io);
  return 0;
};

/** Runs one command line through `runner`; returns the exit code. Usage and help are answered without it. */
export async function runCommandLine(
  argv: string[],
  io: Io,
  err: (line: string) => void,
  runner: Runner,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    const command = positionals.join(' ');
    if (values.help || positionals.length === 0) {
      io.out(USAGE);
      return values.help ? 0 : 2;
    }
    const fn = own(COMMANDS, command);
    if (!fn) throw new UsageError(`unknown command "${command}"`);
    return await runner(fn, values, command);
  } catch (e) {
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(`error: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof WpError) {
      err(`error: ${e.message.replace(/<[^>]+>/g, '')} (${e.code})`);
      return 1;
    }
    err(`error: ${(e as Error).message ?? String(e)}`);
    return 1;
  }
}
