import {
  blankToNull,
  lastRecurrenceDate,
  MAX_TIME_BLOCKS_PER_USER,
  TIME_BLOCK_LIMIT_MESSAGE,
  timeBlockColors,
  timeBlockIssues,
  type RecurringPattern,
  type TimeBlock,
  type TimeBlockType,
  type timeBlockCreateSchema,
  type timeBlockUpdateSchema,
} from "@crawlguard/validators";
import type { z } from "zod";
import { transaction, type Sql } from "@crawlguard/db";
import { DomainError } from "../errors.js";
import { formatDate, wallParts } from "../scheduling/index.js";
import type { Queryable } from "../queryable.js";
import { badInput, notFound, TIME_BLOCK_NOT_FOUND } from "../scheduling/errors.js";
import { checkBlockOverAppointments, type BlockTiming } from "./block-conflicts.js";

type TimeBlockCreate = z.output<typeof timeBlockCreateSchema>;
type TimeBlockUpdate = z.output<typeof timeBlockUpdateSchema>;

export interface TimeBlockRow {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  startDateTime: Date;
  endDateTime: Date;
  blockType: TimeBlockType;
  isRecurring: boolean;
  recurringPattern: RecurringPattern | null;
  recurrenceEndDate: string | null;
  color: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored fields of a block, as this service writes them. */
interface BlockFields {
  title: string;
  description: string | null;
  startDateTime: string;
  endDateTime: string;
  blockType: TimeBlockType;
  isRecurring: boolean;
  recurringPattern: RecurringPattern | null;
  recurrenceEndDate: string | null;
  color: string;
}

function columns(sql: Queryable) {
  return sql`
    id, user_id, title, description, start_date_time, end_date_time, block_type, is_recurring,
    recurring_pattern, recurrence_end_date::text AS recurrence_end_date, color, created_at, updated_at`;
}

function toTimeBlock(row: TimeBlockRow): TimeBlock {
  return {
    ...row,
    startDateTime: row.startDateTime.toISOString(),
    endDateTime: row.endDateTime.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Checks the rules between fields and settles what the block stores: a one-off block keeps no
 * pattern or recurrence end, a recurring one without an end repeats for two years (the longest it
 * may), colours are stored in lower case, instants as given.
 */
function settle(fields: BlockFields, zone: string): BlockFields {
  const startDate = formatDate(wallParts(new Date(fields.startDateTime), zone).date);
  const issues = timeBlockIssues({ ...fields, startDate });
  if (issues.length) throw badInput(issues);
  return {
    ...fields,
    recurringPattern: fields.isRecurring ? fields.recurringPattern : null,
    recurrenceEndDate: fields.isRecurring ? (fields.recurrenceEndDate ?? lastRecurrenceDate(startDate)) : null,
    color: fields.color.toLowerCase(),
  };
}

/** The current user's blocks, by start. */
export async function listTimeBlocks(sql: Queryable, userId: string): Promise<TimeBlock[]> {
  const rows = await sql<TimeBlockRow[]>`
    SELECT ${columns(sql)} FROM time_blocks WHERE user_id = ${userId} ORDER BY start_date_time, id`;
  return rows.map(toTimeBlock);
}

/** One of the current user's blocks; another user's is "not found", as if it did not exist. */
export async function getTimeBlock(sql: Queryable, userId: string, id: string): Promise<TimeBlock> {
  const [row] = await sql<TimeBlockRow[]>`SELECT ${columns(sql)} FROM time_blocks WHERE id = ${id} AND user_id = ${userId}`;
  if (!row) throw notFound(TIME_BLOCK_NOT_FOUND);
  return toTimeBlock(row);
}

/**
 * Adds a block for the user, unless they already have MAX_TIME_BLOCKS_PER_USER (the count and the
 * insert are one step per user: an advisory lock, so a burst cannot pass the cap). A block over the
 * user's appointments is a 409 listing them unless `confirm` (block-conflicts.ts).
 */
export async function createTimeBlock(sql: Sql, userId: string, input: TimeBlockCreate, zone: string): Promise<TimeBlock> {
  const block = settle(
    {
      title: input.title,
      description: blankToNull(input.description),
      startDateTime: input.startDateTime,
      endDateTime: input.endDateTime,
      blockType: input.blockType,
      isRecurring: input.isRecurring,
      recurringPattern: input.recurringPattern ?? null,
      recurrenceEndDate: input.recurrenceEndDate ?? null,
      color: input.color || timeBlockColors[input.blockType],
    },
    zone,
  );
  return transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(hashtext(${`time-blocks:${userId}`}))`;
    const [{ count } = { count: 0 }] = await tx<
      { count: number }[]
    >`SELECT count(*)::int AS count FROM time_blocks WHERE user_id = ${userId}`;
    if (count >= MAX_TIME_BLOCKS_PER_USER) throw new DomainError("bad-input", TIME_BLOCK_LIMIT_MESSAGE);
    await checkBlockOverAppointments(tx, { userId, block, zone, confirm: input.confirm });
    const [row] = await tx<TimeBlockRow[]>`
      INSERT INTO time_blocks (user_id, title, description, start_date_time, end_date_time, block_type, is_recurring,
                               recurring_pattern, recurrence_end_date, color)
      VALUES (${userId}, ${block.title}, ${block.description}, ${new Date(block.startDateTime)}, ${new Date(block.endDateTime)}, ${block.blockType},
              ${block.isRecurring}, ${block.recurringPattern}, ${block.recurrenceEndDate}, ${block.color})
      RETURNING ${columns(tx)}`;
    return toTimeBlock(row!);
  });
}

/**
 * Changes the given fields of one of the user's blocks; the merged block must still be valid
 * (end after start, a pattern when recurring). A colour that was its type's default follows a
 * change of type; `color: null` goes back to the type's default. A change of when the block is that
 * makes it cover the user's appointments is a 409 listing them unless `confirm` (block-conflicts.ts).
 */
export async function updateTimeBlock(sql: Sql, userId: string, id: string, patch: TimeBlockUpdate, zone: string): Promise<TimeBlock> {
  return transaction(sql, async (tx) => {
    const [before] = await tx<TimeBlockRow[]>`SELECT ${columns(tx)} FROM time_blocks WHERE id = ${id} AND user_id = ${userId} FOR UPDATE`;
    if (!before) throw notFound(TIME_BLOCK_NOT_FOUND);
    const blockType = patch.blockType ?? before.blockType;
    const keptDefault = before.color.toLowerCase() === timeBlockColors[before.blockType];
    const color = patch.color ? patch.color : patch.color === null || keptDefault ? timeBlockColors[blockType] : before.color;
    const block = settle(
      {
        title: patch.title ?? before.title,
        description: patch.description === undefined ? before.description : blankToNull(patch.description),
        startDateTime: patch.startDateTime ?? before.startDateTime.toISOString(),
        endDateTime: patch.endDateTime ?? before.endDateTime.toISOString(),
        blockType,
        isRecurring: patch.isRecurring ?? before.isRecurring,
        recurringPattern: patch.recurringPattern === undefined ? before.recurringPattern : patch.recurringPattern,
        recurrenceEndDate: patch.recurrenceEndDate === undefined ? before.recurrenceEndDate : patch.recurrenceEndDate,
        color,
      },
      zone,
    );
    if (timingChanged(before, block)) await checkBlockOverAppointments(tx, { userId, block, zone, confirm: patch.confirm });
    const [row] = await tx<TimeBlockRow[]>`
      UPDATE time_blocks SET
        title = ${block.title}, description = ${block.description}, start_date_time = ${new Date(block.startDateTime)},
        end_date_time = ${new Date(block.endDateTime)}, block_type = ${block.blockType}, is_recurring = ${block.isRecurring},
        recurring_pattern = ${block.recurringPattern}, recurrence_end_date = ${block.recurrenceEndDate},
        color = ${block.color}, updated_at = now()
      WHERE id = ${id}
      RETURNING ${columns(tx)}`;
    return toTimeBlock(row!);
  });
}

/** Whether a block's times or recurrence change (a new title or colour covers nothing new). */
function timingChanged(before: TimeBlockRow, after: BlockTiming): boolean {
  return (
    before.startDateTime.getTime() !== Date.parse(after.startDateTime) ||
    before.endDateTime.getTime() !== Date.parse(after.endDateTime) ||
    before.isRecurring !== after.isRecurring ||
    before.recurringPattern !== after.recurringPattern ||
    before.recurrenceEndDate !== after.recurrenceEndDate
  );
}

export async function deleteTimeBlock(sql: Queryable, userId: string, id: string): Promise<void> {
  const deleted = await sql`DELETE FROM time_blocks WHERE id = ${id} AND user_id = ${userId} RETURNING id`;
  if (deleted.length === 0) throw notFound(TIME_BLOCK_NOT_FOUND);
}
