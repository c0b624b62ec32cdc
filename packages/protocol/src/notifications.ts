import { z } from 'zod';

const WebhookUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .max(2000);

/**
 * `PUT /api/games/:id/notifications/me` (Authorization: Bearer <seat token>): where this seat is
 * told that a decision waits for it. null (or absent) turns that way off.
 */
export const SeatNotificationsSchema = z.object({
  webhookUrl: WebhookUrlSchema.nullable().default(null),
  email: z.email().max(254).nullable().default(null),
});
export type SeatNotifications = z.output<typeof SeatNotificationsSchema>;
export type SeatNotificationsRequest = z.input<typeof SeatNotificationsSchema>;

/**
 * `PUT /api/games/:id/notifications/table` (Authorization: Bearer <creator's seat token>): the
 * host's webhook for the whole table, told of every seat's decisions (a group's Discord channel).
 */
export const TableNotificationsSchema = z.object({
  webhookUrl: WebhookUrlSchema.nullable().default(null),
});
export type TableNotifications = z.output<typeof TableNotificationsSchema>;
export type TableNotificationsRequest = z.input<typeof TableNotificationsSchema>;

/** `GET /api/games/:id/notifications/me`: this seat's settings, and the table's for its host. */
export const NotificationSettingsSchema = SeatNotificationsSchema.extend({
  /** present for the creator's seat only */
  table: TableNotificationsSchema.optional(),
  /** whether this server sends e-mail at all (its host set an SMTP server) */
  emailAvailable: z.boolean(),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;

/** One decision in a notice, as a webhook receives it (public words only). */
export const NoticeItemSchema = z.object({
  game: z.string(),
  seat: z.int(),
  name: z.string(),
  /** what the seat is asked to decide, in the rules' plain words */
  owed: z.array(z.string()),
  /** the game's page, when the host set PUBLIC_URL */
  link: z.string().optional(),
  /** true: told once more after the host's reminder time without an answer */
  reminder: z.boolean(),
  /** ISO time the decision has waited since */
  since: z.string(),
});
export type NoticeItem = z.infer<typeof NoticeItemSchema>;

/**
 * The body of a webhook POST: `content` (Discord) and `text` (Slack) carry the same message, and
 * `notices` the same in fields, one per decision (several: a digest).
 */
export const WebhookBodySchema = z.object({
  content: z.string(),
  text: z.string(),
  notices: z.array(NoticeItemSchema),
});
export type WebhookBody = z.infer<typeof WebhookBodySchema>;
