/**
 * wp_filter_content_tags() as WordPress 6.1 runs it on the_content and the_excerpt, minus the parts that need the
 * media library (srcset/sizes and width/height from the attachment named by a wp-image-{id} class):
 * images get loading="lazy" (when they have src, width and height) and decoding="async" (when they have src);
 * iframes get loading="lazy" under the same conditions, except oEmbed iframes (data-secret), which start hidden.
 * Outside the main loop, which a REST request always is, WordPress's default loading value is "lazy".
 */

// Case-sensitive, as WordPress's own pattern.
const TAG = /<(img|iframe)\s[^>]+>/g;

function addImageAttributes(image: string): string {
  let filtered = image;
  const hasSrc = filtered.includes(' src="');
  // wp_img_tag_add_loading_attr(): inserted straight after "<img".
  if (!filtered.includes(' loading=') && hasSrc && filtered.includes(' width="') && filtered.includes(' height="')) {
    filtered = filtered.replace('<img', '<img loading="lazy"');
  }
  // wp_img_tag_add_decoding_attr() (6.1): inserted after "<img ", so it lands before loading.
  if (!filtered.includes(' decoding=') && hasSrc) filtered = filtered.replace('<img ', '<img decoding="async" ');
  return filtered;
}

function addIframeAttributes(iframe: string): string {
  if (iframe.includes(' loading=') || iframe.includes(' data-secret="')) return iframe;
  if (!iframe.includes(' src="') || !iframe.includes(' width="') || !iframe.includes(' height="')) return iframe;
  return iframe.replace('<iframe', '<iframe loading="lazy"');
}

export function filterContentTags(content: string): string {
  const tags = new Set(content.match(TAG) ?? []);
  // Each distinct tag once; replacing its every occurrence, as WordPress's str_replace() does.
  for (const tag of tags) {
    const filtered = tag.startsWith('<img') ? addImageAttributes(tag) : addIframeAttributes(tag);
    if (filtered !== tag) content = content.split(tag).join(filtered);
  }
  return content;
}
