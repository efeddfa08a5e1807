/** The types the templates controller serves, each with its kind (its own file), by name. */
import * as core from '../../routes';
import type { TemplateKind } from './kind';
import { templatePartKind } from '../../types/template-part/kind';
import { templateKind } from '../../types/template/kind';

export const TEMPLATE_KINDS: ReadonlyMap<string, TemplateKind> = new Map([templateKind, templatePartKind].map((k) => [k.type, k]));

export const kindOf = (type: string): TemplateKind | undefined => TEMPLATE_KINDS.get(type);

const missing = [...core.TEMPLATE_TYPE_ROUTES.keys()].filter((name) => !TEMPLATE_KINDS.has(name));
if (missing.length) throw new Error(`template types without a kind: ${missing.join(', ')}`);
