/**
 * The statuses whose posts float: draft, pending and auto-draft (get_post_stati( [ 'date_floating' => true ] ), and
 * the list wp_insert_post and wp_update_post spell out). Until a post leaves them it keeps no GMT date, gets no slug
 * from its title, and wp_update_post moves one never given a date to the time of the save (clear_date).
 */
export const FLOATING_STATUSES: readonly string[] = ['draft', 'pending', 'auto-draft'];

export const isFloating = (status: string): boolean => FLOATING_STATUSES.includes(status);
