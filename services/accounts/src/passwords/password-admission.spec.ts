import { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS } from '@upright/contracts';
import { Metrics } from '@upright/platform';
import { PasswordAdmission } from './password-admission';

/** Work that runs until the test lets it finish. */
function held(): {
  work: () => Promise<string>;
  finish: (value: string) => void;
  started: () => boolean;
} {
  let finish!: (value: string) => void;
  let started = false;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    work: () => {
      started = true;
      return done;
    },
    finish: (value) => finish(value),
    started: () => started,
  };
}

async function refusals(metrics: Metrics): Promise<number> {
  const metric = await metrics.registry
    .getSingleMetric('upright_password_work_refused_total')
    ?.get();
  return metric?.values[0]?.value ?? 0;
}

describe('PasswordAdmission (decision 0059)', () => {
  it('runs the limit at once, lets the allowance wait, and refuses beyond it as service_unavailable', async () => {
    const metrics = new Metrics('accounts');
    const admission = new PasswordAdmission(
      { PASSWORD_HASH_CONCURRENCY: 2, PASSWORD_HASH_WAITING: 1 },
      metrics,
    );
    const [first, second, third] = [held(), held(), held()];
    const running = [admission.run(first.work), admission.run(second.work)];
    const waiting = admission.run(third.work);
    expect([first.started(), second.started(), third.started()]).toEqual([true, true, false]);

    let ran = false;
    const refused: unknown = await admission
      .run(async () => void (ran = true))
      .catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(RpcException);
    expect((refused as RpcException).getError()).toEqual({
      code: 'service_unavailable',
      message: ERROR_TEXTS.serviceUnavailable,
    });
    expect(await refusals(metrics)).toBe(1);

    // A finishing hash hands its slot to the one waiting.
    first.finish('one');
    expect(await running[0]).toBe('one');
    expect(third.started()).toBe(true);
    second.finish('two');
    third.finish('three');
    expect(await Promise.all([running[1], waiting])).toEqual(['two', 'three']);
  });

  it('frees its slot when the work fails, and passes the failure on', async () => {
    const admission = new PasswordAdmission(
      { PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_HASH_WAITING: 0 },
      new Metrics('accounts'),
    );
    await expect(admission.run(() => Promise.reject(new Error('argon2 failed')))).rejects.toThrow(
      'argon2 failed',
    );
    await expect(admission.run(() => Promise.resolve('after'))).resolves.toBe('after');
  });

  it('refuses up front only when a run would be refused now, and counts it', async () => {
    const metrics = new Metrics('accounts');
    const admission = new PasswordAdmission(
      { PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_HASH_WAITING: 1 },
      metrics,
    );
    admission.refuseWhenFull();
    const [first, second] = [held(), held()];
    const running = admission.run(first.work);
    // A slot is taken but one may still wait: not full.
    admission.refuseWhenFull();
    const waiting = admission.run(second.work);
    let refused: unknown;
    try {
      admission.refuseWhenFull();
    } catch (error) {
      refused = error;
    }
    expect((refused as RpcException).getError()).toEqual({
      code: 'service_unavailable',
      message: ERROR_TEXTS.serviceUnavailable,
    });
    expect(await refusals(metrics)).toBe(1);
    first.finish('one');
    second.finish('two');
    expect(await Promise.all([running, waiting])).toEqual(['one', 'two']);
    admission.refuseWhenFull();
    expect(await refusals(metrics)).toBe(1);
  });
});
