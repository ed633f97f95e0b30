import { Box } from "@chakra-ui/react/box";
import type { StaffMember } from "@crawlguard/validators";

/**
 * A person's colour with their initials (the calendar's Everyone view and its legend). The colours
 * of the palette all keep white initials at 4.5:1 or more; a colour someone typed picks black or
 * white, whichever reads better.
 */
export function StaffBadge({ member, size = "1.25rem" }: { member: Pick<StaffMember, "color" | "initials">; size?: string }) {
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      flexShrink={0}
      w={size}
      h={size}
      rounded="full"
      fontSize="0.625rem"
      fontWeight="bold"
      lineHeight="1"
      style={{ background: member.color, color: initialsColor(member.color) }}
      className="staff-badge"
    >
      {member.initials}
    </Box>
  );
}

/** Black or white, whichever contrasts more with `hex` (WCAG relative luminance). */
export function initialsColor(hex: string): "#ffffff" | "#000000" {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? "#ffffff" : "#000000";
}
