import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Events, publicDataKeys, type Averages } from '@upright/contracts';
import {
  BROADCAST_STREAM_MAXLEN,
  RedisConnection,
  SERVICE_CONFIG,
  ServiceClient,
} from '@upright/platform';
import { averagesRule, type AccountsConfig } from '../config';
import { DEFAULT_AVERAGES } from './averages';
import { AveragesSnapshots } from './averages-snapshots.repository';
import { periodStart, type AveragesRule } from './period';

/** How often each replica checks whether pending averages are due. */
const TICK_MS = 1000;

/**
 * Publishes the pending averages when they are due (or at once with ARGV[3] = '1'): the
 * published copy, the `data` version and its broadcast move together, so a BFF replica that
 * hears the move and asks rankings again gets rankings made with exactly these averages.
 * Several replicas may tick; the script runs alone in Redis, so one of them publishes.
 */
const PUBLISH_IF_DUE = `
local due = redis.call('GET', KEYS[2])
if not due then return 0 end
if ARGV[3] ~= '1' and tonumber(due) > tonumber(ARGV[1]) then return 0 end
local pending = redis.call('GET', KEYS[1])
local members = redis.call('GET', KEYS[6]) or '0'
redis.call('DEL', KEYS[1], KEYS[2], KEYS[6])
if not pending then return 0 end
redis.call('SET', KEYS[3], pending)
if redis.call('SETNX', KEYS[4], ARGV[1]) == 0 then redis.call('INCR', KEYS[4]) end
redis.call('XADD', KEYS[5], 'MAXLEN', '~', ARGV[2], '*', 'kind', 'version', 'domain', 'data', 'version', redis.call('GET', KEYS[4]))
return 'members:' .. members`;

/** Puts the weights of the month in force (decision 0055) and moves the `data` version if they changed. */
const PUT_IN_FORCE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
if redis.call('SETNX', KEYS[2], ARGV[2]) == 0 then redis.call('INCR', KEYS[2]) end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[3], '*', 'kind', 'version', 'domain', 'data', 'version', redis.call('GET', KEYS[2]))
return 1`;

/**
 * docs/product/rules.md#s11: averages change with every saved priority, but visitors' rankings
 * follow them at most once per AVERAGES_REFRESH_S, so a busy sign-up day cannot empty every cache.
 * The first change of a quiet period sets when it is due; later ones only replace what is pending.
 */
@Injectable()
export class AveragesPublication implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AveragesPublication.name);
  private readonly keys: ReturnType<typeof publicDataKeys>;
  private timer?: NodeJS.Timeout;
  private readonly rule: AveragesRule;
  /** The month whose weights this replica put in force (ms of its 1st). */
  private period?: number;

  constructor(
    private readonly connection: RedisConnection,
    private readonly services: ServiceClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly snapshots: AveragesSnapshots,
  ) {
    this.keys = publicDataKeys(config.TRANSPORT_PREFIX);
    this.rule = averagesRule(config);
  }

  /** Where a publication goes: the weights of visitors' rankings, or only a preview (0055). */
  private get publishedKey(): string {
    return this.rule === 'monthly' ? this.keys.previewAverages : this.keys.publishedAverages;
  }

  /** The latest publication, whether it weighs visitors' rankings yet or not. */
  async latest(): Promise<Averages | null> {
    const json = await this.connection.redis.get(this.publishedKey);
    return json === null ? null : (JSON.parse(json) as Averages);
  }

  /** The averages visitors' rankings use now, or null when none were published yet. */
  async published(): Promise<Averages | null> {
    const json = await this.connection.redis.get(this.keys.publishedAverages);
    return json === null ? null : (JSON.parse(json) as Averages);
  }

  /**
   * New averages of `members` weighted members (0 below AVERAGES_MIN_MEMBERS): published when
   * due (at once when AVERAGES_REFRESH_S is 0).
   */
  async offer(averages: Averages, members: number): Promise<void> {
    const refreshMs = this.config.AVERAGES_REFRESH_S * 1000;
    const now = Date.now();
    await this.connection.redis
      .multi()
      .set(this.keys.pendingAverages, JSON.stringify(averages))
      .set(this.keys.pendingAveragesMembers, String(members))
      .set(this.keys.averagesDue, String(now + refreshMs), 'NX')
      .exec();
    if (refreshMs === 0) await this.publishIfDue(true);
  }

  /** Publishes pending averages that are due; returns whether it did. */
  async publishIfDue(now = false): Promise<boolean> {
    const published = await this.connection.redis.eval(
      PUBLISH_IF_DUE,
      6,
      this.keys.pendingAverages,
      this.keys.averagesDue,
      this.publishedKey,
      this.keys.version('data'),
      this.keys.broadcast,
      this.keys.pendingAveragesMembers,
      String(Date.now()),
      String(BROADCAST_STREAM_MAXLEN),
      now ? '1' : '0',
    );
    if (typeof published !== 'string') return false;
    const averages = await this.latest();
    if (averages !== null) {
      if (this.rule === 'immediate') await this.announce(averages);
      // Only the replica whose script published records it, so each publication is one row.
      // Lost if Postgres is away this moment: the history then skips one step (decision 0037).
      const members = Number(published.slice('members:'.length));
      await this.snapshots
        .record(averages, members)
        .catch((error: unknown) =>
          this.logger.warn(`averages snapshot not kept: ${String(error)}`),
        );
    }
    return true;
  }

  /**
   * Decision 0055's monthly rule: once per month (and at start) puts in force the last
   * publication before the 1st, or equal weights when there is none; returns whether the
   * weights of visitors' rankings changed.
   */
  async enforce(now = new Date()): Promise<boolean> {
    if (this.rule !== 'monthly') return false;
    const start = periodStart(now).getTime();
    if (this.period === start) return false;
    const averages = (await this.snapshots.before(new Date(start)))?.averages ?? DEFAULT_AVERAGES;
    const moved = await this.connection.redis.eval(
      PUT_IN_FORCE,
      3,
      this.keys.publishedAverages,
      this.keys.version('data'),
      this.keys.broadcast,
      JSON.stringify(averages),
      String(Date.now()),
      String(BROADCAST_STREAM_MAXLEN),
    );
    this.period = start;
    if (moved !== 1) return false;
    await this.announce(averages);
    return true;
  }

  /** Tells rankings at once; its replicas that miss the event catch up by polling. */
  private async announce(averages: Averages): Promise<void> {
    await this.services
      .emit(Events.accounts.averagesChanged, averages)
      .catch((error: unknown) => this.logger.warn(`averages event not sent: ${String(error)}`));
  }

  onApplicationBootstrap(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.publishIfDue()
        .then(() => this.enforce())
        .catch((error: unknown) => this.logger.warn(`averages not published: ${String(error)}`));
    }, TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
