import type { Conflict } from "@crawlguard/validators";
import { useCallback, useState } from "react";
import { floatingToWallTime } from "../../lib/business-time";
import { serverConflicts } from "../../lib/server-issues";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { useBusinessTimeZone } from "../../lib/use-business-time-zone";
import { durationOf } from "../appointments/booking-form";
import { useAppointmentSaved } from "../appointments/use-appointment-cache";
import { clientWasTold, type LeadDelivery, movedToast } from "./move-outcome";
import type { AppointmentEvent, CalendarEvent } from "./calendar-event-model";
import { crewDrop } from "./crew-model";

export type MoveState = {
  event: AppointmentEvent;
  start: Date;
  end: Date;
  conflicts: readonly Conflict[] | null;
  /** Who goes: the appointment's assignee unless changed in the conflict dialog. */
  assignedTo?: string | undefined;
};

type RangeInput = { start: string; end: string; scope: "mine" | "all" };

/**
 * Dragging an appointment in the week or day grid (in the Crew view also to another person's
 * column): the move is booked at once under the booking rule; a clash keeps it drawn at its new
 * place while the conflict dialog asks (Book anyway, pick another person, or put it back). The
 * range answer shown is updated in place so the calendar does not jump back while the refetch runs.
 */
export function useAppointmentMove({ rangeInput, now, userId }: { rangeInput: RangeInput | null; now: Date; userId: string }) {
  const zone = useBusinessTimeZone();
  const [move, setMove] = useState<MoveState | null>(null);
  const utils = trpc.useUtils();
  const book = trpc.appointments.book.useMutation();
  const saved = useAppointmentSaved();

  // The lead's mails as the server has them now (not a cached list): a client confirmation that
  // appears with the move is the client being told of it.
  const deliveries = (leadId: string): Promise<readonly LeadDelivery[]> =>
    utils.notifications.deliveries.fetch({ leadId }, { staleTime: 0 }).catch(() => []);

  const reschedule = async (target: MoveState, confirm: boolean) => {
    const wall = floatingToWallTime(target.start);
    const before = await deliveries(target.event.id);
    try {
      const result = await book.mutateAsync({
        leadId: target.event.id,
        appointmentDate: wall.date,
        appointmentTime: wall.time,
        durationMinutes: durationOf(String(target.event.appointment.durationMinutes)),
        confirm,
        ...((target.assignedTo ?? target.event.appointment.assignedTo)
          ? { assignedTo: target.assignedTo ?? target.event.appointment.assignedTo! }
          : {}),
      });
      const lead = result.lead;
      if (rangeInput) {
        utils.appointments.range.setData(rangeInput, (data) =>
          data
            ? {
                ...data,
                appointments: data.appointments.map((a) =>
                  a.id === lead.id
                    ? {
                        ...a,
                        start: lead.scheduledDate ?? a.start,
                        end: new Date(
                          Date.parse(lead.scheduledDate ?? a.start) + (lead.durationMinutes ?? a.durationMinutes) * 60_000,
                        ).toISOString(),
                        status: lead.status,
                        assignedTo: lead.assignedTo ?? a.assignedTo ?? null,
                        assigneeName: lead.assigneeName ?? a.assigneeName,
                        mine: lead.assignedTo ? lead.assignedTo === userId : a.mine,
                      }
                    : a,
                ),
              }
            : data,
        );
      }
      saved(lead);
      setMove(null);
      const told = clientWasTold(before, await deliveries(lead.id));
      const { title, at } = movedToast({ start: lead.scheduledDate, zone, told });
      showToast({
        title,
        description: at ? (
          <>
            <bdi>{lead.name}</bdi> is now on {at}.
          </>
        ) : undefined,
        type: "success",
      });
    } catch (error) {
      // Not moved: a 409 says what the new time clashes with (Book anyway or keep the old time).
      const clashes = serverConflicts(error);
      if (clashes) {
        setMove({ ...target, conflicts: clashes });
        return;
      }
      setMove(null);
      showToast({ title: "Booking Failed", description: "Failed to book the appointment. Please try again.", type: "error" });
    }
  };

  const drop = useCallback(
    (event: CalendarEvent, start: Date, column?: string) => {
      if (event.kind !== "appointment") return;
      if (start.getTime() < now.getTime()) {
        showToast({ title: "That time has passed", description: "Appointments can only be moved to a time still to come.", type: "info" });
        return;
      }
      // In the Crew view another person's column hands the appointment to them.
      let assignedTo: string | undefined;
      if (column !== undefined) {
        const asked = crewDrop(event, start, column);
        if (asked.kind === "none") return;
        if (asked.kind === "needs-person") {
          showToast({
            title: "Choose a person",
            description: "An appointment is booked for someone: drop it in a person's column.",
            type: "info",
          });
          return;
        }
        assignedTo = asked.assignedTo;
      } else if (start.getTime() === event.start.getTime()) return;
      const target: MoveState = {
        event,
        start,
        end: new Date(start.getTime() + (event.end.getTime() - event.start.getTime())),
        conflicts: null,
        assignedTo,
      };
      setMove(target);
      void reschedule(target, false);
    },
    // `reschedule` reads the latest range key; the callback is rebuilt when it changes.
    [now, zone, rangeInput?.start, rangeInput?.end, rangeInput?.scope],
  );

  return {
    move,
    pending: book.isPending,
    drop,
    /** Book the clashing move anyway. */
    bookAnyway: () => move && void reschedule(move, true),
    /** Leave the appointment where it was. */
    cancel: () => setMove(null),
    /** Try the move again for another person. */
    assign: (assignedTo: string) => {
      if (!move) return;
      setMove({ ...move, assignedTo });
      void reschedule({ ...move, assignedTo }, false);
    },
  };
}
