import type { Database, Tx } from '../../../db/client';
import type { BusinessSettings } from '../../shared/settings';

export const SETTINGS_CHANNEL = 'settings_changed';
// A NOTIFY sent while this instance's LISTEN connection was down (database restart) is lost; this bounds
// how long such a miss can show old settings.
const SETTINGS_MAX_AGE_MS = 60_000;

/**
 * The business settings as this app instance last read them. Every page reads them and they change a few
 * times a year, so one copy per instance is kept; a save on any instance notifies SETTINGS_CHANNEL at
 * commit (updateSettings) and every instance drops its copy.
 */
export class SettingsCache {
  private current: { value: Promise<BusinessSettings>; loadedAt: number; generation: number } | undefined;
  private generation = 0;
  private latest: BusinessSettings | undefined;
  private listening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly database: Database,
    private readonly load: (db: Tx) => Promise<BusinessSettings>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<BusinessSettings> {
    // Subscribe before the first read, so no change can slip between the read and the subscription.
    await this.subscribe();
    const current = this.current;
    if (current && current.generation === this.generation && this.now() - current.loadedAt < SETTINGS_MAX_AGE_MS) {
      return current.value;
    }
    const generation = this.generation;
    const value = this.load(this.database.db);
    this.current = { value, loadedAt: this.now(), generation };
    value.then(
      (loaded) => {
        this.latest = loaded;
      },
      () => {
        if (this.current?.value === value) this.current = undefined;
      },
    );
    return value;
  }

  /**
   * The settings as last read, without waiting (undefined before the first read): for the few answers that
   * cannot wait for a read, such as the language of an error message. Pages read the settings, so it is current.
   */
  lastKnown(): BusinessSettings | undefined {
    return this.latest;
  }

  invalidate() {
    this.generation += 1;
    this.current = undefined;
  }

  async stop() {
    const listening = this.listening;
    this.listening = undefined;
    this.current = undefined;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  private subscribe() {
    if (!this.listening) {
      this.listening = this.database.listen(SETTINGS_CHANNEL, () => this.invalidate());
      // The database may be away: the next read tries again.
      this.listening.catch(() => {
        this.listening = undefined;
      });
    }
    return this.listening;
  }
}
