// Joins conditional class names; the design-system primitives accept a `className` to extend them.
export type ClassValue = string | false | null | undefined;

export function cn(...values: ClassValue[]): string {
  return values.filter(Boolean).join(' ');
}
