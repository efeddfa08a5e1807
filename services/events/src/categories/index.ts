/** events/v1 event categories: the term routes for the hierarchical `tribe_events_cat` taxonomy. */
import * as events from '../contracts';
import type { Binding } from '@loom/service-kit';
import { eventTermBindings } from '../event-terms/handlers';

export const categoryBindings = (): Binding[] => eventTermBindings(events.eventCategorySpec, events.eventCategories);
