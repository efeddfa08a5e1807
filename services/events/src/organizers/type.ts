/**
 * Organizers (`tribe_organizer`): their schema.org Person (Tribe__Events__JSON_LD__Organizer), whose `url` is the
 * organizer's website and whose e-mail address is obfuscated (antispambot).
 */
import * as events from '../contracts';
import { escAttr as escHtml } from '@loom/rendering';
import { antispambot } from '../json-ld/escape';
import { postJsonLd } from '../json-ld/post';
import type { LinkedPostType } from '../linked-posts/type';

export const organizerType: LinkedPostType = {
  spec: events.organizerSpec,
  routes: events.organizers,
  eventField: 'organizer',

  jsonLd(_req, doc, image) {
    const m = doc.meta as Record<string, string | undefined>;
    const website = escHtml(m.website ?? '');
    const ld = postJsonLd(
      'Person',
      { title: doc.name, excerpt: doc.excerpt, content: doc.description, image, url: website },
      false,
    );
    return { ...ld, telephone: escHtml(m.phone ?? ''), email: antispambot(escHtml(m.email ?? '')), sameAs: website };
  },
};
