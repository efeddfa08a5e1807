/** The labels the site-editor types register; `item`/`items` are the lower-case forms their sentences use. */
import type { Labels } from './labels';

export function siteEditorLabels(plural: string, singular: string, item: string, items: string): Labels {
  return {
    name: plural,
    singular_name: singular,
    add_new: 'Add New',
    add_new_item: `Add New ${singular}`,
    new_item: `New ${singular}`,
    edit_item: `Edit ${singular}`,
    view_item: `View ${singular}`,
    all_items: plural,
    search_items: `Search ${plural}`,
    parent_item_colon: `Parent ${singular}:`,
    not_found: `No ${items} found.`,
    not_found_in_trash: `No ${items} found in Trash.`,
    archives: `${item.charAt(0).toUpperCase()}${item.slice(1)} archives`,
    insert_into_item: `Insert into ${item}`,
    uploaded_to_this_item: `Uploaded to this ${item}`,
    filter_items_list: `Filter ${items} list`,
    items_list_navigation: `${plural} list navigation`,
    items_list: `${plural} list`,
  };
}
