import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  it('lets followers wait for the leader, then forgets the key', async () => {
    const flights = new SingleFlight();
    expect(flights.inFlight('/a')).toBeUndefined();
    const end = flights.lead('/a');
    const waiting = flights.inFlight('/a');
    expect(waiting).toBeDefined();
    expect(flights.inFlight('/b')).toBeUndefined();
    let followed = false;
    const follower = waiting!.then(() => (followed = true));
    await Promise.resolve();
    expect(followed).toBe(false);
    end();
    await follower;
    expect(followed).toBe(true);
    expect(flights.size).toBe(0);
  });
});
