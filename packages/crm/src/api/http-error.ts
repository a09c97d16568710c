/** The `message` of a JSON error body, when the server sent one. */
export async function readServerMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
  } catch {
    // not JSON: the caller falls back to what it knows
  }
  return undefined;
}

/**
 * The error text of a non-OK response (docs/requirements.md#messages): the JSON body's `message`, else the status
 * text, else `HTTP {status}`.
 */
export async function readErrorMessage(response: Response): Promise<string> {
  return (await readServerMessage(response)) || response.statusText || `HTTP ${response.status}`;
}

/** An HTTP failure carrying its status, so callers can tell 401 from the rest. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

export async function throwIfNotOk(response: Response): Promise<Response> {
  if (!response.ok) throw new HttpError(response.status, await readErrorMessage(response));
  return response;
}
