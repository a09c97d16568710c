/** The text of an error for a toast's description: the server message carried by HttpError. */
export function errorText(error: unknown): string | undefined {
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
