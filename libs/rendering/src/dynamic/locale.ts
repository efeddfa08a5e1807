/** WP_Locale's English names, as the dynamic blocks show them. */

/** $wp_locale->get_month( $month ), 1 to 12. */
export const monthName = (month: number): string =>
  new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

/** $wp_locale->get_weekday( $n ): 0 is Sunday (2 January 2000 was one). */
export const weekdayName = (n: number): string =>
  new Date(Date.UTC(2000, 0, 2 + n)).toLocaleString('en-US', { weekday: 'long', timeZone: 'UTC' });
