/**
 * The text of a multipart form's text field, or null when it holds none. The parser
 * (@fastify/multipart) parses a field part sent as `Content-Type: application/json` and hands over
 * the parsed value. A browser's form never types a text field, but a hand-made client may. A JSON
 * string, number or boolean stands for its text. An object, an array or null stands for no text:
 * turned into a string, a review read "[object Object]" and the shopper's words were lost, so the
 * caller refuses it. A JSON body's field is read the same way (cart properties and note, an error
 * report's fields).
 */
export function fieldText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
}

/**
 * A form or query field as one string: the first of repeated ones (`a=1&a=2` arrives as an
 * array); undefined when absent or not text.
 */
export function firstText(field: unknown): string | undefined {
  const value: unknown = Array.isArray(field) ? field[0] : field;
  return typeof value === 'string' ? value : undefined;
}

/** The refusal's message for field `name` (cut to 50 characters: the name is the client's). */
export const notText = (name: string): string => `The form field ${name.slice(0, 50)} must be text`;
