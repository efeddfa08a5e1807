/**
 * The registered post statuses ($wp_post_statuses), in registration order: WordPress core's, then those the
 * site's extensions add (spec 2.2). The write and filter status sets of the contracts are derived from it.
 */

export interface StatusObject {
  name: string;
  label: string;
  public: boolean;
  protected: boolean;
  private: boolean;
  /** Internal statuses are never listed and never readable over REST (trash excepted). */
  internal: boolean;
  publiclyQueryable: boolean;
  showInAdminAllList: boolean;
  dateFloating: boolean;
}

type StatusFlags = Partial<Pick<StatusObject, 'public' | 'protected' | 'private' | 'internal' | 'dateFloating'>> & {
  showInAdminAllList?: boolean;
};

/** register_post_status() defaults: queryable follows public, the "all" list shows every non-internal status. */
function status(name: string, label: string, flags: StatusFlags): StatusObject {
  const internal = flags.internal ?? false;
  return {
    name,
    label,
    public: flags.public ?? false,
    protected: flags.protected ?? false,
    private: flags.private ?? false,
    internal,
    publiclyQueryable: flags.public ?? false,
    showInAdminAllList: flags.showInAdminAllList ?? !internal,
    dateFloating: flags.dateFloating ?? false,
  };
}

/** Every registered status, in registration order: WordPress core's, then those extensions add. */
export const STATUSES: readonly StatusObject[] = [
  status('publish', 'Published', { public: true }),
  status('future', 'Scheduled', { protected: true }),
  status('draft', 'Draft', { protected: true, dateFloating: true }),
  status('pending', 'Pending', { protected: true, dateFloating: true }),
  status('private', 'Private', { private: true }),
  status('trash', 'Trash', { internal: true }),
  status('auto-draft', 'auto-draft', { internal: true, dateFloating: true }),
  status('inherit', 'inherit', { internal: true }),
  status('request-pending', 'Pending', { internal: true }),
  status('request-confirmed', 'Confirmed', { internal: true }),
  status('request-failed', 'Failed', { internal: true }),
  status('request-completed', 'Completed', { internal: true }),

  // From extensions (spec 2.2, write status set). The forum component's topic/reply statuses, flagged as it
  // registers them: closed topics stay publicly readable; spam and orphans are hidden like drafts (protected);
  // hidden forums are private.
  status('closed', 'Closed', { public: true }),
  status('spam', 'Spam', { protected: true, showInAdminAllList: false }),
  status('orphan', 'Orphan', { protected: true }),
  status('hidden', 'Hidden', { private: true }),
  // The x- statuses of other extensions are editorial states (disabled, auto-publishing outcomes and queue,
  // ignored): never on the front end, so protected like draft/pending, and listed for editors.
  status('x-disabled', 'Disabled', { protected: true }),
  status('x-ea-success', 'Success', { protected: true }),
  status('x-ea-failed', 'Failed', { protected: true }),
  status('x-ea-schedule', 'Schedule', { protected: true }),
  status('x-ea-pending', 'Pending', { protected: true }),
  status('x-ea-draft', 'Draft', { protected: true }),
  status('x-ignored', 'Ignored', { protected: true }),
  // Filter-only (spec 3): an extension's internal workflow status.
  status('x-rewrite-republish', 'Republish', { internal: true }),
];

/** A list as zod's enum takes it (the registry is never empty). */
function nonEmpty(list: string[]): [string, ...string[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error('no statuses registered');
  return [first, ...rest];
}

/** Spec 2.1 content status set (write): get_post_stati( array( 'internal' => false ) ), in registration order. */
export const WRITE_STATUSES = nonEmpty(STATUSES.filter((s) => !s.internal).map((s) => s.name));

/** Spec 2.1 content status set (filter): every registered status in registration order, then `any`. */
export const FILTER_STATUSES = nonEmpty([...STATUSES.map((s) => s.name), 'any']);

export const statusObject = (name: string): StatusObject | undefined => STATUSES.find((s) => s.name === name);
