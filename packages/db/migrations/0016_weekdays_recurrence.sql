-- Time blocks may repeat on weekdays (Monday to Friday, on the business zone's calendar).
ALTER TABLE time_blocks DROP CONSTRAINT IF EXISTS time_blocks_recurring_pattern_check;
ALTER TABLE time_blocks ADD CONSTRAINT time_blocks_recurring_pattern_check
  CHECK (recurring_pattern IN ('daily', 'weekdays', 'weekly', 'monthly'));
