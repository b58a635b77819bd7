import { PHONE_FIELD_MAX_LENGTH } from '../../shared/limits.ts';
import { Field } from './field.tsx';
import { SelectField, type SelectOption } from './select-field.tsx';

interface PhonePart {
  name: string;
  /** Translation key of the part's label. */
  label: string;
  autoComplete: string;
  required?: boolean;
  optional?: boolean;
  maxLength?: number;
}

/** A fixed line (calling code, area code, number, extension) or a mobile (calling code, number). */
export interface PhoneNumberFieldProps {
  /** The calling-code picker. */
  code: { name: string; label: string; required?: boolean };
  codeOptions: readonly SelectOption[];
  /** The digits after the calling code, in the order they are dialled. */
  parts: readonly PhonePart[];
}

/** '+49'; nothing chosen yet: empty, and the select's placeholder shows instead. */
const callingCodeFace = (value: string) => (value.trim() === '' ? '' : `+${value.trim().replace(/^\+/, '')}`);

/**
 * The one international phone pattern of the portal: a compact calling-code picker ('+49', the
 * open list names the countries) followed by the digits, each part labelled and marked when
 * required, each with its own message. The parts share rows (label, input, message) so an
 * error under one part moves none of the others.
 */
export function PhoneNumberField({ code, codeOptions, parts }: PhoneNumberFieldProps) {
  return (
    <div className="phone-field">
      <SelectField name={code.name} label={code.label} options={codeOptions} required={code.required} face={callingCodeFace} />
      {parts.map((part) => (
        <Field
          key={part.name}
          name={part.name}
          label={part.label}
          maxLength={part.maxLength ?? PHONE_FIELD_MAX_LENGTH}
          autoComplete={part.autoComplete}
          digitsOnly
          required={part.required}
          optional={part.optional}
        />
      ))}
    </div>
  );
}
