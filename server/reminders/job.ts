// Date reminders (docs/resources.md "Date reminders"): for every mounted resource declaring `reminders`, the live
// records whose date has come within a threshold are mailed to their company's users who may act on them, each once
// per record, threshold and date value, at start once ready and then hourly, once across the instances sharing one
// database (../maintenance.ts). Only the most urgent threshold reached is sent; the lesser ones are recorded as
// skipped.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { todayUtc } from '../../contract/dates';
import { areaByKey, areaKeyOf, mayOpenArea, permissionOf } from '../../contract/access';
import { hasPermission, OLYMPUS_SYSTEM, SUPER_ADMIN } from '../../contract/roles';
import { hasTrash } from '../../contract/resources/declare';
import { audit } from '../audit';
import { rowsOf } from '../db/rows';
import type { Db } from '../db';
import { requireColumn } from '../crud/binding';
import type { Mounted, MountedResources } from '../crud/dependents';
import { mailErrorForLog, type Mailer } from '../mail/mailer';
import { claimTurn, type MaintenanceJob } from '../maintenance';
import { logJobFailure } from '../http/error-log';
import { reminderMail } from './mail';

export const REMINDERS_EVERY_MS = 3600_000;
export const REMINDERS_GAP_MS = 50 * 60_000;
/** The advisory lock of the claim (after UPLOAD_SWEEP_LOCK 7_201_005). */
export const REMINDERS_LOCK = 7_201_006;
export const REMINDERS_JOB = 'date_reminders';
const JOB: MaintenanceJob = { lock: REMINDERS_LOCK, name: REMINDERS_JOB };
/** A claim older than this is taken as its instance's crash, and taken over. */
export const REMINDER_CLAIM_LEASE_MS = 15 * 60_000;
/** Turns a reminder whose mail keeps failing is tried before it is given up (a day of hourly turns). */
export const REMINDER_ATTEMPTS_MAX = 24;
/** Records looked at per query. */
const BATCH = 200;

export interface ReminderRun {
  /** Records reminded (a reminder marked sent), by resource name. */
  reminded: Record<string, number>;
  /** Mails sent. */
  mails: number;
  /** Mails that failed (retried next turn). */
  failed: number;
}

interface Candidate {
  id: string;
  company_id: string;
  company: string;
  due_on: string;
  days_left: number;
  threshold: string;
  /** The other thresholds reached, less urgent: recorded as skipped. */
  lesser: string[];
}

interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** The thresholds as a VALUES list: key, days before (per record when the binding says), declared order. */
function thresholdValues(m: Mounted): SQL {
  const r = m.decl.reminders!;
  return sql.join(
    r.thresholds.map(
      (t, ord) =>
        sql`(${t.key}::text, (${m.binding.reminders?.daysBefore?.[t.key] ?? sql.raw(String(t.daysBefore))})::int, ${ord}::int)`,
    ),
    sql`, `,
  );
}

/**
 * The resource's live records due a reminder on `today`, beyond those seen this turn, with their most urgent
 * threshold.
 */
async function candidates(db: Db, m: Mounted, today: string, seen: readonly string[]): Promise<Candidate[]> {
  const { decl, binding } = m;
  const who = `Resource "${decl.name}"`;
  const table = binding.table;
  const id = requireColumn(table, 'id', who).column;
  const companyId = requireColumn(table, 'company_id', who).column;
  const date = requireColumn(table, decl.reminders!.field, who).column;
  const live = hasTrash(decl) ? sql`${requireColumn(table, 'deleted_at', who).column} is null` : sql`true`;
  const values = thresholdValues(m);
  const left = sql`(${date} - ${today}::date)`;
  return rowsOf<Candidate>(
    await db.execute(sql`
      select ${id} as id, ${companyId} as company_id, co.name as company, ${date}::text as due_on,
        ${left}::int as days_left, due.key as threshold,
        (select coalesce(json_agg(v.key), '[]'::json) from (values ${values}) v(key, days, ord)
          where ${left} <= v.days and v.key <> due.key) as lesser
      from ${table}
      join companies co on co.id = ${companyId} and co.deleted_at is null
      cross join lateral (
        select v.key from (values ${values}) v(key, days, ord) where ${left} <= v.days
        order by v.days, v.ord desc limit 1) due
      where ${live} and ${binding.reminders?.where ?? sql`true`}
        ${seen.length ? sql`and ${id} <> all(${`{${seen.join(',')}}`}::uuid[])` : sql``}
        and not exists (select 1 from reminders done
          where done.resource = ${decl.name} and done.record_id = ${id} and done.threshold = due.key
            and done.due_on = ${date}
            and (done.state in ('sent', 'skipped', 'failed')
              or (done.state = 'sending' and done.claimed_at > now() - make_interval(secs => ${REMINDER_CLAIM_LEASE_MS / 1000}))))
      order by ${date}, ${id}
      limit ${BATCH}`),
  );
}

/**
 * Claims the record's reminder for this instance, in one transaction before any mail goes, the lesser thresholds
 * recorded as skipped: the row's id and who was already told, or null when another instance holds it or it is done.
 */
async function claim(db: Db, resource: string, c: Candidate): Promise<{ id: string; sent_to: string[] } | null> {
  return db.transaction(async (tx) => {
    const key = (threshold: string) =>
      sql`(${resource}, ${c.id}::uuid, ${threshold}, ${c.due_on}::date, ${c.company_id}::uuid`;
    if (c.lesser.length)
      await tx.execute(sql`
        insert into reminders (resource, record_id, threshold, due_on, company_id, state, done_at)
        values ${sql.join(
          c.lesser.map((t) => sql`${key(t)}, 'skipped', now())`),
          sql`, `,
        )}
        on conflict (resource, record_id, threshold, due_on) do update set state = 'skipped', done_at = now()
          where reminders.state = 'pending'`);
    const [row] = rowsOf<{ id: string; sent_to: string[] }>(
      await tx.execute(sql`
        insert into reminders (resource, record_id, threshold, due_on, company_id, state, claimed_at, attempts)
        values ${key(c.threshold)}, 'sending', now(), 1)
        on conflict (resource, record_id, threshold, due_on) do update
          set state = 'sending', claimed_at = now(), attempts = reminders.attempts + 1
          where reminders.state = 'pending' or (reminders.state = 'sending'
            and reminders.claimed_at <= now() - make_interval(secs => ${REMINDER_CLAIM_LEASE_MS / 1000}))
        returning id, sent_to`),
    );
    return row ?? null;
  });
}

/**
 * The company's users (members, not disabled) who may `notify` the resource by the rules the routes apply: the area
 * open to their Olympus role and its permission held (a super admin member holds every permission).
 */
async function recipients(db: Db, m: Mounted, companyId: string): Promise<Recipient[]> {
  const rows = rowsOf<Recipient & { role: string | null; permissions: string[] }>(
    await db.execute(sql`
      select u.id, u.name, u.email, r.name as role,
        coalesce((select json_agg(rp.permission) from role_permissions rp where rp.role_id = r.id), '[]'::json) as permissions
      from user_companies uc
      join users u on u.id = uc.user_id and u.disabled_at is null
      left join user_systems us on us.user_id = u.id
        and us.system_id = (select s.id from systems s where s.name = ${OLYMPUS_SYSTEM})
      left join roles r on r.id = us.role_id and r.deleted_at is null
      where uc.company_id = ${companyId}
      order by u.email`),
  );
  const area = areaByKey(areaKeyOf(m.decl));
  const permission = permissionOf(m.decl, m.decl.reminders?.notify ?? 'update');
  return rows
    .filter(
      (u) =>
        u.role !== null && mayOpenArea(area, u) && (u.role === SUPER_ADMIN || hasPermission(u.permissions, permission)),
    )
    .map(({ id, name, email }) => ({ id, name, email }));
}

/**
 * Sends the due reminders of `today` (a `Y-m-d` day, UTC; tests pass their own) when it is this instance's turn (null
 * when not). `gapMs` 0 skips the turn's gap (a test running turns back to back; the claims still hold).
 */
export async function sendDateReminders(
  db: Db,
  mounted: MountedResources,
  opts: { mailer: Mailer; publicUrl: string; log?: FastifyBaseLogger; today?: string; gapMs?: number },
): Promise<ReminderRun | null> {
  if (!(await claimTurn(db, JOB, opts.gapMs ?? REMINDERS_GAP_MS))) return null;
  const today = opts.today ?? todayUtc();
  const run: ReminderRun = { reminded: {}, mails: 0, failed: 0 };
  for (const m of mounted.list()) {
    if (!m.decl.reminders || !m.find) continue;
    const idCol = requireColumn(m.binding.table, 'id', m.decl.name).column;
    // Rows of records deleted for good go with them (no foreign key: any resource's records).
    await db.execute(sql`delete from reminders where resource = ${m.decl.name}
      and not exists (select 1 from ${m.binding.table} where ${idCol} = reminders.record_id)`);
    const seen: string[] = [];
    const told = new Map<string, Recipient[]>();
    for (;;) {
      const batch = await candidates(db, m, today, seen);
      for (const c of batch) {
        seen.push(c.id);
        const sent = await remindOne(db, m, c, told, opts);
        run.mails += sent.mails;
        run.failed += sent.failed;
        if (sent.done) run.reminded[m.decl.name] = (run.reminded[m.decl.name] ?? 0) + 1;
      }
      if (batch.length < BATCH) break;
    }
  }
  return run;
}

async function remindOne(
  db: Db,
  m: Mounted,
  c: Candidate,
  told: Map<string, Recipient[]>,
  opts: { mailer: Mailer; publicUrl: string; log?: FastifyBaseLogger },
): Promise<{ mails: number; failed: number; done: boolean }> {
  const held = await claim(db, m.decl.name, c);
  if (!held) return { mails: 0, failed: 0, done: false };
  let list = told.get(c.company_id);
  if (!list) told.set(c.company_id, (list = await recipients(db, m, c.company_id)));
  const record = await m.find!(db, c.company_id, c.id);
  const sentTo = new Set(held.sent_to);
  let mails = 0;
  let failed = 0;
  if (record) {
    for (const to of list) {
      if (sentTo.has(to.id)) continue;
      try {
        await opts.mailer.send(
          reminderMail({
            decl: m.decl,
            record,
            to,
            company: c.company,
            dueOn: c.due_on,
            daysLeft: c.days_left,
            publicUrl: opts.publicUrl,
          }),
        );
      } catch (err) {
        failed++;
        opts.log?.error(
          { mail: mailErrorForLog(err), userId: to.id, resource: m.decl.name, recordId: c.id },
          'date reminder mail failed',
        );
        continue;
      }
      mails++;
      sentTo.add(to.id);
      await db.execute(sql`update reminders set sent_to = array_append(sent_to, ${to.id}::uuid) where id = ${held.id}`);
    }
  }
  if (failed || !record) {
    // Released for the next turn (it mails only those not yet told), or given up after its attempts.
    const [row] = rowsOf<{ state: string }>(
      await db.execute(sql`update reminders
        set state = case when attempts >= ${REMINDER_ATTEMPTS_MAX} then 'failed' else 'pending' end,
          claimed_at = null, done_at = case when attempts >= ${REMINDER_ATTEMPTS_MAX} then now() end
        where id = ${held.id} returning state`),
    );
    if (row?.state === 'failed')
      opts.log?.error({ resource: m.decl.name, recordId: c.id, threshold: c.threshold }, 'date reminder given up');
    return { mails, failed, done: false };
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update reminders set state = 'sent', done_at = now(), claimed_at = null where id = ${held.id}`,
    );
    // What went, never the mail itself.
    await audit(tx as unknown as Db, {
      action: `${m.decl.noun.one}.reminded`,
      owner: { company: c.company_id },
      actorId: null,
      entity: m.decl.noun.one,
      entityId: c.id,
      detail: {
        actor: 'system',
        threshold: c.threshold,
        field: m.decl.reminders!.field,
        due_on: c.due_on,
        days_left: c.days_left,
        recipients: sentTo.size,
        ...(c.lesser.length ? { skipped: c.lesser } : {}),
      },
    });
  });
  return { mails, failed, done: true };
}

/**
 * Sends the due reminders when the server is ready and every REMINDERS_EVERY_MS after, until it closes. Unlike the
 * other timers (../maintenance.ts) the start's turn is not awaited — its mails would hold up the start — and a close
 * waits for a turn under way, so nothing is left half claimed.
 */
export function scheduleDateReminders(app: FastifyInstance, mounted: MountedResources): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const turn = async () => {
    try {
      const done = await sendDateReminders(app.db, mounted, {
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        log: app.log,
      });
      if (done && (done.mails || done.failed)) app.log.info(done, 'date reminders sent');
    } catch (err) {
      logJobFailure({ log: app.log, outage: app.database.outage }, 'date reminders', err);
    } finally {
      running = null;
    }
  };
  const once = () => {
    running ??= turn();
  };
  app.addHook('onReady', async () => {
    once();
    timer = setInterval(once, REMINDERS_EVERY_MS);
    // The job must never keep the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
