import { Box } from "@chakra-ui/react/box";
import { Flex } from "@chakra-ui/react/flex";
import { Stack } from "@chakra-ui/react/stack";
import { blankToNull, DISPLAY_NAME_MAX, initialsOf, staffColors, type User } from "@crawlguard/validators";
import { useId, useState } from "react";
import { FormField } from "../../components/form-field";
import { Input } from "../../components/form-controls";
import { toastErrorText } from "../../lib/http-error";
import { showToast } from "../../lib/toaster";
import { trpc } from "../../lib/trpc";
import { FormDialog, useChangedSinceOpen } from "../dashboard/form-dialog";
import { StaffBadge } from "./staff-badge";

const COLOR_NAMES: Record<(typeof staffColors)[number], string> = {
  "#1d4ed8": "Blue",
  "#047857": "Green",
  "#b45309": "Amber",
  "#7c3aed": "Violet",
  "#be123c": "Rose",
  "#0e7490": "Teal",
  "#4d7c0f": "Olive",
  "#a21caf": "Magenta",
};

type ProfileDialogProps = {
  /** The account edited: the signed-in user's own, or (admins) anyone's. */
  user: Pick<User, "id" | "username" | "displayName" | "color">;
  own: boolean;
  open: boolean;
  onClose: () => void;
};

/**
 * Display name and calendar colour: how a person shows in "Assigned to" and on the
 * calendar's Everyone view. Blank display name: the username is shown.
 */
export function ProfileDialog({ user, own, open, onClose }: ProfileDialogProps) {
  const [displayName, setDisplayName] = useState(user.displayName && user.displayName !== user.username ? user.displayName : "");
  const [color, setColor] = useState(user.color ?? staffColors[0]);
  const utils = trpc.useUtils();
  const update = trpc.users.updateProfile.useMutation();
  const dirty = useChangedSinceOpen([displayName, color]);
  const groupId = useId();
  const tooLong = displayName.trim().length > DISPLAY_NAME_MAX ? `Display name must be at most ${DISPLAY_NAME_MAX} characters` : undefined;
  const shown = displayName.trim() || user.username;
  const colors: string[] = staffColors.includes(color as (typeof staffColors)[number]) ? [...staffColors] : [...staffColors, color];

  const submit = async () => {
    if (tooLong) return;
    try {
      await update.mutateAsync({ id: user.id, displayName: blankToNull(displayName), color });
      await Promise.all([utils.users.staff.invalidate(), utils.users.list.invalidate(), utils.auth.me.invalidate()]);
      showToast({ title: "Profile saved", description: `${shown} now shows in this colour on the calendar.`, type: "success" });
      onClose();
    } catch (error) {
      showToast({ title: "Failed to save profile", description: toastErrorText(error), type: "error" });
    }
  };

  return (
    <FormDialog
      dirty={dirty}
      open={open}
      onClose={onClose}
      title={own ? "Your name and colour" : `Name and colour of ${user.username}`}
      description="How this person shows in “Assigned to” and on the calendar's Everyone view."
      onSubmit={() => void submit()}
      submitLabel="Save"
      pendingLabel="Saving..."
      pending={update.isPending}
      size="md"
    >
      <Stack gap="4">
        <FormField label="Display name" error={tooLong} helper={`Leave blank to show the username (${user.username}).`}>
          <Input name="displayName" autoComplete="off" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </FormField>
        <Box as="fieldset" minW="0">
          <Box as="legend" id={groupId} fontWeight="medium" textStyle="sm" mb="2">
            Calendar colour
          </Box>
          <Flex gap="2" wrap="wrap" role="radiogroup" aria-labelledby={groupId}>
            {colors.map((value) => (
              <Box
                as="label"
                key={value}
                display="inline-flex"
                alignItems="center"
                gap="2"
                px="2"
                py="1"
                borderWidth="2px"
                rounded="l2"
                cursor="pointer"
                borderColor={value === color ? "fg" : "border"}
                _focusWithin={{ outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "2px" }}
              >
                <input
                  type="radio"
                  name="color"
                  value={value}
                  checked={value === color}
                  onChange={() => setColor(value)}
                  style={{ position: "absolute", opacity: 0, width: 1, height: 1 }}
                />
                <StaffBadge member={{ color: value, initials: initialsOf(shown) }} size="1.5rem" />
                <span>{COLOR_NAMES[value as (typeof staffColors)[number]] ?? value}</span>
              </Box>
            ))}
          </Flex>
        </Box>
      </Stack>
    </FormDialog>
  );
}
