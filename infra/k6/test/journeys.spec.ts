import {
  JourneyFailure,
  memberSession,
  type Answer,
  type Client,
  type JourneyContext,
} from '../lib/journeys';

/** A client answering each path from `answers` (404 otherwise), remembering what was asked. */
function scriptedClient(answers: Record<string, Answer>): Client & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    request: async (method, path) => {
      asked.push(`${method} ${path}`);
      return answers[`${method} ${path}`] ?? { status: 404, body: '' };
    },
    cookie: () => undefined,
    think: async () => undefined,
    verify: () => undefined,
  };
}

describe('journeys (the load model of infra/k6)', () => {
  it('a member session whose CSRF token could not be fetched (shed) ends there, sending no sign-in without it', async () => {
    const client = scriptedClient({
      'GET /api/csrf': { status: 503, body: '{"error":{"code":"service_unavailable"}}' },
    });
    const context: JourneyContext = {
      client,
      random: () => 0.5,
      solveCaptcha: () => '',
      uniqueId: () => 'x',
      member: { email: 'member@example.com', password: 'secret secret' },
      memo: {},
    };
    await expect(memberSession(context)).rejects.toBeInstanceOf(JourneyFailure);
    expect(client.asked).toEqual(['GET /api/csrf']);
  });
});
