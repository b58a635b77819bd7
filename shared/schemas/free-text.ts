import { FormatRegistry, Type } from '@sinclair/typebox';
import { isFreeText } from '../rules/text.ts';

/**
 * The string format of free text (shared/rules/text.ts). A schema failure on it is answered as
 * Form_Format on the field, by the portal and by the member service alike.
 */
export const FREE_TEXT_FORMAT = 'free-text';

FormatRegistry.Set(FREE_TEXT_FORMAT, isFreeText);

export const FreeText = (maxLength: number) => Type.String({ maxLength, format: FREE_TEXT_FORMAT });
export const OptionalFreeText = (maxLength: number) => Type.Optional(FreeText(maxLength));

interface AjvWithFormats {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/** Fastify's `ajv.plugins` entry that teaches a server's validator the formats above. */
export function addFreeTextFormat<T extends AjvWithFormats>(ajv: T): T {
  ajv.addFormat(FREE_TEXT_FORMAT, { type: 'string', validate: isFreeText });
  return ajv;
}
