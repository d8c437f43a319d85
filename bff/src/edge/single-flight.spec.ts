import { leaderFailed, SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('lets followers wait for the leader, tells them its status, then forgets the key', async () => {
    const flights = new SingleFlight();
    expect(flights.inFlight('/a')).toBeUndefined();
    const end = flights.lead('/a');
    const waiting = flights.inFlight('/a');
    expect(waiting).toBeDefined();
    expect(flights.inFlight('/b')).toBeUndefined();
    let followed: number | undefined;
    const follower = waiting!.then((status) => (followed = status));
    await Promise.resolve();
    expect(followed).toBeUndefined();
    end(504);
    await follower;
    expect(followed).toBe(504);
    expect(flights.size).toBe(0);
  });

  it('a later leader of the key is not ended by an earlier one', () => {
    const flights = new SingleFlight();
    const first = flights.lead('/a');
    const second = flights.lead('/a');
    first(200);
    expect(flights.inFlight('/a')).toBeDefined();
    second(200);
    expect(flights.inFlight('/a')).toBeUndefined();
  });
});

describe('leaderFailed', () => {
  it('is a server failure (5xx), not a client error or an answer', () => {
    expect([200, 301, 404, 429].map(leaderFailed)).toEqual([false, false, false, false]);
    expect([500, 502, 503, 504].map(leaderFailed)).toEqual([true, true, true, true]);
  });
});
