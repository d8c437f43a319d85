import type { ActiveIndustry, ErrorBody } from '@upright/contracts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error.message ?? `Request failed (${response.status})`,
    );
  }
  return (await response.json()) as T;
}

export const api = {
  activeIndustries: () => getJson<ActiveIndustry[]>('/api/active'),
};
