/** Text of any thrown value, without ever throwing (objects may have hostile getters and toString). */
export function errorMessage(error: unknown): string {
  try {
    const message = (error as { message?: unknown } | null | undefined)?.message;
    return typeof message === 'string' ? message : String(error);
  } catch {
    return 'Unknown error';
  }
}
