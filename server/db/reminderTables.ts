// Date reminders' bookkeeping (docs/resources.md "Date reminders"): one row per record, threshold and the date value it
// was for, so each reminder goes once (a new date — a renewed expiry — is a new key). A row is claimed (`sending`)
// before any mail goes, in its own statement, so two instances never both mail; `sent_to` grows with each mail that
// went, so a retry after a failure mails only those not yet told.
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const REMINDER_STATES = ['sending', 'pending', 'sent', 'skipped', 'failed'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The declared resource's API name. */
    resource: text('resource').notNull(),
    /** The record; no foreign key (any resource's): rows of records deleted for good are dropped by the job. */
    recordId: uuid('record_id').notNull(),
    /** The threshold's key (ReminderThreshold.key). */
    threshold: text('threshold').notNull(),
    /** The date value the reminder was for. */
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    companyId: uuid('company_id'),
    /**
     * `sending`: claimed by an instance (until `claimed_at` + the lease); `pending`: a mail failed, retried next turn;
     * `sent`; `skipped`: a more urgent threshold was reached first; `failed`: given up after its attempts.
     */
    state: text('state').$type<ReminderState>().notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The users mailed so far. */
    sentTo: uuid('sent_to')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  // Its prefix serves the look-ups by record too.
  (t) => [uniqueIndex('reminders_once').on(t.resource, t.recordId, t.threshold, t.dueOn)],
);
