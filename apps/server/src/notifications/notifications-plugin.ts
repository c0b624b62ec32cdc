import fp from 'fastify-plugin';
import type { Clock } from '../clock/clock.js';
import { systemClock } from '../clock/clock.js';
import type { Channel } from './channels.js';
import { MailChannel } from './mail-channel.js';
import { notificationRoutes } from './notification-routes.js';
import { NotificationStore } from './notification-store.js';
import { NoticeTimerStore } from './notice-timers.js';
import { Notifier } from './notifier.js';
import type { Pending } from './notifier.js';
import { WebhookChannel } from './webhook-channel.js';
import { WebhookGuard } from './webhook-guard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** tells seats that a decision waits for them: webhooks, e-mail, reminders */
    notifier: Notifier;
  }
}

/**
 * Notices when a seat owes a decision. Hooked in here only: it hears the game service's commits
 * and starts, as the bots do, and keeps all its work off the action's path.
 */
export const notificationsPlugin = fp<{ clock?: Clock }>(
  async (fastify, { clock = systemClock }) => {
    const { config, db, games, lobby } = fastify;
    const logger = fastify.log.child({ part: 'notifications' }) as never;
    const store = new NotificationStore(db);
    const guard = new WebhookGuard(config.WEBHOOK_HOSTS);
    const mail =
      config.SMTP_URL === undefined
        ? undefined
        : new MailChannel(config.SMTP_URL, config.MAIL_FROM, logger);
    const channels: Channel[] = [new WebhookChannel(guard, logger), ...(mail ? [mail] : [])];
    const notifier = new Notifier({
      store,
      timers: new NoticeTimerStore<Pending>(db),
      channels,
      clock,
      logger,
      digestMs: config.NOTIFY_DIGEST_MS,
      remindMs: config.NOTIFY_REMIND_AFTER_SECONDS * 1000,
      attempts: config.NOTIFY_ATTEMPTS,
      publicUrl: config.PUBLIC_URL,
    });
    // Only the process that committed a step notes it; the others catch up silently.
    games.onAdvance((step) => {
      if (step.local) notifier.stepCommitted(step.gameId, step.seq, step.state);
    });
    games.onStart((gameId, state) => {
      notifier.stepCommitted(gameId, 0, state);
    });
    // Timers a stopped process left (a digest waiting, a retry, a reminder) are set again here.
    await notifier.start();
    fastify.decorate('notifier', notifier);
    await fastify.register(notificationRoutes, {
      lobby,
      store,
      notifier,
      guard,
      emailAvailable: channels.some((c) => c.kind === 'email'),
    });
    fastify.addHook('preClose', async () => {
      await notifier.close();
      mail?.close();
    });
  },
  {
    name: 'notifications',
    dependencies: ['config', 'db', 'games', 'lobby', 'http'],
    decorators: { fastify: ['config', 'db', 'games', 'lobby'] },
  },
);
