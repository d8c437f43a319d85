import { spawn } from 'node:child_process';
import { createServer, Socket, type AddressInfo } from 'node:net';
import { AcceptBacklog, listenQueueLength, procListenQueueReader } from './accept-backlog';

// Lines as /proc/net/tcp and tcp6 print them (port 0x4B4C = 19276).
const TABLE = [
  '   0: 0100007F:4B4C 00000000:0000 0A 00000000:00000007 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0',
  '   1: 0100007F:4B4D 00000000:0000 0A 00000000:00000003 00:00000000 00000000     0        0 2 1 0 100 0 0 10 0',
  '   2: 0100007F:4B4C 0100007F:A184 01 00000000:00000012 00:00000000 00000000     0        0 0 1 0 20 4 30 10 -1',
];
const TABLE6 = [
  '   0: 00000000000000000000000000000000:4B4C 00000000000000000000000000000000:0000 0A 00000000:0000000C 00:00000000 00000000     0        0 3 1 0 100 0 0 10 0',
];

describe('listenQueueLength', () => {
  it("reads the LISTEN socket's accept queue for the port, not its connections' queues", () => {
    expect(listenQueueLength(TABLE, 0x4b4c)).toBe(7);
    expect(listenQueueLength(TABLE, 0x4b4d)).toBe(3);
  });

  it('reads tcp6 lines the same way', () => {
    expect(listenQueueLength(TABLE6, 0x4b4c)).toBe(12);
  });

  it('is null for a port nothing listens on', () => {
    expect(listenQueueLength(TABLE, 80)).toBeNull();
    expect(listenQueueLength([], 0x4b4c)).toBeNull();
  });
});

describe('AcceptBacklog', () => {
  const settings = { maxWaiting: 10, sustainedSamples: 2 };
  const sockets = (count: number) => Array.from({ length: count }, () => new Socket());

  it("sheds a served connection's requests once the queue has held for the given samples", () => {
    const backlog = new AcceptBacklog(settings);
    const [served] = sockets(1);
    expect(backlog.sheds(served)).toBe(false);
    backlog.record(40);
    expect(backlog.sheds(served)).toBe(false);
    backlog.record(25);
    expect(backlog.sheds(served)).toBe(true);
    expect(backlog.sheds(served)).toBe(true);
    expect(backlog.shed).toBe(2);
    expect(backlog.waiting).toBe(25);
  });

  it("serves a connection's first request: it has waited in the queue already", () => {
    const backlog = new AcceptBacklog(settings);
    backlog.record(50);
    backlog.record(50);
    const [justAccepted] = sockets(1);
    expect(backlog.sheds(justAccepted)).toBe(false);
    expect(backlog.sheds(justAccepted)).toBe(true);
  });

  it('takes a short queue, or one sample over the limit, for no backlog', () => {
    const backlog = new AcceptBacklog(settings);
    const [served] = sockets(1);
    backlog.sheds(served);
    for (const waiting of [9, 30, 0, 30, 9, 9]) {
      backlog.record(waiting);
      expect(backlog.sheds(served)).toBe(false);
    }
    expect(backlog.shed).toBe(0);
  });

  it('stops at the first sample under the limit, and reports each episode once', () => {
    const reports: string[] = [];
    const backlog = new AcceptBacklog({ ...settings, report: (line) => reports.push(line) });
    const [served] = sockets(1);
    backlog.sheds(served);
    for (const waiting of [12, 12, 12]) backlog.record(waiting);
    expect(backlog.sheds(served)).toBe(true);
    backlog.record(3);
    expect(backlog.sheds(served)).toBe(false);
    backlog.record(0);
    expect(reports).toEqual([
      '12 connections waiting to be accepted for 2 samples: shedding requests on connections already served (503)',
      'Accept queue under 10 again; 1 requests shed',
    ]);
  });
});

describe('procListenQueueReader (this machine’s /proc)', () => {
  it('sees connections the kernel completed while the event loop could not accept them', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const read = procListenQueueReader(port, 'IPv4');
    expect(read()).toBe(0);
    // Another process connects 5 times while this loop is held: nothing here accepts them.
    const connector = spawn(process.execPath, [
      '-e',
      `const net = require('node:net');
       for (let i = 0; i < 5; i++) net.connect(${port}, '127.0.0.1').on('error', () => {});
       setTimeout(() => {}, 10000);`,
    ]);
    const deadline = Date.now() + 10_000;
    let waiting = read();
    while (waiting !== 5 && Date.now() < deadline) waiting = read();
    connector.kill();
    await new Promise((resolve) => connector.once('exit', resolve));
    await new Promise((resolve) => server.close(resolve));
    expect(waiting).toBe(5);
  });

  it('cannot know the queue of a port nothing listens on', () => {
    expect(procListenQueueReader(1, 'IPv4')()).toBeNull();
  });

  it('says once that it cannot watch, and stops', async () => {
    const reports: string[] = [];
    const backlog = new AcceptBacklog({
      maxWaiting: 1,
      sustainedSamples: 1,
      report: (line) => reports.push(line),
    });
    let reads = 0;
    backlog.start(() => {
      reads += 1;
      return null;
    });
    await new Promise((resolve) => setTimeout(resolve, AcceptBacklog.SAMPLE_MS * 3));
    backlog.stop();
    expect(reads).toBe(1);
    expect(reports).toHaveLength(1);
  });
});
