/** core/v2 types, statuses and taxonomies (spec 4.6 "Descriptors"). */
import type { Binding } from '@loom/service-kit';
import { statusBindings } from './statuses';
import { taxonomyBindings } from './taxonomies';
import { typeBindings } from './types';

export const descriptorBindings: Binding[] = [...typeBindings, ...statusBindings, ...taxonomyBindings];
