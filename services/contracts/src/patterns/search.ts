export const searchPatterns = {} as const;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the search service gains calls
export interface SearchRequestMap {}
