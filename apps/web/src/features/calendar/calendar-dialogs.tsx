import type { Lead, StaffMember, TimeBlock } from "@crawlguard/validators";
import type { BookingPrefill } from "../appointments/book-appointment-dialog";
import { format } from "date-fns";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { BlockDetailsDialog } from "./block-details-dialog";
import type { BlockEvent } from "./calendar-event-model";
import { MoveConflictDialog } from "./move-conflict-dialog";
import type { useAppointmentMove } from "./use-appointment-move";

const BookAppointmentDialog = lazy(() => import("../appointments/book-appointment-dialog"));
const ScheduleAppointmentModal = lazy(() => import("../appointments/schedule-appointment-modal"));
const TimeBlockDialog = lazy(() => import("../availability/time-block-dialog"));

type BookingState = { open: boolean; key: number; lead?: Lead | undefined; prefill?: BookingPrefill | undefined };
type BlockState = { open: boolean; key: number; block?: TimeBlock | undefined };

/**
 * Which of the Calendar tab's dialogs is open: booking (a lead, or a free slot's date and time),
 * Schedule Appointment, a time block of one's own, or another person's block (read only). Each
 * opening mounts its dialog afresh (the key).
 */
export function useCalendarDialogs() {
  const [booking, setBooking] = useState<BookingState>({ open: false, key: 0 });
  const [scheduling, setScheduling] = useState({ open: false, key: 0 });
  const [blockDialog, setBlockDialog] = useState<BlockState>({ open: false, key: 0 });
  const [otherBlock, setOtherBlock] = useState<BlockEvent | null>(null);

  const openBooking = useCallback((lead?: Lead, prefill?: BookingPrefill) => {
    setBooking((b) => ({ open: true, key: b.key + 1, lead, prefill }));
  }, []);
  const openScheduling = useCallback(() => setScheduling((s) => ({ open: true, key: s.key + 1 })), []);
  const openBlock = useCallback((block: TimeBlock) => setBlockDialog((d) => ({ open: true, key: d.key + 1, block })), []);

  return useMemo(
    () => ({
      booking,
      scheduling,
      blockDialog,
      otherBlock,
      openBooking,
      openScheduling,
      openBlock,
      showOtherBlock: setOtherBlock,
      closeBooking: () => setBooking((b) => ({ ...b, open: false })),
      closeScheduling: () => setScheduling((s) => ({ ...s, open: false })),
      closeBlock: () => setBlockDialog((d) => ({ ...d, open: false })),
    }),
    [booking, scheduling, blockDialog, otherBlock, openBooking, openScheduling, openBlock],
  );
}

type CalendarDialogsProps = {
  dialogs: ReturnType<typeof useCalendarDialogs>;
  move: ReturnType<typeof useAppointmentMove>;
  googleConnected: boolean;
  meId: string;
  /** The staff by id, to name another person's block. */
  staffById: ReadonlyMap<string, StaffMember>;
};

/** The Calendar tab's dialogs: booking, scheduling, time block, a dragged move's clash, another person's block. */
export function CalendarDialogs({ dialogs, move, googleConnected, meId, staffById }: CalendarDialogsProps) {
  const { booking, scheduling, blockDialog, otherBlock } = dialogs;
  const moving = move.move;
  return (
    <>
      <Suspense fallback={null}>
        {booking.key > 0 ? (
          <BookAppointmentDialog
            key={booking.key}
            open={booking.open}
            lead={booking.lead}
            prefill={booking.prefill}
            onClose={dialogs.closeBooking}
          />
        ) : null}
        {scheduling.key > 0 ? (
          <ScheduleAppointmentModal
            key={scheduling.key}
            open={scheduling.open}
            googleCalendarConnected={googleConnected}
            onClose={dialogs.closeScheduling}
          />
        ) : null}
        {blockDialog.key > 0 ? (
          <TimeBlockDialog key={blockDialog.key} open={blockDialog.open} block={blockDialog.block} onClose={dialogs.closeBlock} />
        ) : null}
      </Suspense>
      <MoveConflictDialog
        open={moving?.conflicts != null}
        what={moving ? `${moving.event.appointment.name} to ${format(moving.start, "EEE, MMM d 'at' h:mm a")}` : ""}
        conflicts={moving?.conflicts ?? []}
        pending={move.pending}
        onBookAnyway={move.bookAnyway}
        onCancel={move.cancel}
        assignedTo={moving ? (moving.assignedTo ?? moving.event.appointment.assignedTo ?? "") : ""}
        meId={meId}
        onAssign={move.assign}
      />
      <BlockDetailsDialog
        event={otherBlock}
        ownerName={
          otherBlock
            ? ((otherBlock.block.ownerId ? staffById.get(otherBlock.block.ownerId)?.displayName : undefined) ?? otherBlock.block.ownerName)
            : ""
        }
        onClose={() => dialogs.showOtherBlock(null)}
      />
    </>
  );
}
