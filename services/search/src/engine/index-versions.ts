import type { SearchApp } from '@upright/contracts';
import { randomBytes } from 'node:crypto';

/**
 * The version of each app's searchable documents as this process sees them: it moves on every
 * change the engine applies (upsert, remove, a rebuild's swap), so an answer kept under one
 * version is never served for another. The boot part keeps versions of a restarted process
 * (whose index was reloaded, perhaps changed) from repeating earlier ones.
 */
export class IndexVersions {
  private readonly boot = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  private readonly changes = new Map<SearchApp, number>();

  of(app: SearchApp): string {
    return `${this.boot}.${this.changes.get(app) ?? 0}`;
  }

  moved(app: SearchApp): void {
    this.changes.set(app, (this.changes.get(app) ?? 0) + 1);
  }
}
