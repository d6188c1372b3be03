import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { contract } from '@kelvin/contract';

export type TemplateProperty = z.infer<typeof contract.assetTypeProperties.output.element>;

/** Inputs for a type's template properties; 'name' is left to the form's own name field. */
export function TemplatePropertyFields({
  properties,
  values,
  errors,
  onChange,
  idPrefix,
}: {
  properties: readonly TemplateProperty[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Partial<Record<string, string>>>;
  onChange: (name: string, value: string) => void;
  /** Keeps labels unique when two types' fields share a form ('Unit model', 'Agent private IP'). */
  idPrefix: string;
}) {
  return (
    <>
      {properties
        .filter((property) => property.name !== 'name')
        .map((property) => (
          <TextInput
            key={property.name}
            label={`${idPrefix} ${property.label.charAt(0).toLowerCase()}${property.label.slice(1)}`}
            required={property.isRequired}
            value={values[property.name] ?? ''}
            onChange={(event) => onChange(property.name, event.currentTarget.value)}
            error={errors[property.name]}
          />
        ))}
    </>
  );
}

const valueSchema = contract.assetsPropertiesPut.body.element.shape.value;

/** Required template properties must be filled; every value within the contract's length. */
export function templatePropertyErrors(
  properties: readonly TemplateProperty[],
  values: Readonly<Record<string, string>>,
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const property of properties) {
    if (property.name === 'name') continue;
    const value = values[property.name] ?? '';
    if (property.isRequired && value.trim() === '') errors[property.name] = `${property.label} is required`;
    else if (!valueSchema.safeParse(value).success) errors[property.name] = `${property.label} is too long`;
  }
  return errors;
}
