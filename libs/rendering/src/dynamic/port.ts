/**
 * What the dynamic blocks read from the site, supplied by the caller (core-content implements it with its
 * repositories): only what an anonymous visitor may read (published posts, approved comments on published posts),
 * so rendered markup never shows a draft to anyone. libs/rendering itself has no storage.
 */

export interface PostSummary {
  id: number;
  /** get_the_title(). */
  title: string;
  link: string;
  /** post_date_gmt, `YYYY-MM-DDTHH:MM:SS`. */
  dateGmt: string;
  authorName: string;
  /**
   * get_the_excerpt() with excerpt_length set to the query's excerptLength: the manual excerpt as stored, or one made
   * from the content (wp_trim_excerpt(), ending in " [&hellip;]" when cut).
   */
  excerpt: string;
  passwordRequired: boolean;
}

export interface TermSummary {
  id: number;
  name: string;
  slug: string;
  parent: number;
  count: number;
  link: string;
}

export interface PageSummary {
  id: number;
  /** post_title as stored (page-list shows it through wp_kses_post(), not get_the_title()). */
  title: string;
  link: string;
  parent: number;
  menuOrder: number;
}

export interface CommentSummary {
  id: number;
  authorName: string;
  /** comment_author_url, or the author's posts URL for a registered author without one. */
  authorUrl: string;
  /** md5 of the lowercased email, for the avatar ('' for none). */
  emailHash: string;
  dateGmt: string;
  /** The comment's text (comment_content), for the excerpt. */
  content: string;
  postTitle: string;
  /** get_comment_link(). */
  link: string;
}

export interface MonthCount {
  year: number;
  month: number;
  count: number;
  link: string;
}

/** get_calendar()'s reads for one month (year and month of the site's clock). */
export interface CalendarMonth {
  year: number;
  month: number;
  /** Days of the month with a published post (by its local post_date). */
  days: number[];
  /** The month of the latest published post before this month, and of the earliest after it. */
  previous: { year: number; month: number } | null;
  next: { year: number; month: number } | null;
  /** current_time(): the site's date now. */
  today: { year: number; month: number; day: number };
}

/** A `wp_navigation` post: its title, status and block markup. */
export interface NavigationPost {
  title: string;
  status: string;
  content: string;
}

export interface DynamicBlockData {
  /** WordPress's date_format option. */
  dateFormat(): string;
  /** date() of a GMT instant in the site's time zone. */
  formatDate(dateGmt: string, format: string): string;
  /** current_time( 'mysql' ): the site's local time now, `YYYY-MM-DDTHH:MM:SS`. */
  now(): string;
  /** The start_of_week option (0 is Sunday). */
  startOfWeek(): number;
  /** The page_on_front option (0 for none). */
  frontPageId(): number;
  /** home_url(). */
  homeUrl(): string;
  /** get_month_link() / get_day_link(). */
  dateLink(year: number, month: number, day?: number): string;
  latestPosts(q: {
    perPage: number;
    order: 'asc' | 'desc';
    orderBy: string;
    categories?: number[];
    author?: number;
    excerptLength: number;
  }): Promise<PostSummary[]>;
  /** Published posts per month (yearly: month 0), newest first, each with its archive link. */
  archives(type: 'monthly' | 'yearly'): Promise<MonthCount[]>;
  /** Terms of a taxonomy by name, with their counts of published objects. */
  terms(taxonomy: string): Promise<TermSummary[]>;
  /** The published objects (of the taxonomy's object types) in each term of a taxonomy, by term id. */
  termObjects(taxonomy: string): Promise<ReadonlyMap<number, number[]>>;
  /** Published pages, in any order. */
  pages(): Promise<PageSummary[]>;
  /** get_calendar()'s reads for a month of the site's clock; null when the site has no published post at all. */
  calendarMonth(year: number, month: number): Promise<CalendarMonth | null>;
  /** Approved comments on published posts, newest first. */
  latestComments(n: number): Promise<CommentSummary[]>;
  /** The `wp_navigation` post of an id, whatever its status (null: none). */
  navigation(id: number): Promise<NavigationPost | null>;
  /** WP_Navigation_Fallback: the most recently published `wp_navigation` post (null: none). */
  latestNavigation(): Promise<NavigationPost | null>;
  /** get_post( $id )->post_status of each id that names a post. */
  postStatuses(ids: number[]): Promise<ReadonlyMap<number, string>>;
}
