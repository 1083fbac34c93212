/** A label/value pair as the spec lists them; the single shape every dropdown and enum uses. */
export interface Option<V extends string = string> {
  readonly label: string;
  readonly value: V;
}

/** Values of an option list, typed as a tuple so zod can build an enum from it. */
export function valuesOf<const T extends readonly Option[]>(options: T): [T[number]['value'], ...T[number]['value'][]] {
  return options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
}

export function labelOf(options: readonly Option[], value: string | null | undefined): string {
  return options.find((o) => o.value === value)?.label ?? value ?? '';
}
