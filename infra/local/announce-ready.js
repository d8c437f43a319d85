// Waits until every process reports ready, then prints where the site is. The processes come as
// `name=port:health-port` arguments (run-all.sh passes the stack manifest's, infra/stack/print.ts
// ports): the BFF answers /health/ready on its operations port only, never the public one.
const processes = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [name, ports] = arg.split('=');
    const [port, healthPort] = ports.split(':');
    return [name, { port, healthPort }];
  }),
);

// The local SMTP inbox (maildev) answers its health on its web port.
const maildev = { port: process.env.MAILDEV_WEB_PORT, path: '/healthz' };

async function isReady(port, path = '/health/ready') {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return response.ok;
  } catch {
    return false;
  }
}

/** Each process's readiness, in `processes` order, then maildev's. */
async function readiness() {
  const states = await Promise.all(
    Object.values(processes).map(({ healthPort }) => isReady(healthPort)),
  );
  return [...states, await isReady(maildev.port, maildev.path)];
}

async function main() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const states = await readiness();
    if (states.every(Boolean)) {
      console.log('');
      console.log('  Upright is running:  http://localhost:' + processes.bff.port);
      console.log('  Mail inbox (local):  http://localhost:' + maildev.port);
      console.log('  Press Ctrl-C to stop everything.');
      console.log('');
      // Stay alive so concurrently does not treat this helper's exit as the end of the stack.
      setInterval(() => undefined, 1 << 30);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const names = [...Object.keys(processes), 'maildev'];
  const states = await readiness();
  const waiting = names.filter((_, index) => !states[index]);
  console.error('Not every process became ready within 2 minutes: ' + waiting.join(', '));
  process.exit(1);
}

void main();
