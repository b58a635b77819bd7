import { infoContract } from '../../shared/contract/info.ts';
import type { CountryRecord } from '../../shared/schemas/info.ts';
import { systemClock, type Clock } from '../common/clock.ts';
import { UpstreamUnavailableError } from './errors.ts';
import type { Upstream } from './upstream.ts';

const CACHE_MS = 60 * 60 * 1000;

/**
 * The member service's country list, kept for an hour, so that registration can know the
 * region of the chosen country (VAT and address for Europe) without a call per request.
 */
export class CountryDirectory {
  private byName = new Map<string, CountryRecord>();
  private loadedAt = -Infinity;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly upstream: Upstream,
    private readonly clock: Clock = systemClock,
  ) {}

  private async load(): Promise<void> {
    const { body } = await this.upstream.call(infoContract.countries, { params: { isSimplifiedChinese: 'false' } });
    if (!body.isSuccess || !Array.isArray(body.data)) throw new UpstreamUnavailableError('country list unavailable');
    this.byName = new Map(body.data.map((record) => [record.name.trim().toLowerCase(), record]));
    this.loadedAt = this.clock.now();
  }

  /** The country record by its English name, or undefined for a name the list does not have. */
  async find(name: string): Promise<CountryRecord | undefined> {
    if (this.clock.now() - this.loadedAt > CACHE_MS) {
      this.loading ??= this.load().finally(() => {
        this.loading = undefined;
      });
      await this.loading;
    }
    return this.byName.get(name.trim().toLowerCase());
  }
}
